import { ErrorCode } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { SESSION_EXPIRED_NOTICE, noticeFromState, sessionEnded, sessionEndedNotice, withNotice } from './session-notice';

describe('sessionEndedNotice', () => {
  it("gives the server's text for a refused token", () => {
    expect(sessionEndedNotice(new ApiError('Your session has expired. Please log in again.', 401, ErrorCode.SESSION_EXPIRED))).toBe(
      'Your session has expired. Please log in again.',
    );
    expect(sessionEndedNotice(new ApiError('Please log in to continue', 401, ErrorCode.LOGIN_REQUIRED))).toBe('Please log in to continue');
  });

  it('falls back to the expiry notice when the 401 has no usable text', () => {
    expect(sessionEndedNotice(new ApiError('', 401, ErrorCode.SESSION_EXPIRED))).toBe(SESSION_EXPIRED_NOTICE);
    expect(sessionEndedNotice(new ApiError('x'.repeat(500), 401, ErrorCode.SESSION_EXPIRED))).toBe(SESSION_EXPIRED_NOTICE);
  });

  it('says nothing for failures that are not a refused session', () => {
    expect(sessionEndedNotice(new ApiError('Session check failed', 0))).toBeNull();
    expect(sessionEndedNotice(new ApiError('Internal Server Error', 500, ErrorCode.INTERNAL))).toBeNull();
    expect(sessionEndedNotice(new Error('boom'))).toBeNull();
    expect(sessionEndedNotice(null)).toBeNull();
  });

  it('follows the code, not the status: a 401 without a session code is no sign-out', () => {
    // A proxy's own 401 page (no code), or the metrics endpoint's TOKEN_REQUIRED, says nothing of the session.
    expect(sessionEndedNotice(new ApiError('Unauthorized', 401))).toBeNull();
    expect(sessionEndedNotice(new ApiError('A bearer token is required', 401, ErrorCode.TOKEN_REQUIRED))).toBeNull();
  });
});

describe('sessionEnded', () => {
  it('is true for the two codes that end a session, whatever the status', () => {
    expect(sessionEnded(new ApiError('Your session has expired. Please log in again.', 401, ErrorCode.SESSION_EXPIRED))).toBe(true);
    expect(sessionEnded(new ApiError('Please log in to continue', 401, ErrorCode.LOGIN_REQUIRED))).toBe(true);
  });

  it('is false for other failures, a 401 with another code or none included', () => {
    expect(sessionEnded(new ApiError('Email or password is incorrect', 401, ErrorCode.INVALID_LOGIN))).toBe(false);
    expect(sessionEnded(new ApiError('Unauthorized', 401))).toBe(false);
    expect(sessionEnded(new ApiError('Session check failed', 0))).toBe(false);
    expect(sessionEnded(new Error('boom'))).toBe(false);
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
