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
import { useNavigate } from 'react-router';
import { ResumeNotice, ResumeNoticeLine } from '../../../components/ui/resume-notice';
import { useCountdown } from '../../../lib/countdown';
import { useCurrentRoom } from '../api/get-current-room';
import { noticeText } from '../lib/current-room';
import { loadGameState, saveGameState } from '../lib/game-state';

export function CurrentRoomNotice() {
  const navigate = useNavigate();
  const { room, readAt } = useCurrentRoom();
  const playing = room?.status === 'playing';
  const secondsLeft = useCountdown(room?.timeLeft ?? 0, readAt, playing);

  if (!room || (playing && secondsLeft <= 0)) return null;
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
    <ResumeNotice
      label="Your room"
      title={title}
      secondsLeft={playing ? secondsLeft : undefined}
      actionLabel={playing ? 'Return to game' : 'Back to the room'}
      actionVariant={playing ? 'success' : 'primary'}
      onAction={resume}
    >
      <ResumeNoticeLine parts={[detail]} />
      {scores.length > 0 && <ResumeNoticeLine parts={scores} />}
    </ResumeNotice>
  );
}
