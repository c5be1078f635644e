/**
 * The way back into a Math Challenge room the player left without leaving it (the back button, the
 * logo, a reload on another page, another device): shown at the top of the dashboard while
 * GET /api/rooms/current names a room. A running game shows its room, both scores and its clock
 * (m:ss, counted down here between reads) with 'Return to game'; a waiting room shows what it waits
 * for with 'Back to the room'. Without it, creating or joining another room meets only "Finish your
 * current game first".
 *
 * Either button saves the room as the game state (spec §3) unless it is saved already, and opens
 * /game or /waiting without navigation state, so that the screen restores the room and rejoins it:
 * the rejoin acknowledgement brings the players, the questions, the scores and the clock (and
 * moves the player to the screen the room's status calls for).
 */
import { Fragment, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { formatMmSs } from '../../../components/ui/time';
import { useCurrentRoom } from '../api/get-current-room';
import { noticeText, secondsLeftNow } from '../lib/current-room';
import { loadGameState, saveGameState } from '../lib/game-state';
import './current-room-notice.css';

export function CurrentRoomNotice() {
  const navigate = useNavigate();
  const { room, readAt } = useCurrentRoom();
  const [now, setNow] = useState(() => Date.now());
  const playing = room?.status === 'playing';
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [playing]);

  if (!room) return null;
  const secondsLeft = secondsLeftNow(room, readAt, now);
  if (playing && secondsLeft <= 0) return null;
  const { title, detail, scores } = noticeText(room);

  // Without navigation state, so that the screen rejoins the room at mount: this page's socket may
  // be a new one (a reload, another device), in no room yet.
  function resume() {
    if (!room) return;
    if (loadGameState()?.roomCode !== room.roomCode) {
      saveGameState({ roomCode: room.roomCode, players: room.players, questions: [], mode: room.mode });
    }
    navigate(room.status === 'waiting' ? '/waiting' : '/game');
  }

  return (
    <section className="current-room" aria-label="Your room">
      <div className="current-room-text">
        <strong className="current-room-title">{title}</strong>
        <span className="current-room-detail">{detail}</span>
        {scores.length > 0 && (
          <span className="current-room-detail">
            {scores.map((score, i) => (
              <Fragment key={i}>
                {i > 0 && ' '}
                <span className="current-room-score">
                  {score}
                  {i < scores.length - 1 && ' ·'}
                </span>
              </Fragment>
            ))}
          </span>
        )}
      </div>
      {playing && (
        <span className="current-room-clock tabular" role="timer" aria-label={`Time left ${formatMmSs(secondsLeft)}`}>
          {formatMmSs(secondsLeft)}
        </span>
      )}
      <Button size="sm" variant={playing ? 'success' : 'primary'} onClick={resume}>
        {playing ? 'Return to game' : 'Back to the room'}
      </Button>
    </section>
  );
}
