import { DAILY_ERRORS, ErrorCode } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { staleAfterSubmitRefusal } from './submit-refusal';

describe('staleAfterSubmitRefusal', () => {
  it("refreshes the section after 'Already submitted today' or a section not opened", () => {
    expect(staleAfterSubmitRefusal(new ApiError(DAILY_ERRORS.alreadySubmitted, 409, ErrorCode.ALREADY_SUBMITTED))).toBe('section');
    expect(staleAfterSubmitRefusal(new ApiError(DAILY_ERRORS.notOpened, 409, ErrorCode.SECTION_NOT_OPENED))).toBe('section');
  });

  it("refreshes today's date after a refused date (the UTC day turned)", () => {
    expect(staleAfterSubmitRefusal(new ApiError("Only today's set (2026-12-02 UTC) can be submitted, not 2026-12-01", 400, ErrorCode.INVALID_INPUT))).toBe('today');
  });

  it('follows the code, not the status: a 409 or 400 without its code refreshes nothing', () => {
    expect(staleAfterSubmitRefusal(new ApiError(DAILY_ERRORS.alreadySubmitted, 409))).toBeNull();
    expect(staleAfterSubmitRefusal(new ApiError('Bad Request', 400))).toBeNull();
    expect(staleAfterSubmitRefusal(new ApiError('Conflict', 409, ErrorCode.IN_ANOTHER_GAME))).toBeNull();
  });

  it('refreshes nothing for other failures', () => {
    expect(staleAfterSubmitRefusal(new ApiError('The Advanced section unlocks at rating 1800 (yours is 1523)', 403, ErrorCode.SECTION_LOCKED))).toBeNull();
    expect(staleAfterSubmitRefusal(new ApiError('Network error: is the server running?', 0))).toBeNull();
    expect(staleAfterSubmitRefusal(new Error('boom'))).toBeNull();
  });
});
