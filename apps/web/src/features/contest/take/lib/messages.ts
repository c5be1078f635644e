/**
 * Every message and label of /contest/{contestId} whose wording the spec gives (spec §2 "Contest
 * taking", §5 "Contest answer" and "Contest final submit", §8 error catalogue). Kept in one place so
 * the screen and its tests use the same strings.
 */
import { CONTEST_ERRORS } from '@mathsprint/shared/protocol';

export const TAKE_MESSAGES = {
  /** Spec §2: no token (guests count as not logged in, spec §6: they cannot take contests). */
  loginRequired: 'Please login to access the contest',
  loading: 'Loading Contest...',
  /** Spec §2: contest missing or without questions. */
  unavailable: 'Contest ∉ Available Set',
  /** Spec §8 "Contest load failure", then redirect home. */
  loadFailed: 'Failed to load contest',
  /** Spec §5 / issue #3: POST /contest/start for an unregistered user (403). */
  registerFirst: CONTEST_ERRORS.registerFirst,
  /** POST /contest/start before openTime on the server's clock (409). */
  notStarted: CONTEST_ERRORS.notStarted,
  answerEmpty: 'Please enter an answer',
  answerInvalid: 'Please enter a valid number',
  /** Spec §8 "Contest answer submit failure". */
  answerFailed: 'Failed to submit answer',
  /** Spec §5 "Contest final submit". */
  atLeastOne: 'Please answer at least one question before submitting',
  cannotUndo: 'Once submitted, your answers are final: this cannot be undone.',
  /** Spec §8 success toast, auto-closing after 3000 ms (spec §9). */
  submitted: 'Contest submitted successfully!',
  /** Spec §8 "Contest final submit failure": the server's error field, else this. */
  submitFailed: 'Failed to submit contest',
  /** Spec §8 info toast after the auto-submit at close. */
  autoSubmitted: 'Contest auto-submitted due to time limit',
  timesUp: "Time's up!",
  computing: 'Computing...',
} as const;

/**
 * The `containerId` of the contest's feedback toasts (components/ui PlayFeedback), in the question
 * card under the answer form and in the summary card above its actions (one of them is on screen at
 * a time). In the app's top-right corner they covered TIME REMAINING on a desktop (issue #47).
 */
export const CONTEST_FEEDBACK_CONTAINER = 'contest-feedback';
