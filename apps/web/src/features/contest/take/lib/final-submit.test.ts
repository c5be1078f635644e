import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api';
import { CONTEST_ERRORS, ErrorCode } from '@mathsprint/shared/protocol';
import { attemptClosedRefusal, executeSubmitDisabled, finalSubmitBlockedReason, finalSubmitErrorMessage, submitAlreadySettled } from './final-submit';

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

describe('submitAlreadySettled', () => {
  const alreadySubmitted = new ApiError(CONTEST_ERRORS.alreadySubmitted, 409, ErrorCode.ALREADY_SUBMITTED);
  const over = new ApiError(CONTEST_ERRORS.over, 409, ErrorCode.CONTEST_OVER);

  it("takes 409 'Your attempt is already submitted' (ALREADY_SUBMITTED) as done, at close and on Execute Submit", () => {
    expect(CONTEST_ERRORS.alreadySubmitted).toBe('Your attempt is already submitted');
    for (const when of ['auto', 'manual'] as const) expect(submitAlreadySettled(alreadySubmitted, when)).toBe(true);
  });

  it("takes 'The contest is over' (CONTEST_OVER) as done only at close (the server's close pass submits it)", () => {
    expect(submitAlreadySettled(over, 'auto')).toBe(true);
    expect(submitAlreadySettled(over, 'manual')).toBe(false);
  });

  it('decides by the code, not by the text', () => {
    // The same sentences without their code (a proxy, an older server) are not taken as done.
    expect(submitAlreadySettled(new ApiError(CONTEST_ERRORS.alreadySubmitted, 409), 'auto')).toBe(false);
    expect(submitAlreadySettled(new ApiError(CONTEST_ERRORS.over, 409), 'auto')).toBe(false);
    // A code says it whatever the wording.
    expect(submitAlreadySettled(new ApiError('Déjà soumis', 409, ErrorCode.ALREADY_SUBMITTED), 'manual')).toBe(true);
  });

  it('leaves real failures alone', () => {
    expect(submitAlreadySettled(new ApiError(CONTEST_ERRORS.alreadySubmitted, 500), 'auto')).toBe(false);
    expect(submitAlreadySettled(new ApiError(CONTEST_ERRORS.noAnswers, 400, ErrorCode.NO_ANSWERS), 'auto')).toBe(false);
    expect(submitAlreadySettled(new ApiError('Something went wrong on our side. Please try again.', 500, ErrorCode.INTERNAL), 'auto')).toBe(false);
    expect(submitAlreadySettled(new ApiError('Failed to submit contest', 0), 'auto')).toBe(false);
    expect(submitAlreadySettled(new TypeError('fetch failed'), 'auto')).toBe(false);
  });
});

describe('attemptClosedRefusal', () => {
  it('sends the player to the results after the refusals that close the attempt', () => {
    expect(attemptClosedRefusal(new ApiError(CONTEST_ERRORS.alreadySubmitted, 409, ErrorCode.ALREADY_SUBMITTED))).toBe(true);
    expect(attemptClosedRefusal(new ApiError(CONTEST_ERRORS.over, 409, ErrorCode.CONTEST_OVER))).toBe(true);
    expect(attemptClosedRefusal(new ApiError(CONTEST_ERRORS.startFirst, 409, ErrorCode.ATTEMPT_NOT_STARTED))).toBe(true);
    expect(attemptClosedRefusal(new ApiError(CONTEST_ERRORS.notStarted, 409, ErrorCode.CONTEST_NOT_STARTED))).toBe(true);
  });

  it('follows the code, not the status: a 409 without one of those codes keeps the player on the attempt', () => {
    expect(attemptClosedRefusal(new ApiError(CONTEST_ERRORS.over, 409))).toBe(false);
    expect(attemptClosedRefusal(new ApiError('Conflict', 409, ErrorCode.IN_ANOTHER_GAME))).toBe(false);
  });

  it('keeps the player on the attempt for other failures', () => {
    expect(attemptClosedRefusal(new ApiError('Too many requests', 429, ErrorCode.RATE_LIMITED))).toBe(false);
    expect(attemptClosedRefusal(new ApiError('Network error: is the server running?', 0))).toBe(false);
    expect(attemptClosedRefusal(new TypeError('fetch failed'))).toBe(false);
  });
});
