/**
 * Solo Sprint's toasts: a blank or unreadable answer (answer-input's message, e.g. 'Enter an answer
 * before submitting.') and a refused or failed answer ('Time is up', 'Submit failed'). They show in
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
  /** The answer cannot be sent as typed; `message` says why. */
  invalid: (message: string) => feedback.show(() => toast.warning(message, inPlay)),
  /** The server refused the answer, or it could not be sent. */
  problem: (message: string) => feedback.show(() => toast.error(message, inPlay)),
};
