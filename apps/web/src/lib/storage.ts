/**
 * Browser storage of the session (spec §3 "User", §4 "Session"): the token under key `token`, the
 * user under key `user`. A failure to save is logged and otherwise ignored (spec §8).
 */
import type { PublicUser } from '@mathsprint/shared/protocol';

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch (error) {
    console.error('Failed to save token', error);
  }
}

export function getStoredUser(): PublicUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    const user = JSON.parse(raw) as PublicUser | null;
    return user && typeof user === 'object' && Object.keys(user).length > 0 ? user : null;
  } catch {
    return null;
  }
}

/** Stores the user; an empty record clears the key (spec §3). */
export function setStoredUser(user: PublicUser | null): void {
  try {
    if (!user || Object.keys(user).length === 0) localStorage.removeItem(USER_KEY);
    else localStorage.setItem(USER_KEY, JSON.stringify(user));
    window.dispatchEvent(new Event('mathsprint:user'));
  } catch (error) {
    console.error('Failed to save user', error);
  }
}

/** Keys of per-player game state (saved Math Challenge, single-player session): cleared on logout so
 * the next account on this browser does not resume someone else's game. */
const GAME_KEYS = ['gameState', 'soloSession'];

/** Clears token, user and saved game state (Logout). */
export function clearSession(): void {
  try {
    for (const key of [TOKEN_KEY, USER_KEY, ...GAME_KEYS]) localStorage.removeItem(key);
    window.dispatchEvent(new Event('mathsprint:user'));
  } catch (error) {
    console.error('Failed to clear session', error);
  }
}

/** Reads and writes a JSON value in localStorage (saved game state, single-player session). */
export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.error(`Failed to save ${key}`, error);
  }
}
