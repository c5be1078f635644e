/**
 * The Redis edge, used only when REDIS_URL is set (STYLE habit 8: scale-out is opt-in). One ioredis
 * connection for commands (stores, leases, the adapter's XADD); the Socket.IO adapter duplicates it
 * for its blocking stream reads.
 *
 * A short outage: ioredis queues commands while it reconnects (its offline queue) and sends them
 * once Redis answers again, so an answer acknowledgement waits instead of failing, and the adapter's
 * stream reader resumes from the last entry it saw (@socket.io/redis-streams-adapter keeps the
 * offset), so no broadcast written to the stream is skipped.
 *
 * ioredis 6 speaks RESP3 when Redis can (Redis 6+) and hands replies back in RESP2's shapes (its
 * default `replyMapping: 'legacy'`): the Lua scripts' replies (absent hash fields as null) and the
 * adapter's XREAD entries look as they did on RESP2, which the stores and the adapter rely on.
 */
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import type { Logger } from './logger.js';

export interface RedisHandle {
  client: Redis;
  /** Prefix of every key (config REDIS_KEY_PREFIX), e.g. "mathsprint:". */
  prefix: string;
  /** Waits for pending replies, then closes. */
  close(): Promise<void>;
}

/**
 * Commands that fail after this many reconnection attempts (ioredis backs off 50 ms × attempt, at
 * most 2 s, so about 25 s): long enough to ride out a Redis restart, short enough that a handler
 * answers with an error instead of hanging when Redis is gone for good.
 */
const MAX_RETRIES_PER_REQUEST = 20;

/** Connects to `url` and resolves once Redis answers (start-up fails fast on a wrong URL). */
export async function openRedis(url: string, options: { prefix: string; logger: Logger }): Promise<RedisHandle> {
  const { logger } = options;
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: MAX_RETRIES_PER_REQUEST,
    retryStrategy: (attempt) => Math.min(attempt * 50, 2000),
    connectionName: `mathsprint:${process.pid}`,
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (!down) logger.warn({ err: error }, 'Redis connection error; commands wait for the reconnection');
    down = true;
  });
  client.on('ready', () => {
    if (down) logger.info('Redis connection restored');
    down = false;
  });
  await client.connect();
  return {
    client,
    prefix: options.prefix,
    async close() {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}

/** A Lua script run as an ioredis custom command: its number of keys (left out when the caller passes it first) and its source. */
export interface ScriptCommand {
  numberOfKeys?: number;
  lua: string;
}

/**
 * `client`, typed with the custom commands `C`, once each script of `scripts` is defined on it as a
 * command of its name (ioredis `defineCommand`: EVALSHA, then EVAL once when Redis lacks the
 * script). A command already defined on that connection is left as it is, so every store, lease and
 * lock object built on one connection shares its scripts. Names must not clash with ioredis's own
 * methods.
 */
export function withScripts<C extends object>(client: Redis, scripts: Record<keyof C & string, ScriptCommand>): Redis & C {
  for (const [name, script] of Object.entries<ScriptCommand>(scripts)) if (!(name in client)) client.defineCommand(name, script);
  return client as Redis & C;
}

/** How long a disconnected client's session (rooms, missed broadcasts) is kept for recovery. */
export const RECOVERY_WINDOW_MS = 2 * 60_000;

/**
 * The Socket.IO Redis Streams adapter over `redis`: broadcasts go through one stream that every
 * process reads, and sessions for connection state recovery are kept in Redis, so a client that
 * reconnects to another process gets the broadcasts it missed. Stream, channel and session keys
 * carry the key prefix.
 *
 * maxLen: entries kept in the stream (approximately trimmed). At 1,000 running games the rooms'
 * broadcasts are some 3,000 entries a second; 100,000 keeps about half a minute of them for
 * recovery and costs Redis some tens of MB.
 */
export function redisSocketAdapter(redis: RedisHandle): ReturnType<typeof createAdapter> {
  return createAdapter(redis.client, {
    streamName: `${redis.prefix}socket.io`,
    channelPrefix: `${redis.prefix}socket.io`,
    sessionKeyPrefix: `${redis.prefix}sio:session:`,
    maxLen: 100_000,
    onlyPlaintext: true,
  });
}
