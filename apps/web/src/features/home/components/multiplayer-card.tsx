/**
 * The multiplayer card (spec §2 "Home dashboard", §4 "Multiplayer", §5, §8): choose 1, 2, 3 or 5
 * minutes (default 1) and 'Create Room', or type a code and 'Join Room'. A server error comes back
 * in the acknowledgement and is shown in an alert; the room is not entered, and focus returns to
 * the room code (selected) or to 'Create Room'. Success goes to
 * /waiting with roomCode, players, the user's name and isHost.
 */
import { DUEL, type DuelMode } from '@mathsprint/shared/constants';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DurationPicker } from '../../../components/ui/duration-picker';
import { Field } from '../../../components/ui/field';
import { IconSwords } from '../../../components/ui/icons';
import { createRoom, joinRoom, normalizeRoomCode, ROOM_CODE_REQUIRED, type RoomResult } from '../lib/rooms';

export interface MultiplayerCardProps {
  /** The signed-in user's name, carried to /waiting. */
  playerName: string;
}

export function MultiplayerCard({ playerName }: MultiplayerCardProps) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<DuelMode>(DUEL.defaultMode as DuelMode);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'create' | 'join' | null>(null);
  // After a refused create or join, focus goes back to where the player acted: the button they
  // pressed was disabled while it worked, which had dropped focus to the page.
  const [refocus, setRefocus] = useState<'create' | 'join' | null>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (busy !== null || refocus === null) return;
    setRefocus(null);
    if (refocus === 'create') {
      createRef.current?.focus();
      return;
    }
    // The code is selected, ready to be typed over.
    codeRef.current?.focus();
    codeRef.current?.select();
  }, [busy, refocus]);

  function enter(result: RoomResult, isHost: boolean) {
    if (!result.ok) {
      window.alert(result.error);
      setRefocus(isHost ? 'create' : 'join');
      return;
    }
    navigate('/waiting', {
      state: { roomCode: result.roomCode, players: result.players, name: playerName, isHost, mode: result.mode ?? mode },
    });
  }

  async function onCreate() {
    setBusy('create');
    try {
      enter(await createRoom(mode), true);
    } finally {
      setBusy(null);
    }
  }

  async function onJoin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const roomCode = normalizeRoomCode(code);
    if (!roomCode) {
      window.alert(ROOM_CODE_REQUIRED);
      setRefocus('join');
      return;
    }
    setBusy('join');
    try {
      enter(await joinRoom(roomCode), false);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card
      title="Math Challenge"
      subtitle="Real-time 1v1: same questions, live scores"
      icon={<IconSwords />}
      className="play-card"
    >
      <div className="play-card-body">
        <div className="stack-sm">
          <DurationPicker legend="Duration" options={DUEL.modes} value={mode} onChange={setMode} disabled={busy !== null} />
          <Button ref={createRef} size="lg" block loading={busy === 'create'} disabled={busy === 'join'} onClick={onCreate}>
            Create Room
          </Button>
        </div>
        <div className="divider">or join a friend</div>
        <form className="join-row" onSubmit={onJoin} noValidate aria-label="Join a room by code">
          <Field
            label="Room code"
            name="roomCode"
            ref={codeRef}
            placeholder="e.g. K7M2QX"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={16}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" variant="secondary" loading={busy === 'join'} disabled={busy === 'create'} style={{ minHeight: 46 }}>
            Join Room
          </Button>
        </form>
      </div>
    </Card>
  );
}
