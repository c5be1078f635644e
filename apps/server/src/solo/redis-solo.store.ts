/**
 * The single-player session store for several processes (REDIS_URL set): any process can answer or
 * time any run. Layout under the key prefix P:
 *  - P solo:s:{id}       the session as JSON;
 *  - P solo:user:{id}    "startedAt sessionId" of the user's most recent session;
 *  - P solo:wake         sorted set of session ids by wakeAt (the sweep's queue);
 *  - P solo:lock:{key}   the cross-process lock of `lock` (SET NX PX, released by a script that
 *                        deletes it only while it still holds this holder's token).
 * Writes that touch several keys are one Lua script each, so they are atomic.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisHandle } from '../platform/redis.js';
import { createLocalLocks } from '../platform/local-locks.js';
import type { SoloSession, SoloStore } from './solo.store.js';

/** Sessions are deleted by the service's sweep 10 minutes after they end; this bounds what a
 * sweep that never ran (every process gone) leaves behind. */
const SESSION_TTL_MS = 24 * 3600_000;
/**
 * Lock lifetime: the longest a holder may keep it. The work under the lock is a few Redis calls
 * and at most one solo_runs insert, well under a second; 10 s is there only so a holder that died
 * never blocks the session for good.
 */
const LOCK_TTL_MS = 10_000;
/** A waiter gives up (the request fails with a 500) after this long. */
const LOCK_WAIT_MS = 15_000;

/** KEYS: session, user index, wake set. ARGV: json, id, startedAt, wakeAt, ttl, session key prefix. */
const PUT_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[5])
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[2])
local latest = redis.call('GET', KEYS[2])
local replace = true
if latest then
  local at, id = string.match(latest, '^(%S+) (.*)$')
  if id ~= ARGV[2] and redis.call('EXISTS', ARGV[6] .. id) == 1 and tonumber(at) > tonumber(ARGV[3]) then replace = false end
end
if replace then redis.call('SET', KEYS[2], ARGV[3] .. ' ' .. ARGV[2], 'PX', ARGV[5]) end
return 1
`;

/** KEYS: session, wake set. ARGV: id, user index prefix. */
const DELETE_SCRIPT = `
local json = redis.call('GET', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if not json then return 0 end
redis.call('DEL', KEYS[1])
local userKey = ARGV[2] .. cjson.decode(json).userId
local latest = redis.call('GET', userKey)
if latest and string.match(latest, '^%S+ (.*)$') == ARGV[1] then redis.call('DEL', userKey) end
return 1
`;

/** KEYS: lock. ARGV: token. */
const UNLOCK_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

interface SoloCommands {
  soloPut(session: string, user: string, wake: string, json: string, id: string, startedAt: number, wakeAt: number, ttl: number, sessionPrefix: string): Promise<number>;
  soloDelete(session: string, wake: string, id: string, userPrefix: string): Promise<number>;
  soloUnlock(lock: string, token: string): Promise<number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createRedisSoloStore(handle: RedisHandle): SoloStore {
  const client = handle.client as Redis & Partial<SoloCommands>;
  if (!client.soloPut) {
    client.defineCommand('soloPut', { numberOfKeys: 3, lua: PUT_SCRIPT });
    client.defineCommand('soloDelete', { numberOfKeys: 2, lua: DELETE_SCRIPT });
    client.defineCommand('soloUnlock', { numberOfKeys: 1, lua: UNLOCK_SCRIPT });
  }
  const redis = client as Redis & SoloCommands;
  const p = handle.prefix;
  const sessionPrefix = `${p}solo:s:`;
  const userPrefix = `${p}solo:user:`;
  const wake = `${p}solo:wake`;
  // Holders in this process queue locally first, so only one of them polls Redis for the lock.
  const local = createLocalLocks();

  const parse = (json: string | null): SoloSession | null => (json ? (JSON.parse(json) as SoloSession) : null);

  async function acquire(key: string, token: string): Promise<void> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
      if ((await redis.set(key, token, 'PX', LOCK_TTL_MS, 'NX')) === 'OK') return;
      if (Date.now() > deadline) throw new Error(`lock ${key} still held after ${LOCK_WAIT_MS} ms`);
      await sleep(wait);
    }
  }

  return {
    async get(id) {
      return parse(await redis.get(sessionPrefix + id));
    },
    async put(session) {
      await redis.soloPut(
        sessionPrefix + session.id,
        userPrefix + session.userId,
        wake,
        JSON.stringify(session),
        session.id,
        session.startedAt,
        session.wakeAt,
        SESSION_TTL_MS,
        sessionPrefix,
      );
    },
    async delete(id) {
      await redis.soloDelete(sessionPrefix + id, wake, id, userPrefix);
    },
    async findByUser(userId) {
      const latest = await redis.get(userPrefix + userId);
      const id = latest?.slice(latest.indexOf(' ') + 1);
      return id ? parse(await redis.get(sessionPrefix + id)) : null;
    },
    async due(now, limit) {
      const ids = await redis.zrangebyscore(wake, '-inf', now, 'LIMIT', 0, limit);
      if (ids.length === 0) return [];
      const rows = await redis.mget(ids.map((id) => sessionPrefix + id));
      const gone = ids.filter((_, i) => rows[i] === null);
      if (gone.length) await redis.zrem(wake, ...gone);
      return rows.map(parse).filter((s): s is SoloSession => s !== null);
    },
    async size() {
      return redis.zcard(wake);
    },
    lock(key, work) {
      return local(key, async () => {
        const lockKey = `${p}solo:lock:${key}`;
        const token = randomUUID();
        await acquire(lockKey, token);
        try {
          return await work();
        } finally {
          await redis.soloUnlock(lockKey, token);
        }
      });
    },
  };
}
