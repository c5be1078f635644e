/**
 * Where to go after signing in: the guarded page a signed-out visitor asked for (SessionGuard sends
 * them to /login with `state.from` = its path and query), instead of always /. Only a same-origin
 * relative path is ever followed, so a crafted link cannot turn sign-in into a redirect to another
 * site (OWASP "Unvalidated Redirects and Forwards"). Google sign-in leaves the site, so the path
 * waits in sessionStorage (this tab only) until /auth/success takes it back.
 */

/** Where sign-in goes when nobody asked for anything else (spec §2 Login/Signup "On success"). */
export const DEFAULT_RETURN_PATH = '/';

/** sessionStorage key of the path kept across the Google round trip. */
export const RETURN_PATH_KEY = 'returnTo';

// Any origin would do: it only anchors the relative path so the URL parser can normalise it.
const PROBE_ORIGIN = 'https://return-to.invalid';

/** The sign-in screens themselves: returning to them after signing in would only loop. */
const SIGN_IN_PATHS = new Set(['/login', '/signup', '/auth/success']);

/**
 * The path and query to return to, or null when `value` is not a safe one: it must be a string
 * starting with exactly one "/" (never "//host" or "/\host", which browsers read as another host),
 * without backslashes, whitespace or control characters, and must not be a sign-in screen.
 * @example safeReturnPath('/daily?x=1') // '/daily?x=1'
 * @example safeReturnPath('//evil.example') // null
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers treat "\" as "/" in http(s) URLs, and drop tabs and newlines: "/\evil" and "/\t/evil"
  // would both leave the site.
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || SIGN_IN_PATHS.has(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}

/** The path to return to from a /login or /signup history entry's state, else {@link DEFAULT_RETURN_PATH}. */
export function returnPathFromState(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  return safeReturnPath(from) ?? DEFAULT_RETURN_PATH;
}

/** The history state that carries `path` on to another sign-in screen; none for the default. */
export function returnState(path: string): { from: string } | undefined {
  const safe = safeReturnPath(path);
  return safe && safe !== DEFAULT_RETURN_PATH ? { from: safe } : undefined;
}

/** The part of Storage used here (sessionStorage in the browser; a fake in tests). */
export type ReturnPathStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): ReturnPathStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps `path` for the Google round trip (before leaving for /auth/google). The default path is
 * not kept, and clears an older one, so a stale path never outlives the sign-in that set it.
 */
export function rememberReturnPath(path: string, storage: ReturnPathStorage | null = sessionStore()): void {
  try {
    const safe = safeReturnPath(path);
    if (safe && safe !== DEFAULT_RETURN_PATH) storage?.setItem(RETURN_PATH_KEY, safe);
    else storage?.removeItem(RETURN_PATH_KEY);
  } catch (error) {
    // Private modes may refuse storage: the player then lands on / as before.
    console.error('Failed to keep the page to return to', error);
  }
}

/** Reads and forgets the path kept by {@link rememberReturnPath}; {@link DEFAULT_RETURN_PATH} when none. */
export function takeReturnPath(storage: ReturnPathStorage | null = sessionStore()): string {
  try {
    const kept = storage?.getItem(RETURN_PATH_KEY) ?? null;
    storage?.removeItem(RETURN_PATH_KEY);
    return safeReturnPath(kept) ?? DEFAULT_RETURN_PATH;
  } catch {
    return DEFAULT_RETURN_PATH;
  }
}
