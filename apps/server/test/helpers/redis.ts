/**
 * Redis for integration tests: TEST_REDIS_URL (CI: redis://127.0.0.1:6379) or nothing, in which case
 * the Redis tests are skipped with the reason below and the suite runs in memory. Each server (or
 * group of servers meant to share state) gets its own key prefix, so tests never see each other's
 * rooms, sessions, leases or adapter stream.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { openRedis, type RedisHandle } from '../../src/platform/redis.js';

export const testRedisUrl = process.env.TEST_REDIS_URL;

/** Why Redis tests are skipped when they are. */
export const NO_REDIS = 'TEST_REDIS_URL, e.g. redis://127.0.0.1:6379';

/** A key prefix no other test uses. */
export const freshPrefix = (): string => `mstest:${randomBytes(5).toString('hex')}:`;

export type RoomBackend = 'memory' | 'redis';

/** The room stores to run a suite on: memory always, Redis when TEST_REDIS_URL is set. */
export function roomBackends(): RoomBackend[] {
  return testRedisUrl ? ['memory', 'redis'] : ['memory'];
}

/** Server environment for a backend (a fresh prefix for Redis). */
export function backendEnv(backend: RoomBackend, prefix = freshPrefix()): Record<string, string> {
  return backend === 'redis' && testRedisUrl ? { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix } : {};
}

/** Deletes every key under `prefix` (SCAN, so it never blocks Redis). */
export async function dropPrefix(prefix: string): Promise<void> {
  if (!testRedisUrl) return;
  const redis = new Redis(testRedisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * For a describe block whose tests each play processes of their own on Redis: registers hooks that
 * give every test a fresh key prefix (so one test's processes never see another's expired owners),
 * and closes the connections and deletes the keys after the block.
 * Returns `open()`, a new connection under the running test's prefix (a "process"), `prefix()`,
 * and `admin()`, a connection of the block's own for reading keys by their full names.
 */
export function redisPerTest(): { open(): Promise<RedisHandle>; prefix(): string; admin(): RedisHandle } {
  const handles: RedisHandle[] = [];
  const prefixes: string[] = [];
  let prefix = '';
  let admin: RedisHandle | undefined;
  const connect = async (keyPrefix: string) => {
    const handle = await openRedis(testRedisUrl!, { prefix: keyPrefix, logger: createLogger('silent') });
    handles.push(handle);
    return handle;
  };
  beforeAll(async () => void (admin = await connect(freshPrefix())));
  beforeEach(() => void prefixes.push((prefix = freshPrefix())));
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    for (const p of prefixes) await dropPrefix(p);
  });
  return { open: () => connect(prefix), prefix: () => prefix, admin: () => admin! };
}
