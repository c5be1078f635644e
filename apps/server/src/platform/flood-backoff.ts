/**
 * The flood back-off (issue #46 "Floods that reconnect"): a socket cut for flooding (socket.ts: more
 * than 3 × SOCKET_RATE_LIMIT_EVENTS in one window) gives its client address and its user a strike,
 * and both are refused new connections for a back-off that doubles with each strike:
 * SOCKET_FLOOD_BACKOFF_MS (5 s), 10 s, 20 s, … up to SOCKET_FLOOD_BACKOFF_MAX_MS (5 min). Strikes
 * are forgotten once the subject has been quiet (no new strike) for SOCKET_FLOOD_QUIET_MS after its
 * back-off ended. Without it a flooder that reconnects after each cut gets a fresh event budget
 * every time and keeps the server busy answering it.
 *
 * Where it is kept: with REDIS_URL in Redis (rate-limiter-flexible's RateLimiterRedis on the shared
 * ioredis connection, keys `{REDIS_KEY_PREFIX}flood:ip:…` and `…flood:user:…`), so a flooder cut
 * on one process is refused by every process; otherwise in memory (RateLimiterMemory, the same
 * interface). While the Redis connection is down, strikes and checks fall back to a per-process
 * memory limiter (the library's insuranceLimiter) instead of waiting for Redis.
 *
 * One key per subject holds its strike count, with a time to live of back-off + quiet period, so the
 * subject is refused while more than the quiet period of it is left: one GET + PTTL per check, one
 * increment and one SET per strike.
 *
 * What is cheap: only connections pay checks, never events (a socket lives on one process, so the
 * per-socket event window stays local in socket.ts). A refusal found is kept in a local cache until
 * its back-off ends (a back-off cannot end early: it only grows), so a flooder knocking again costs
 * no Redis round trip, and `refuseEarly` lets the Engine.IO `allowRequest` hook refuse it before any
 * handshake once this process has told it why once (see `refuseEarly`).
 */
import { LRUCache } from 'lru-cache';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.js';
import type { Logger } from './logger.js';
import type { RedisHandle } from './redis.js';

/** Who a strike or a check is about: the client address (client-address.ts) and the signed-in user, if any. */
export interface FloodSubject {
  ip: string;
  userId?: string | null;
}

export interface FloodBackoff {
  /**
   * The back-off left for `subject`, in ms (the longest of its address's and its user's), or 0 when
   * it may connect. Reads Redis (with REDIS_URL) unless a refusal is cached locally; a store error
   * is logged and admits (0). Never rejects.
   */
  check(subject: FloodSubject): Promise<number>;
  /**
   * Records a flood cut of `subject` (its address and user each get a strike) and returns the
   * back-off it starts, in ms (the longest of the two). A store error is logged and returns the
   * first back-off, kept locally. Never rejects.
   */
  strike(subject: FloodSubject): Promise<number>;
  /**
   * For the Engine.IO handshake (no I/O): the back-off left for address `ip`, in ms, when this
   * process already refused it with a readable reason (`told`) during the current back-off;
   * 0 otherwise. The first connection of a refused client gets through to the Socket.IO middleware,
   * whose `connect_error` tells the player why and for how long (a browser cannot read why a
   * WebSocket upgrade failed); the knocks after it are refused here, before any handshake.
   */
  refuseEarly(ip: string): number;
  /** Marks address `ip` as told during its current back-off (see `refuseEarly`). */
  told(ip: string): void;
}

/** Back-off settings, in ms; each a whole number of seconds (the Redis store keeps seconds). */
export interface FloodBackoffSettings {
  baseMs: number;
  maxMs: number;
  quietMs: number;
}

/**
 * The back-off after a subject's `strikes`-th strike within a quiet period, in ms: baseMs doubled
 * per strike after the first, at most maxMs.
 */
export function backoffMs(strikes: number, settings: Pick<FloodBackoffSettings, 'baseMs' | 'maxMs'>): number {
  // Past 2^30 every back-off is at its maximum; the cap keeps the power finite.
  return Math.min(settings.baseMs * 2 ** Math.min(Math.max(strikes - 1, 0), 30), settings.maxMs);
}

/**
 * Refusals cached per process: enough for every address and user of a large flood; the least
 * recently used goes first, and each entry leaves when its back-off ends.
 */
const LOCAL_REFUSALS_MAX = 10_000;

/** Strikes are counted far past any useful back-off; the limiter's own limit is never reached. */
const NEVER_LIMITED = 1_000_000_000;

interface LocalRefusal {
  /** Epoch ms when the back-off ends. */
  until: number;
  told: boolean;
}

/**
 * A flood back-off in Redis when `redis` is given (shared by every process with the same key
 * prefix), in memory otherwise.
 */
export function createFloodBackoff(deps: {
  settings: FloodBackoffSettings;
  redis: RedisHandle | null;
  logger: Logger;
}): FloodBackoff {
  const { settings, redis, logger } = deps;
  const storeOptions = {
    keyPrefix: `${redis?.prefix ?? ''}flood`,
    points: NEVER_LIMITED,
    duration: (settings.maxMs + settings.quietMs) / 1000,
  };
  const memory = new RateLimiterMemory(storeOptions);
  const store: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ ...storeOptions, storeClient: redis.client, rejectIfRedisNotReady: true, insuranceLimiter: memory })
    : memory;
  const local = new LRUCache<string, LocalRefusal>({ max: LOCAL_REFUSALS_MAX, ttlAutopurge: false });

  const keysOf = (subject: FloodSubject): string[] => [`ip:${subject.ip}`, ...(subject.userId ? [`user:${subject.userId}`] : [])];
  const remember = (key: string, leftMs: number) => {
    const told = local.get(key)?.told ?? false;
    local.set(key, { until: Date.now() + leftMs, told }, { ttl: leftMs });
  };
  const localLeft = (key: string): number => {
    const refusal = local.get(key);
    return refusal ? Math.max(0, refusal.until - Date.now()) : 0;
  };
  /** The back-off left in a stored entry: its time to live beyond the quiet period. */
  const leftOf = (res: RateLimiterRes | null): number => (res ? Math.max(0, res.msBeforeNext - settings.quietMs) : 0);

  async function checkKey(key: string): Promise<number> {
    const cached = localLeft(key);
    if (cached > 0) return cached;
    const left = leftOf(await store.get(key));
    if (left > 0) remember(key, left);
    return left;
  }

  async function strikeKey(key: string): Promise<number> {
    const { consumedPoints: strikes } = await store.penalty(key, 1);
    const ms = backoffMs(strikes, settings);
    await store.set(key, strikes, (ms + settings.quietMs) / 1000);
    local.set(key, { until: Date.now() + ms, told: false }, { ttl: ms });
    return ms;
  }

  return {
    async check(subject) {
      try {
        return Math.max(0, ...(await Promise.all(keysOf(subject).map(checkKey))));
      } catch (error) {
        logger.warn({ err: error, ip: subject.ip, userId: subject.userId }, 'flood back-off check failed: connection admitted');
        return 0;
      }
    },
    async strike(subject) {
      try {
        return Math.max(...(await Promise.all(keysOf(subject).map(strikeKey))));
      } catch (error) {
        logger.warn({ err: error, ip: subject.ip, userId: subject.userId }, 'flood back-off not stored: kept in this process only');
        for (const key of keysOf(subject)) remember(key, settings.baseMs);
        return settings.baseMs;
      }
    },
    refuseEarly(ip) {
      const refusal = local.get(`ip:${ip}`);
      return refusal?.told ? Math.max(0, refusal.until - Date.now()) : 0;
    },
    told(ip) {
      const refusal = local.get(`ip:${ip}`);
      if (refusal) refusal.told = true;
    },
  };
}

/** The back-off settings of `config` (SOCKET_FLOOD_BACKOFF_MS, SOCKET_FLOOD_BACKOFF_MAX_MS, SOCKET_FLOOD_QUIET_MS). */
export function floodBackoffSettings(config: Pick<Config, 'SOCKET_FLOOD_BACKOFF_MS' | 'SOCKET_FLOOD_BACKOFF_MAX_MS' | 'SOCKET_FLOOD_QUIET_MS'>): FloodBackoffSettings {
  return { baseMs: config.SOCKET_FLOOD_BACKOFF_MS, maxMs: config.SOCKET_FLOOD_BACKOFF_MAX_MS, quietMs: config.SOCKET_FLOOD_QUIET_MS };
}
