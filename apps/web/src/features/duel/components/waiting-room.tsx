/**
 * The multiplayer lobby /waiting (spec §2 "Waiting room", §4 "Multiplayer": Waiting).
 *
 * In: navigation state {roomCode, players, name, isHost} from the home screen; the screen rejoins
 * the room at mount all the same, so an event sent before it listened is not lost. Without it (a
 * refresh, a bookmark) the room code comes from the saved game state;
 * without either (another device, or a tab opened before the browser had the saved state) it asks
 * the server for the room the player sits in (GET /api/rooms/current) and rejoins that, or goes
 * home when there is none. Listens to roomUpdate (the bare players list) and gameStarted
 * {questions, mode}; on the start it saves the game state, runs the 3-2-1-'Go!' countdown and goes
 * to /game with {roomCode, players, questions, mode}. While the connection is down the screen says
 * "Connection lost. Reconnecting…" instead of the room's status and Start Game is disabled.
 */
import { DUEL } from '@mathsprint/shared/constants';
import { DUEL_ERRORS, errorAckSchema, type DuelPlayer } from '@mathsprint/shared/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Card, LoadingScreen, Page, PlayerName, cx, initials } from '../../../components/ui';
import { getSocket } from '../../../lib/socket';
import { parseAck } from '../../../lib/socket-ack';
import { useStoredUser } from '../../../lib/use-stored-user';
import { copyText } from '../lib/clipboard';
import { clearGameState, loadGameState, parseNavState, saveGameState, waitingNavSchema, type GameNavState } from '../lib/game-state';
import { gameToasts } from '../lib/game-toasts';
import { hostMayHaveChanged, isCurrentPlayer } from '../lib/players';
import { useConnectionLost } from '../hooks/use-connection-lost';
import { useRoomFromServer } from '../hooks/use-room-from-server';
import { useRoomRejoin, type RejoinReply } from '../hooks/use-room-rejoin';
import { useSocketEvent } from '../hooks/use-socket-event';
import { ReconnectingNotice } from './reconnecting-notice';
import { StartCountdown } from './start-countdown';
import './duel.css';

interface Room {
  roomCode: string;
  players: DuelPlayer[];
  isHost: boolean;
  mode: number | undefined;
}

export function WaitingRoom() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useStoredUser();
  const [nav] = useState(() => parseNavState(waitingNavSchema, location.state));
  const [roomCode, setRoomCode] = useState<string | null>(() => nav?.roomCode ?? loadGameState()?.roomCode ?? null);
  const [room, setRoom] = useState<Room | null>(() =>
    nav ? { roomCode: nav.roomCode, players: nav.players, isHost: nav.isHost, mode: nav.mode } : null,
  );
  const [starting, setStarting] = useState(false);
  /** The start countdown runs: the game to go to after it, and how long it runs (ms). */
  const [countdown, setCountdown] = useState<{ state: GameNavState; ms?: number } | null>(null);
  const connectionLost = useConnectionLost();
  const [copied, setCopied] = useState(false);

  useRoomFromServer(roomCode !== null, (current) => setRoomCode(current.roomCode));

  // Saved as soon as the room is known, so that a refresh of this screen can rejoin it. Once the
  // game has started, gameStarted has saved the full state (with questions) and this must not undo it.
  useEffect(() => {
    if (room && !countdown) saveGameState({ roomCode: room.roomCode, players: room.players, questions: [], mode: room.mode ?? DUEL.defaultMode });
  }, [room, countdown]);

  const onRejoin = useCallback(
    (ack: RejoinReply) => {
      if ('timedOut' in ack) return; // the next reconnect tries again
      if ('error' in ack) {
        window.alert(ack.error);
        clearGameState();
        navigate('/', { replace: true });
        return;
      }
      const code = ack.roomCode;
      const players = ack.players;
      if (ack.status === 'playing') {
        // The game started while this screen was away: show the rest of its countdown, if it still
        // runs (a reload or a blip during it), else go straight to it.
        const state: GameNavState = { roomCode: code, players, questions: ack.questions, mode: ack.mode, isHost: ack.isHost };
        saveGameState(state);
        if (ack.startsInMs) setCountdown({ state, ms: ack.startsInMs });
        else navigate('/game', { replace: true, state });
        return;
      }
      if (ack.status === 'finished') {
        navigate('/results', {
          replace: true,
          state: { players, score: ack.playerState.score, roomCode: code, isHost: ack.isHost },
        });
        return;
      }
      setRoom({ roomCode: code, players, isHost: ack.isHost, mode: ack.mode });
    },
    [navigate, roomCode],
  );
  // Rejoined at mount even when the dashboard brought the room: its acknowledgement is the room as
  // of now, so an event that came between the dashboard's acknowledgement and this screen's
  // listeners (the opponent dropping just then) is not lost.
  const rejoin = useRoomRejoin({ roomCode, name: user?.name, rejoinAtMount: true, onAck: onRejoin });

  useSocketEvent('roomUpdate', (players) => {
    // The host left: the server made this player the host, which only rejoinRoom's ack says.
    if (room && hostMayHaveChanged(room.players.length, players.length, room.isHost)) rejoin();
    setRoom((r) => (r ? { ...r, players } : r));
  });

  useSocketEvent('gameStarted', ({ questions, mode }) => {
    if (!room) return;
    const state: GameNavState = { roomCode: room.roomCode, players: room.players, questions, mode, isHost: room.isHost };
    saveGameState(state);
    setCountdown({ state });
  });

  const onCountdownDone = useCallback(() => {
    if (!countdown) return;
    // The players as of now: a roomUpdate during the countdown (the opponent dropped) is kept.
    const state: GameNavState = room ? { ...countdown.state, players: room.players } : countdown.state;
    saveGameState(state);
    navigate('/game', { replace: true, state });
  }, [countdown, room, navigate]);

  const startGame = () => {
    if (!getSocket().connected) return gameToasts.reconnecting();
    setStarting(true);
    getSocket().emit('startGame', (raw) => {
      setStarting(false);
      const ack = parseAck(errorAckSchema, raw, 'startGame');
      if ('error' in ack) window.alert(ack.error);
    });
  };

  const copyCode = async () => {
    if (!room) return;
    if (await copyText(room.roomCode)) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    }
  };

  const leave = () => {
    getSocket().emit('leaveRoom');
    clearGameState();
    navigate('/');
  };

  if (!room) {
    return (
      <Page showLogout>
        <LoadingScreen title="Joining room…" subtitle={roomCode ? `Room ${roomCode}` : undefined} />
      </Page>
    );
  }

  const count = room.players.length;
  const full = count >= DUEL.maxPlayers;
  // Spec §5: start only with exactly 2 players; both must also be connected, or the server
  // refuses ('Waiting for your opponent to reconnect').
  const canStart = count === DUEL.maxPlayers && room.players.every((p) => p.connected !== false);
  const me = user ? { _id: user._id, name: user.name } : null;
  const slots = Array.from({ length: DUEL.maxPlayers }, (_, i) => room.players[i] ?? null);

  return (
    <Page showLogout width="narrow" className="duel-page">
      <div className="stack-lg">
        <header className="duel-lobby-hero above-symbols">
          <p className="eyebrow duel-eyebrow">Math Challenge{room.mode ? ` · ${room.mode} min` : ''}</p>
          <h1>Waiting room</h1>
          <p className="text-muted">Share the room code with a friend. The game starts when the host presses Start.</p>
        </header>

        <Card className="duel-lobby-card">
          <div className="duel-code-block">
            <p className="duel-code-label" id="room-code-label">
              Room code
            </p>
            <div className="duel-code-row">
              <output className="duel-code mono" aria-labelledby="room-code-label">
                {room.roomCode}
              </output>
              {/* Named by its text, not an aria-label: a fixed label ('Copy room code …') left out the
                  'Copied!' it shows after a click (WCAG 2.5.3, label in name). Both labels take the
                  same cell, the one not shown hidden (and so out of the name), so the button is as
                  wide as 'Copied!' from the start: on a phone the wider label used to push it onto
                  a line of its own under the code. */}
              <Button variant="secondary" onClick={copyCode}>
                <span className="duel-copy-labels">
                  <span className={copied ? 'duel-copy-off' : undefined}>
                    Copy<span className="visually-hidden"> room code</span>
                  </span>
                  <span className={copied ? undefined : 'duel-copy-off'}>Copied!</span>
                </span>
              </Button>
            </div>
            <span className="visually-hidden" aria-live="polite">
              {copied ? 'Room code copied' : ''}
            </span>
          </div>

          <div className="duel-lobby-section">
            <div className="row-between">
              <h2 className="h4">Players Joined</h2>
              {/* Announced as it changes: "2/2" alone read as a bare fraction (or a date). */}
              <span className={cx('badge', full ? 'badge-success' : 'badge-primary', 'tabular')} aria-live="polite" aria-atomic="true">
                {count}/{DUEL.maxPlayers}
                <span className="visually-hidden"> players joined</span>
              </span>
            </div>
            <ul className="list-reset duel-slots" role="list">
              {slots.map((player, i) =>
                player ? (
                  <li key={`${player.userId ?? player.name}-${i}`} className="duel-slot">
                    <span className="avatar" aria-hidden="true">
                      {initials(player.name)}
                    </span>
                    <PlayerName name={player.name} you={isCurrentPlayer(player, me)} className="grow duel-name" youClassName="duel-you text-muted" />
                    {player.connected === false ? (
                      <span className="duel-ready duel-ready-off">
                        <span className="duel-dot" aria-hidden="true" /> Offline
                      </span>
                    ) : (
                      <span className="duel-ready">
                        <span className="duel-dot" aria-hidden="true" /> Ready
                      </span>
                    )}
                  </li>
                ) : (
                  i === count && (
                    <li key={`empty-${i}`} className="duel-slot duel-slot-empty">
                      <span className="duel-slot-pulse" aria-hidden="true" />
                      <span className="text-muted">{count === 0 ? 'No players joined yet' : 'Waiting for opponent...'}</span>
                    </li>
                  )
                ),
              )}
            </ul>
          </div>

          {connectionLost ? (
            <ReconnectingNotice />
          ) : (
            <p className={cx('duel-status', canStart && 'duel-status-ready')} role="status">
              {canStart ? 'Ready to start the game!' : full ? `${DUEL_ERRORS.opponentAway}...` : 'Waiting for opponent to join...'}
            </p>
          )}

          <div className="duel-lobby-actions">
            {room.isHost ? (
              <Button size="lg" block variant={canStart ? 'success' : 'primary'} disabled={!canStart || connectionLost} loading={starting} onClick={startGame}>
                {canStart ? 'Start Game' : 'Waiting for opponent...'}
              </Button>
            ) : (
              <p className="text-muted text-center text-small">
                {canStart ? 'Waiting for the host to start the game…' : 'The host starts the game when both players are here.'}
              </p>
            )}
            <Button variant="ghost" block onClick={leave}>
              Leave room
            </Button>
          </div>
        </Card>
      </div>
      {countdown ? <StartCountdown onDone={onCountdownDone} durationMs={countdown.ms} /> : null}
    </Page>
  );
}
