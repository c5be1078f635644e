import { describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS, routeFailure, shouldReloadForStaleBuild } from './route-failure';

describe('routeFailure', () => {
  it('recognises a failed dynamic import in each browser as a stale build', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://localhost:3000/assets/daily-bsJzf7bf.js',
      'error loading dynamically imported module: http://localhost:3000/assets/daily.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/daily-C4w1nJm6.css',
    ]) {
      expect(routeFailure(new TypeError(message))).toBe('stale-build');
    }
  });

  it('calls anything else an error', () => {
    expect(routeFailure(new Error("Cannot read properties of undefined (reading 'map')"))).toBe('error');
    expect(routeFailure({ status: 500 })).toBe('error');
    expect(routeFailure(undefined)).toBe('error');
  });
});

describe('shouldReloadForStaleBuild', () => {
  it('reloads the first time, and again only after the guard has passed', () => {
    const now = 1_800_000_000_000;
    expect(shouldReloadForStaleBuild(null, now)).toBe(true);
    expect(shouldReloadForStaleBuild(now - 1_000, now)).toBe(false);
    expect(shouldReloadForStaleBuild(now - RELOAD_GUARD_MS - 1, now)).toBe(true);
    // A clock set back, or a corrupt stored value, does not block the reload for ever.
    expect(shouldReloadForStaleBuild(now + 60_000, now)).toBe(true);
    expect(shouldReloadForStaleBuild(Number.NaN, now)).toBe(true);
  });
});
