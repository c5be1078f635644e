/** Starting and ending a browser session (spec §2 Login/Signup "On success", §4 "Session"). */
import type { AuthResponse } from '@mathsprint/shared/protocol';
import { resetSocket } from '../../lib/socket';
import { setStoredUser, setToken } from '../../lib/storage';

/**
 * Stores the token and user, then goes to / with a full page load (spec: "goes to / and reloads"),
 * so the socket and every query start fresh with the new token.
 */
export function startSession(auth: AuthResponse): void {
  setToken(auth.token);
  setStoredUser(auth.user);
  resetSocket();
  window.location.assign('/');
}

/**
 * Decorative password strength (spec §2 Login): 10 per character, at most 100.
 * @returns a percentage 0–100.
 */
export function passwordStrength(password: string): number {
  return Math.min(100, [...password].length * 10);
}
