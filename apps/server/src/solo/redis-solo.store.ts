/**
 * The single-player session store for several processes (REDIS_URL set): any process can answer or
 * time any run. Layout under the key prefix P:
 *  - P solo:s:{id}       the session as JSON;
 *  - P solo:user:{id}    "startedAt sessionId" of the user's most recent session;
 *  - P solo:wake         sorted set of session ids by wakeAt (the sweep's queue);
 *  - P solo:lock:{key}   the cross-process lock of `lock` (platform/redis-locks.ts).
 * Writes that touch several keys are one Lua script each, so they are atomic.
 */
import { withScripts, type RedisHandle } from '../platform/redis.js';
import { createRedisLocks } from '../platform/redis-locks.js';
import type { SoloSession, SoloStore } from './solo.store.js';

/** Sessions are deleted by the service's sweep 10 minutes after they end; this bounds what a
 * sweep that never ran (every process gone) leaves behind. */
const SESSION_TTL_MS = 24 * 3600_000;
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

interface SoloCommands {
  soloPut(session: string, user: string, wake: string, json: string, id: string, startedAt: number, wakeAt: number, ttl: number, sessionPrefix: string): Promise<number>;
  soloDelete(session: string, wake: string, id: string, userPrefix: string): Promise<number>;
}

export function createRedisSoloStore(handle: RedisHandle): SoloStore {
  const redis = withScripts<SoloCommands>(handle.client, {
    soloPut: { numberOfKeys: 3, lua: PUT_SCRIPT },
    soloDelete: { numberOfKeys: 2, lua: DELETE_SCRIPT },
  });
  const p = handle.prefix;
  const sessionPrefix = `${p}solo:s:`;
  const userPrefix = `${p}solo:user:`;
  const wake = `${p}solo:wake`;
  // The work under a session's lock is a few Redis calls and at most one solo_runs insert.
  const lock = createRedisLocks(handle, 'solo');

  const parse = (json: string | null): SoloSession | null => (json ? (JSON.parse(json) as SoloSession) : null);

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
    lock,
  };
}
