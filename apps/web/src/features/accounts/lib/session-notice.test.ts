import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { SESSION_EXPIRED_NOTICE, noticeFromState, sessionEndedNotice, withNotice } from './session-notice';

describe('sessionEndedNotice', () => {
  it("gives the server's text for a refused token", () => {
    expect(sessionEndedNotice(new ApiError('Your session has expired. Please log in again.', 401))).toBe(
      'Your session has expired. Please log in again.',
    );
  });

  it('falls back to the expiry notice when the 401 has no usable text', () => {
    expect(sessionEndedNotice(new ApiError('', 401))).toBe(SESSION_EXPIRED_NOTICE);
    expect(sessionEndedNotice(new ApiError('x'.repeat(500), 401))).toBe(SESSION_EXPIRED_NOTICE);
  });

  it('says nothing for failures that are not a refused session', () => {
    expect(sessionEndedNotice(new ApiError('Session check failed', 0))).toBeNull();
    expect(sessionEndedNotice(new ApiError('Internal Server Error', 500))).toBeNull();
    expect(sessionEndedNotice(new Error('boom'))).toBeNull();
    expect(sessionEndedNotice(null)).toBeNull();
  });
});

describe('noticeFromState / withNotice', () => {
  it('round-trips a notice next to the page to return to', () => {
    const state = withNotice({ from: '/daily' }, 'Your session has expired. Please log in again.');
    expect(state).toEqual({ from: '/daily', notice: 'Your session has expired. Please log in again.' });
    expect(noticeFromState(state)).toBe('Your session has expired. Please log in again.');
    expect(withNotice(undefined, 'Gone')).toEqual({ notice: 'Gone' });
  });

  it('leaves the state alone without a notice', () => {
    const state = { from: '/daily' };
    expect(withNotice(state, null)).toBe(state);
    expect(withNotice(undefined, null)).toBeUndefined();
  });

  it('ignores anything that is not a short string', () => {
    for (const state of [null, undefined, 'notice', { notice: 3 }, { notice: '  ' }, { notice: 'x'.repeat(201) }, { from: '/' }]) {
      expect(noticeFromState(state)).toBeNull();
    }
  });
});
