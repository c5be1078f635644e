/**
 * Feedback toasts of the Math Challenge: the answers' (spec §8: 'Correct!', 'Wrong answer — try
 * again.', 'Enter an answer before submitting.') and a room action's tried while reconnecting.
 * Success toasts close after 3000 ms and the others after the 5000 ms default (spec §9 "Display").
 * A player answers every few seconds, so each new feedback toast first dismisses the previous one:
 * one feedback toast is on screen at a time.
 */
import { DISPLAY } from '@mathsprint/shared/constants';
import { toast, type Id } from 'react-toastify';

let lastFeedback: Id | null = null;

function replaceFeedback(show: () => Id): void {
  if (lastFeedback !== null) toast.dismiss(lastFeedback);
  lastFeedback = show();
}

export const gameToasts = {
  correct: () => replaceFeedback(() => toast.success('Correct!', { autoClose: DISPLAY.toastSuccessMs })),
  wrong: () => replaceFeedback(() => toast.error('Wrong answer — try again.')),
  /** A validation message, e.g. 'Enter an answer before submitting.'. */
  invalid: (message: string) => replaceFeedback(() => toast.warning(message)),
  /** A room action (Start Game, Rematch) tried while the connection is down: socket.io-client
   * would send it on the next connection ahead of the screen's rejoinRoom, where the server refuses
   * it ("You are not in a room"), so it is not sent. */
  reconnecting: () => replaceFeedback(() => toast.warning('Connection lost. Reconnecting… try again in a moment.')),
  /** A problem that is not the server's answer (no acknowledgement arrived). */
  problem: (message: string) => replaceFeedback(() => toast.error(message)),
  /** Removes the feedback toast (the game is over: it would only cover the results). */
  clear: () => {
    if (lastFeedback !== null) toast.dismiss(lastFeedback);
    lastFeedback = null;
  },
};
