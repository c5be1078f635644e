/**
 * Feedback toasts of the Math Challenge: the answers' (spec §8: 'Correct!', 'Wrong answer — try
 * again.', 'Enter an answer before submitting.') and a room action's tried while reconnecting.
 * Success toasts close after 3000 ms and the others after the 5000 ms default (spec §9 "Display").
 * A player answers every few seconds, so each new feedback toast first dismisses the previous one:
 * one feedback toast is on screen at a time. The game screen's toasts go to its own container
 * (components/ui/play-feedback), in the play card, so that they cover neither the question and answer
 * field nor 'Players Progress'; the room actions' go to the app's.
 */
import { DISPLAY } from '@mathsprint/shared/constants';
import { toast } from 'react-toastify';
import { oneToastAtATime } from '../../../lib/one-toast';

/** The `containerId` of the game screen's toast container (components/ui/play-feedback). */
export const GAME_FEEDBACK_CONTAINER = 'duel-game-feedback';

/** Options of a toast shown on the game screen. */
const inGame = { containerId: GAME_FEEDBACK_CONTAINER } as const;

const feedback = oneToastAtATime();

export const gameToasts = {
  correct: () => feedback.show(() => toast.success('Correct!', { ...inGame, autoClose: DISPLAY.toastSuccessMs })),
  wrong: () => feedback.show(() => toast.error('Wrong answer — try again.', inGame)),
  /** A validation message, e.g. 'Enter an answer before submitting.'. */
  invalid: (message: string) => feedback.show(() => toast.warning(message, inGame)),
  /** A room action (Start Game, Rematch) tried while the connection is down, in the app's
   * container (the waiting room and results have no other): socket.io-client would send it on the
   * next connection ahead of the screen's rejoinRoom, where the server refuses it ("You are not in
   * a room"), so it is not sent. */
  reconnecting: () => feedback.show(() => toast.warning('Connection lost. Reconnecting… try again in a moment.')),
  /** A problem that is not the server's answer (no acknowledgement arrived). */
  problem: (message: string) => feedback.show(() => toast.error(message, inGame)),
  /** Removes the feedback toast (the game is over: it would only cover the results). */
  clear: feedback.clear,
};
