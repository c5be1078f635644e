/**
 * Rules of the final submit from the summary (spec §2 "Summary view", §5 "Contest final submit",
 * §8 "Contest final submit failure").
 */
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
