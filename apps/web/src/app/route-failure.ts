/**
 * Pure: what the error screen says about an error thrown while a route loads or renders.
 * 'stale-build': a lazy screen's module could not be fetched, most often because the server was
 * updated while this tab kept the old build (its hashed file names are gone); a reload fetches the
 * new build. 'error': anything else (a bug), for which a reload is the best the player can do.
 */
export type RouteFailure = 'stale-build' | 'error';

/**
 * The messages browsers give a failed dynamic import(): Chromium "Failed to fetch dynamically
 * imported module", Firefox "error loading dynamically imported module", Safari "Importing a module
 * script failed", and Vite's preload helper "Unable to preload CSS".
 */
const STALE_BUILD_MESSAGE = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function routeFailure(error: unknown): RouteFailure {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return STALE_BUILD_MESSAGE.test(message) ? 'stale-build' : 'error';
}

/** Milliseconds within which a second stale-build reload is not tried (it would loop). */
export const RELOAD_GUARD_MS = 10_000;

/**
 * Pure: whether to reload the page for a stale build, given when the last such reload happened
 * (epoch ms, or null) and now. One reload per RELOAD_GUARD_MS: if the new page fails the same
 * way, the error screen shows instead of a reload loop.
 */
export function shouldReloadForStaleBuild(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt > RELOAD_GUARD_MS || now < lastReloadAt;
}
