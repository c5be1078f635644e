/**
 * A short-lived, per-process cache of the session fields of users (id, name, guest flag, token
 * version) that every authenticated request checks (http/session.ts → AccountsService.verifyToken).
 *
 * Why: at 15:30 on a Friday thousands of players call POST /contest/start in the same second
 * (issue #3 benchmark); one users lookup per request was most of the server's work. With the cache,
 * a player's first request reads the row and the next ones within `ttlMs` do not; concurrent
 * lookups of one user share a single query (lru-cache's fetch de-duplicates them).
 *
 * Revocation: this process forgets a user the moment it changes their token version (password
 * change, Google link: `forget`), so a revoked token is refused here on its very next request.
 * Another process sharing the database (issue #5) forgets them when its session change feed
 * (session-feed.ts) reads the change, within about a second; `ttlMs` only bounds how long an
 * unchanged row is kept.
 */
import { LRUCache } from 'lru-cache';
import type { SessionRow } from './accounts.repo.js';

export interface SessionCache {
  /** The user's session row, from the cache or `load`; undefined when the user does not exist. */
  get(userId: string): Promise<SessionRow | undefined>;
  /** Drops the user's cached row (call after changing tokenVersion or name). */
  forget(userId: string): void;
  /** Drops every cached row (the change feed could not be read). */
  clear(): void;
  /**
   * Fills the cache ahead of a burst (the users registered for a contest about to open, issue #3)
   * with rows from `read`, one query for all. A row whose user is forgotten while `read` runs is
   * not cached (it may carry a revoked token version), nor one already cached.
   * @returns how many rows were cached (0 with the cache off).
   */
  prime(read: () => Promise<SessionRow[]>): Promise<number>;
}

export interface SessionCacheOptions {
  /** Reads the row from the database; undefined when there is no such user. */
  load: (userId: string) => Promise<SessionRow | undefined>;
  /** Lifetime of a cached row in ms; 0 turns the cache off (every call loads). */
  ttlMs: number;
  /** Most users kept (least recently used dropped first). */
  max?: number;
}

export function createSessionCache({ load, ttlMs, max = 50_000 }: SessionCacheOptions): SessionCache {
  if (ttlMs <= 0) return { get: load, forget: () => {}, clear: () => {}, prime: async () => 0 };
  const cache = new LRUCache<string, SessionRow>({
    max,
    ttl: ttlMs,
    fetchMethod: (userId) => load(userId),
  });
  /** Users forgotten during each prime in progress. */
  const forgottenDuringPrimes = new Set<Set<string>>();
  return {
    // `forget` during a lookup aborts it (so a row read before the change is never cached) and the
    // aborted fetch rejects: read again, after the change.
    get: (userId) => cache.fetch(userId).catch(() => load(userId)),
    forget: (userId) => {
      cache.delete(userId);
      for (const forgotten of forgottenDuringPrimes) forgotten.add(userId);
    },
    clear: () => {
      cache.clear();
    },
    async prime(read) {
      const forgotten = new Set<string>();
      forgottenDuringPrimes.add(forgotten);
      try {
        let cached = 0;
        for (const row of await read()) {
          if (forgotten.has(row.id) || cache.has(row.id)) continue;
          cache.set(row.id, row);
          cached++;
        }
        return cached;
      } finally {
        forgottenDuringPrimes.delete(forgotten);
      }
    },
  };
}
