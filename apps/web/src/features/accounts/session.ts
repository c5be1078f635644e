/** Starting and ending a browser session (spec §2 Login/Signup "On success", §4 "Session"). */
import type { AuthResponse } from '@mathsprint/shared/protocol';
import { getSocket, resetSocket } from '../../lib/socket';
import { setStoredUser, setToken } from '../../lib/storage';
import { DEFAULT_RETURN_PATH, safeReturnPath } from './lib/return-to';

/**
 * Stores the token and user, then goes to `returnTo` with a full page load (spec: "goes to / and
 * reloads"), so the socket and every query start fresh with the new token. The sign-in screen's
 * history entry is replaced, so the browser's Back from there does not reopen the form. `returnTo` is the
 * guarded page a signed-out visitor asked for (lib/return-to); anything but a same-origin path
 * goes to / instead.
 */
export function startSession(auth: AuthResponse, returnTo: string = DEFAULT_RETURN_PATH): void {
  setToken(auth.token);
  setStoredUser(auth.user);
  resetSocket();
  // React Router's ScrollRestoration files every freshly loaded page under one key ('default') and
  // saves the position on pagehide: without this, the page we go to opens scrolled as far as this
  // form was (on a 667 px phone, the dashboard's greeting would start off-screen).
  window.scrollTo(0, 0);
  window.location.replace(safeReturnPath(returnTo) ?? DEFAULT_RETURN_PATH);
}

/**
 * Swaps this tab's session for a fresh one of the same player (after a password change, which
 * revokes every older token): stores the token and user as sign-in does, without a reload, and
 * reconnects the shared socket so its handshake carries the new token (lib/socket reads the token
 * on every connect). The socket is reconnected in place rather than replaced (resetSocket): the
 * screens' listeners on it (live rating, daily updates, a running duel) stay attached, and rejoin on
 * the connect as after any drop. The server also cuts the connections of the revoked token
 * (platform/socket `recheckSessions`); should its automatic reconnect have gone out before the
 * new token was stored, this one replaces it.
 */
export function renewSession(auth: AuthResponse): void {
  setToken(auth.token);
  setStoredUser(auth.user);
  getSocket().disconnect().connect();
}

/**
 * Decorative password strength (spec §2 Login): 10 per character, at most 100.
 * @returns a percentage 0–100.
 */
export function passwordStrength(password: string): number {
  return Math.min(100, [...password].length * 10);
}
