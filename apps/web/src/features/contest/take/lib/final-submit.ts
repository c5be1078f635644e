/**
 * Rules of the final submit from the summary (spec §2 "Summary view", §5 "Contest final submit",
 * §8 "Contest final submit failure").
 */
import { ErrorCode } from '@mathsprint/shared/protocol';
import { ApiError } from '../../../../lib/api';
import { TAKE_MESSAGES } from './messages';

/**
 * Why the final submit may not be asked for yet (spec §5: 'Please answer at least one question
 * before submitting'); null when it may.
 */
export function finalSubmitBlockedReason(answered: number): string | null {
  return answered > 0 ? null : TAKE_MESSAGES.atLeastOne;
}

/** Spec §2: Execute Submit is disabled while submitting or when time is up. */
export function executeSubmitDisabled(flags: { submitting: boolean; timeUp: boolean }): boolean {
  return flags.submitting || flags.timeUp;
}

/** Spec §8: the server's error field, else 'Failed to submit contest'. */
export function finalSubmitErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.message.trim() ? error.message : TAKE_MESSAGES.submitFailed;
}

/**
 * Whether a refused POST /contest/submit still leaves the attempt submitted, so the page goes to the
 * results as after a success. Submitting an attempt already submitted answers 200 with it; these
 * refusals come from the moments after close before the server's close pass (within one scheduler
 * tick) has submitted it, told by their code (never their text): ALREADY_SUBMITTED ('Your attempt is
 * already submitted') and, for the close-time submit only, CONTEST_OVER ('The contest is over').
 *
 * @param when - 'auto': the submit at close time; 'manual': Execute Submit.
 */
export function submitAlreadySettled(error: unknown, when: 'auto' | 'manual'): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === ErrorCode.ALREADY_SUBMITTED) return true;
  return when === 'auto' && error.code === ErrorCode.CONTEST_OVER;
}

/**
 * Whether a refused answer or final submit (POST /contest/answer, /contest/submit) means the
 * attempt takes nothing more, so the page goes to the contest's results: the 409 refusals of those
 * routes, told by their code (the server's contest service): ALREADY_SUBMITTED, CONTEST_OVER,
 * ATTEMPT_NOT_STARTED and CONTEST_NOT_STARTED. Anything else (INVALID_INPUT, RATE_LIMITED, network, 5xx) leaves the player
 * on the attempt to try again.
 */
export function attemptClosedRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code !== null && ATTEMPT_CLOSED_CODES.has(error.code);
}

const ATTEMPT_CLOSED_CODES: ReadonlySet<ErrorCode> = new Set([
  ErrorCode.ALREADY_SUBMITTED,
  ErrorCode.CONTEST_OVER,
  ErrorCode.ATTEMPT_NOT_STARTED,
  ErrorCode.CONTEST_NOT_STARTED,
]);
