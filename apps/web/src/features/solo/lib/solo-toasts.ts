/**
 * Solo Sprint's toasts: a blank or unreadable answer (answer-input's message, e.g. 'Enter an answer
 * before submitting.'), a wrong answer ('Wrong answer — try again.', the Math Challenge's words) and
 * a refused or failed answer ('Time is up', 'Submit failed'). Each replaces the one before, and a
 * right answer clears it (issue #47: after a blank then a wrong answer the blank's message stayed
 * and nothing said the answer was wrong). They show in
 * the play card's own container (components/ui PlayFeedback), under the answer form, where they
 * cover neither the question nor the timer and points at the top of the screen; one at a time,
 * each closing after the 5000 ms default (spec §9 "Display").
 */
import { toast } from 'react-toastify';
import { oneToastAtATime } from '../../../lib/one-toast';

/** The `containerId` of Solo Sprint's toast container (components/ui/play-feedback). */
export const SOLO_FEEDBACK_CONTAINER = 'solo-feedback';

const inPlay = { containerId: SOLO_FEEDBACK_CONTAINER } as const;
const feedback = oneToastAtATime();

export const soloToasts = {
  /** The server marked the answer wrong. */
  wrong: () => feedback.show(() => toast.error('Wrong answer — try again.', inPlay)),
  /** Removes the feedback toast (a right answer: an old verdict would be stale). */
  clear: feedback.clear,
  /** The answer cannot be sent as typed; `message` says why. */
  invalid: (message: string) => feedback.show(() => toast.warning(message, inPlay)),
  /** The server refused the answer, or it could not be sent. */
  problem: (message: string) => feedback.show(() => toast.error(message, inPlay)),
};
