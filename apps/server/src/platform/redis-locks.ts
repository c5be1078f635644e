/**
 * Keyed locks across processes (REDIS_URL set): the key `P {name}:lock:{key}` is taken with
 * SET NX PX and released by a script that deletes it only while it still holds this holder's token
 * (the single-instance lock of the Redis documentation, "Distributed locks with Redis"). Holders in
 * one process queue locally first (createLocalLocks), so only one of them polls Redis at a time.
 */
import { randomUUID } from 'node:crypto';
import { createLocalLocks } from './local-locks.js';
import { withScripts, type RedisHandle } from './redis.js';

/** A keyed lock: `work` runs once every earlier holder of `key` has finished (or failed). */
export type KeyedLock = <T>(key: string, work: () => Promise<T>) => Promise<T>;

export interface RedisLockOptions {
  /**
   * Lock lifetime (ms): the longest a holder may keep it. The work under these locks is a few
   * Redis calls and at most one insert, well under a second; the lifetime is there only so that a
   * holder that died never blocks the key for good.
   */
  ttlMs?: number;
  /** A waiter gives up after this long (ms), rejecting with an Error naming the key. */
  waitMs?: number;
}

/** KEYS: lock. ARGV: token. */
const UNLOCK_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

interface UnlockCommand {
  keyedLockRelease(lock: string, token: string): Promise<number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keyed locks named `name` (the key's middle part: 'solo', 'duel-seat') on `handle`'s client.
 * @throws (from the returned lock) Error "lock … still held after N ms" when waiting longer than
 *   `waitMs`; `work` has not run then.
 */
export function createRedisLocks(handle: RedisHandle, name: string, { ttlMs = 10_000, waitMs = 15_000 }: RedisLockOptions = {}): KeyedLock {
  const redis = withScripts<UnlockCommand>(handle.client, { keyedLockRelease: { numberOfKeys: 1, lua: UNLOCK_SCRIPT } });
  const local = createLocalLocks();

  async function acquire(key: string, token: string): Promise<void> {
    const deadline = Date.now() + waitMs;
    for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
      if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) === 'OK') return;
      if (Date.now() > deadline) throw new Error(`lock ${key} still held after ${waitMs} ms`);
      await sleep(wait);
    }
  }

  return (key, work) =>
    local(key, async () => {
      const lockKey = `${handle.prefix}${name}:lock:${key}`;
      const token = randomUUID();
      await acquire(lockKey, token);
      try {
        return await work();
      } finally {
        await redis.keyedLockRelease(lockKey, token);
      }
    });
}
