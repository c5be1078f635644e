import { ErrorCode } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { answerEndsRun } from './run-over';

describe('answerEndsRun', () => {
  it('ends the run on RUN_OVER', () => {
    expect(answerEndsRun(new ApiError('Time is up', 409, ErrorCode.RUN_OVER))).toBe(true);
    expect(answerEndsRun(new ApiError('The challenge is over', 409, ErrorCode.RUN_OVER))).toBe(true);
  });

  it('follows the code, not the status: a 409 without RUN_OVER keeps the run', () => {
    expect(answerEndsRun(new ApiError('Time is up', 409))).toBe(false);
    expect(answerEndsRun(new ApiError('Conflict', 409, ErrorCode.IN_ANOTHER_GAME))).toBe(false);
  });

  it('keeps the run for other failures', () => {
    expect(answerEndsRun(new ApiError('Session not found', 404, ErrorCode.RUN_NOT_FOUND))).toBe(false);
    expect(answerEndsRun(new ApiError('Network error: is the server running?', 0))).toBe(false);
    expect(answerEndsRun(new Error('boom'))).toBe(false);
  });
});
