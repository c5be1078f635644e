/**
 * Counting limiters for abuse-prone actions (failed logins, account creation). @fastify/rate-limit
 * counts every request of a route under one key; these count under keys the caller chooses (an IP
 * *and* an email, for logins) and can give back an attempt that turned out fine, which a
 * "failures only" login limit needs.
 *
 * The interface is async and its operations are atomic per key, so that a Redis-backed limiter
 * (shared by every server process, the scale-out issue; a sorted set per key and a Lua script) can
 * replace the in-memory one without touching the callers.
 */
import type { Clock } from '../platform/clock.js';

export interface RateLimiter {
  /**
   * Records one attempt for `key` unless the key is at its limit.
   * @returns 0 when the attempt was allowed and counted; otherwise the wait in ms until one
   *   would be allowed (nothing is counted then).
   */
  consume(key: string): Promise<number>;
  /**
   * Takes back the latest attempt of `key`: for an attempt that succeeded, so only failures count.
   * Counting first and forgiving after success (rather than counting after failure) means a burst of
   * concurrent guesses cannot all pass the check before any of them is counted.
   */
  forgive(key: string): Promise<void>;
  /** Forgets every attempt of `key` (a successful login clears that email's failures). */
  reset(key: string): Promise<void>;
}

export interface SlidingWindowOptions {
  /** Attempts allowed per key within any `windowMs`. */
  max: number;
  /** Window length in ms. */
  windowMs: number;
  clock: Clock;
  /**
   * Most keys tracked at once; beyond it the least recently touched key is dropped. Bounds memory
   * under a flood of distinct keys (made-up emails or IPs); dropping a key only forgets, it never
   * blocks anyone. Default 100,000 (a few MB at worst).
   */
  maxKeys?: number;
}

/**
 * In-memory sliding-window log: each key keeps the times of its last `max` attempts and is blocked
 * while `max` of them lie within the last `windowMs`. Exact (a fixed window would allow 2 × max
 * across a window edge) and small, because `max` is small for the limits it serves (10 failed logins,
 * 20 sign-ups). Times come from the injected clock, so tests can move past a window.
 */
export function createSlidingWindowLimiter(options: SlidingWindowOptions): RateLimiter {
  const { max, windowMs, clock } = options;
  const maxKeys = options.maxKeys ?? 100_000;
  /** key → attempt times in ms, oldest first. Map order is least recently touched first. */
  const attempts = new Map<string, number[]>();

  /** Drops attempts that left the window; returns the live list, or undefined (and forgets the key). */
  const live = (key: string, now: number): number[] | undefined => {
    const times = attempts.get(key);
    if (!times) return undefined;
    while (times.length > 0 && (times[0] ?? now) <= now - windowMs) times.shift();
    if (times.length === 0) {
      attempts.delete(key);
      return undefined;
    }
    return times;
  };

  return {
    async consume(key) {
      const now = clock.now();
      const times = live(key, now) ?? [];
      if (times.length >= max) {
        // Allowed again once the oldest counted attempt leaves the window.
        return Math.max(1, (times[0] ?? now) + windowMs - now);
      }
      times.push(now);
      attempts.delete(key);
      attempts.set(key, times);
      if (attempts.size > maxKeys) {
        const leastRecent = attempts.keys().next().value;
        if (leastRecent !== undefined) attempts.delete(leastRecent);
      }
      return 0;
    },
    async forgive(key) {
      const times = attempts.get(key);
      times?.pop();
      if (times?.length === 0) attempts.delete(key);
    },
    async reset(key) {
      attempts.delete(key);
    },
  };
}
