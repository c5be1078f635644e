/**
 * Counting limiters for abuse-prone actions (failed logins, account creation, daily comments),
 * counted by rate-limiter-flexible: in this process's memory, or in Redis when REDIS_URL is set, so
 * that every process shares one count and two processes allow what one does. Callers choose the
 * keys (an IP, an email, the pair) and can give back an attempt that turned out fine, which a
 * "failures only" login limit and a "created accounts only" sign-up limit need.
 *
 * Windows are rate-limiter-flexible's fixed windows: a key's window opens at its first counted
 * attempt and lasts `windowMs`. Time is the library's (Date.now() in memory, the TTL in Redis), not
 * the injected clock: a limit is wall-clock time by nature, and Redis could not read our clock.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisHandle } from './redis.js';

export interface RateLimiter {
  /**
   * Counts one attempt for `key` unless the key is at its limit. Count first, then give back
   * (`giveBack`) what turned out not to count: a burst of concurrent attempts cannot all pass the
   * check before any of them is counted.
   * @returns 0 when the attempt was allowed and counted; otherwise the wait in ms until the key's
   *   window ends (the refused attempt is not counted).
   * @throws the store's error only if Redis fails and the in-memory fallback fails too.
   */
  consume(key: string): Promise<number>;
  /** Takes back one counted attempt of `key` (one that succeeded, or was refused for another reason). */
  giveBack(key: string): Promise<void>;
  /** Forgets every attempt of `key` (a successful login clears that email and IP's failures). */
  reset(key: string): Promise<void>;
}

export interface RateLimitRule {
  /** Names the limiter's keys: Redis keys are `{REDIS_KEY_PREFIX}limit:{name}:{key}`. */
  name: string;
  /** Attempts allowed per key within one window. */
  max: number;
  /** Window length in ms: a whole number of seconds, since Redis keeps the window as a TTL in seconds. */
  windowMs: number;
}

/** Builds the limiters of one process: over `redis` when given, else in memory. */
export type RateLimiterFactory = (rule: RateLimitRule) => RateLimiter;

/**
 * The limiter factory for this process. With `redis`, limits are counted in Redis under the key
 * prefix (RateLimiterRedis, one Lua script per attempt, atomic across processes); while Redis fails
 * (after ioredis's retries, platform/redis.ts) each process counts in its own memory instead
 * (rate-limiter-flexible's insuranceLimiter), so an outage neither opens the limits nor refuses
 * every login. Without `redis`, in memory (RateLimiterMemory: one Map entry and timer per key,
 * dropped when its window ends).
 * @throws Error when a rule's window is not a whole, positive number of seconds.
 */
export function createRateLimiterFactory(redis: RedisHandle | null): RateLimiterFactory {
  return (rule) => {
    if (!Number.isInteger(rule.windowMs / 1000) || rule.windowMs < 1000) {
      throw new Error(`rate limit ${rule.name}: the window must be a whole number of seconds, got ${rule.windowMs} ms`);
    }
    const options = { points: rule.max, duration: rule.windowMs / 1000 };
    const memory = new RateLimiterMemory({ ...options, keyPrefix: `limit:${rule.name}` });
    const limiter: RateLimiterAbstract = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis.client, keyPrefix: `${redis.prefix}limit:${rule.name}`, insuranceLimiter: memory })
      : memory;
    return wrap(limiter);
  };
}

function wrap(limiter: RateLimiterAbstract): RateLimiter {
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (outcome) {
        if (!(outcome instanceof RateLimiterRes)) throw outcome;
        // The library counts refused attempts too; taking this one back keeps the count to allowed
        // attempts, so that giving back a success later frees a real attempt, not a refused one.
        await limiter.reward(key);
        return Math.max(1, outcome.msBeforeNext);
      }
    },
    async giveBack(key) {
      await limiter.reward(key);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
