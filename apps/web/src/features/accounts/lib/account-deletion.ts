/**
 * What the delete-account dialog does with a refused DELETE /api/me (issue #46), kept apart from
 * the dialog so it can be tested without a browser.
 */
import { ErrorCode } from '@mathsprint/shared/protocol';

/**
 * Whether the refusal belongs to the password field (said there, the cursor put back in it):
 * WRONG_PASSWORD (403) only. Anything else is said above the field: RATE_LIMITED (too many wrong
 * passwords), IN_ANOTHER_GAME (a Math Challenge still running), INVALID_INPUT (a confirmation of
 * the wrong kind), SESSION_EXPIRED, network and 5xx failures.
 * @param code the ApiError code (null when the request got no answer or no code).
 */
export function deletionErrorPinned(code: ErrorCode | null): boolean {
  return code === ErrorCode.WRONG_PASSWORD;
}
