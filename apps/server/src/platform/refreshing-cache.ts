/**
 * A per-process read cache that refreshes in the background (stale-while-revalidate), on lru-cache's
 * `fetch`. For hot reads that may lag the database by a few seconds: the daily rankings, the season
 * top 10, the caller's own season row and streak days (bench/daily, issue #4).
 *
 * Why not a plain TTL: every key read by many callers expires at once and every caller then waits
 * on a query (and, without de-duplication, runs its own). Here a value younger than `ttlMs` is
 * served as is; one between `ttlMs` and `2 × ttlMs` old is served while one background load
 * replaces it; an older one, or none, is awaited (concurrent callers share that one load). So no
 * value served is older than twice `ttlMs` plus one load.
 *
 * `forget` drops a key and aborts its load in flight, so a value read before a change this process
 * made is never stored; the caller of an aborted load reads again, after the change. A failed load
 * drops the key and rejects for the callers awaiting it (no stale value outlives a failing database).
 */
import { LRUCache } from 'lru-cache';

export interface RefreshingCache<K extends string, V extends NonNullable<unknown>> {
  /**
   * The value for `key`: cached, or from `load`. Rejects when `load` rejects.
   * @returns undefined when `load` returned undefined (nothing is cached for it).
   */
  get(key: K): Promise<V | undefined>;
  /** Drops `key` (and any load of it in flight): the next get reads it again. */
  forget(key: K): void;
  /** Drops every key `match` accepts. */
  forgetWhere(match: (key: K) => boolean): void;
}

export interface RefreshingCacheOptions<K, V> {
  /**
   * Reads the value; `stale` is the value being replaced, if any (to keep derived data that has
   * not changed). Returns undefined when there is nothing to cache.
   */
  load: (key: K, stale: V | undefined) => Promise<V | undefined>;
  /** Age in ms until which a value is served without reloading; 0 turns the cache off (every get loads). */
  ttlMs: number;
  /** Most keys kept (least recently used dropped first). */
  max: number;
}

export function createRefreshingCache<K extends string, V extends NonNullable<unknown>>({
  load,
  ttlMs,
  max,
}: RefreshingCacheOptions<K, V>): RefreshingCache<K, V> {
  if (ttlMs <= 0) return { get: (key) => load(key, undefined), forget: () => {}, forgetWhere: () => {} };
  const cache = new LRUCache<K, V, unknown>({
    max,
    ttl: ttlMs,
    allowStale: true,
    fetchMethod: (key, stale) => load(key, stale),
  });
  const fresh = (key: K) => load(key, undefined);
  return {
    get(key) {
      // getRemainingTTL is negative once stale; past one more TTL the stale value is not served.
      // (0 for a key not cached, which fetch then loads and awaits anyway.)
      const tooStale = cache.getRemainingTTL(key) < -ttlMs;
      return cache.fetch(key, tooStale ? { allowStale: false } : {}).catch(() => fresh(key));
    },
    forget(key) {
      cache.delete(key);
    },
    forgetWhere(match) {
      for (const key of [...cache.keys()]) if (match(key)) cache.delete(key);
    },
  };
}
