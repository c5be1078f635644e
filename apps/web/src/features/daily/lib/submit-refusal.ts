/**
 * What a refused daily submit (POST /api/daily/submit, issue #4) says about the hub's cached
 * picture, told by the refusal's code, never its status or text.
 */
import { ErrorCode } from '@mathsprint/shared/protocol';
import { ApiError } from '../../../lib/api';

/**
 * Which cached answer a refused submit makes stale:
 * - 'section': ALREADY_SUBMITTED ('Already submitted today') or SECTION_NOT_OPENED ('Open the
 *   section before submitting it'), both 409: this section's state is not what the page shows;
 * - 'today': INVALID_INPUT (400), of which "Only today's set (… UTC) can be submitted" means the UTC
 *   day turned before the hub noticed (use-day-rollover): today's date, asked again, puts the new
 *   day's notice up;
 * - null: anything else (SECTION_LOCKED, RATE_LIMITED, network, 5xx).
 */
export function staleAfterSubmitRefusal(error: unknown): 'section' | 'today' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === ErrorCode.ALREADY_SUBMITTED || error.code === ErrorCode.SECTION_NOT_OPENED) return 'section';
  if (error.code === ErrorCode.INVALID_INPUT) return 'today';
  return null;
}
