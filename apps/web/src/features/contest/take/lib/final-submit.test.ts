import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api';
import { executeSubmitDisabled, finalSubmitBlockedReason, finalSubmitErrorMessage } from './final-submit';

describe('finalSubmitBlockedReason (spec §5)', () => {
  it('needs at least one answer', () => {
    expect(finalSubmitBlockedReason(0)).toBe('Please answer at least one question before submitting');
    expect(finalSubmitBlockedReason(1)).toBeNull();
    expect(finalSubmitBlockedReason(20)).toBeNull();
  });
});

describe('executeSubmitDisabled (spec §2)', () => {
  it('is disabled while submitting or when time is up', () => {
    expect(executeSubmitDisabled({ submitting: false, timeUp: false })).toBe(false);
    expect(executeSubmitDisabled({ submitting: true, timeUp: false })).toBe(true);
    expect(executeSubmitDisabled({ submitting: false, timeUp: true })).toBe(true);
  });
});

describe('finalSubmitErrorMessage (spec §8)', () => {
  it("shows the server's error text", () => {
    expect(finalSubmitErrorMessage(new ApiError('The contest is over', 409))).toBe('The contest is over');
  });

  it("falls back to 'Failed to submit contest'", () => {
    expect(finalSubmitErrorMessage(new ApiError('  ', 500))).toBe('Failed to submit contest');
    expect(finalSubmitErrorMessage(new TypeError('fetch failed'))).toBe('Failed to submit contest');
    expect(finalSubmitErrorMessage(undefined)).toBe('Failed to submit contest');
  });
});
