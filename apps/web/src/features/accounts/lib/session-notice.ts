/**
 * Why a player who was signed in finds themselves on /login. When the server refuses the stored
 * token (GET /api/me answers SESSION_EXPIRED: it expired, or a password change revoked it; or
 * LOGIN_REQUIRED, no token reached it), SessionGuard sends
 * the player to /login with the server's reason in the history state (`notice`), and the login form
 * shows it until they sign in again, instead of a silent drop to a blank form.
 */
import { ErrorCode } from '@mathsprint/shared/protocol';
import { ApiError } from '../../../lib/api';

/** Said when the server's 401 carries no text of its own (the server's SESSION_MESSAGES.sessionExpired). */
export const SESSION_EXPIRED_NOTICE = 'Your session has expired. Please log in again.';

/** A notice longer than this is not one of ours (the history state can be written by any script). */
const MAX_NOTICE_LENGTH = 200;

/**
 * Whether a failed session check (GET /api/me) says the session is over, told by its code (the two
 * 401s of requireUser, apps/server http/session.ts): SESSION_EXPIRED (the token sent is expired,
 * revoked, or its account is gone) or LOGIN_REQUIRED (no token reached the server). Then the stored
 * session is cleared and not asked again; a network failure, a 5xx or an unreadable answer is not a
 * sign-out (spec §8 "Session check failure").
 */
export function sessionEnded(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === ErrorCode.SESSION_EXPIRED || error.code === ErrorCode.LOGIN_REQUIRED);
}

/**
 * The notice for a failed session check: the server's text when the session ended (`sessionEnded`),
 * else null (a network failure or an unreadable answer is not a sign-out the player needs
 * explaining, spec §8 "Session check failure").
 */
export function sessionEndedNotice(error: unknown): string | null {
  if (!sessionEnded(error)) return null;
  const text = error.message.trim();
  return text && text.length <= MAX_NOTICE_LENGTH ? text : SESSION_EXPIRED_NOTICE;
}

/** The notice carried in a /login history entry's state, or null. */
export function noticeFromState(state: unknown): string | null {
  const notice = state && typeof state === 'object' && 'notice' in state ? state.notice : undefined;
  if (typeof notice !== 'string') return null;
  const text = notice.trim();
  return text && text.length <= MAX_NOTICE_LENGTH ? text : null;
}

/** `state` with the notice added when there is one (the guard's redirect state). */
export function withNotice<S extends object>(state: S | undefined, notice: string | null): (S & { notice?: string }) | undefined {
  return notice ? { ...(state ?? ({} as S)), notice } : state;
}

/** sessionStorage key of a notice left for the next /login page load. */
const LEFT_NOTICE_KEY = 'mathsprint:login-notice';

/**
 * Leaves `notice` for the /login page the player is about to be sent to without a failed session
 * check to explain it (an account deletion): SessionGuard puts it in the redirect's history state,
 * and the sign-in screen also reads it after a full page load.
 */
export function leaveNoticeForLogin(notice: string): void {
  try {
    sessionStorage.setItem(LEFT_NOTICE_KEY, notice);
  } catch {
    // Storage refused (private mode quota): the page loads without the notice.
  }
}

/** The notice left for this page load, or null; `forgetLeftNotice` removes it once shown. */
export function leftNotice(): string | null {
  try {
    const notice = sessionStorage.getItem(LEFT_NOTICE_KEY)?.trim();
    return notice && notice.length <= MAX_NOTICE_LENGTH ? notice : null;
  } catch {
    return null;
  }
}

/** Drops the left notice: it is shown once, not after every reload of /login. */
export function forgetLeftNotice(): void {
  try {
    sessionStorage.removeItem(LEFT_NOTICE_KEY);
  } catch {
    // nothing was stored
  }
}
