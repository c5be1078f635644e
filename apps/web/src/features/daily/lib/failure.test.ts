import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { failureText } from './failure';

describe('failureText', () => {
  it('keeps the spec wording and adds the server reason', () => {
    expect(failureText('Submit failed', new ApiError('Already submitted today', 409))).toBe('Submit failed: Already submitted today');
    expect(failureText('Submit failed', new ApiError('Submit failed', 500))).toBe('Submit failed');
    expect(failureText('Submit failed', new ApiError('Network error', 0))).toBe('Submit failed');
    expect(failureText('Failed to process vote', new Error('boom'))).toBe('Failed to process vote');
  });
});
