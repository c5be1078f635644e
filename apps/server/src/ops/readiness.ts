/**
 * What GET /readyz asks (issue #5 "Health"): a list of named checks, each a promise that settles
 * when its dependency answers. The app registers `database` (a `select 1`) and, when REDIS_URL is
 * set, `redis` (a PING); a domain that adds a dependency registers its own check by name, and a
 * later registration under the same name replaces the earlier one (so the Redis scale-out code can
 * put a PING over its own client in place of the stand-alone one here).
 */
import net from 'node:net';
import tls from 'node:tls';
import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db.js';

/** Settles when the dependency answers; rejects (or outlives the time-out) when it does not. */
export type ReadinessCheck = () => Promise<void>;

export interface ReadinessReport {
  ready: boolean;
  /** Names of the checks that failed or timed out, in registration order; 'shutdown' while stopping. */
  failing: string[];
}

export interface Readiness {
  /** Adds check `name`, or replaces the one already registered under it. */
  register(name: string, check: ReadinessCheck): void;
  /** From now on every report is not ready with 'shutdown' failing (SIGTERM: the balancer moves on). */
  markShuttingDown(): void;
  /** Runs every check at once, each bounded by `timeoutMs`. Never rejects. */
  check(timeoutMs: number): Promise<ReadinessReport>;
}

export function createReadiness(): Readiness {
  const checks = new Map<string, ReadinessCheck>();
  let shuttingDown = false;
  return {
    register(name, check) {
      checks.set(name, check);
    },
    markShuttingDown() {
      shuttingDown = true;
    },
    async check(timeoutMs) {
      if (shuttingDown) return { ready: false, failing: ['shutdown'] };
      const entries = [...checks];
      const results = await Promise.all(entries.map(([, check]) => passes(check, timeoutMs)));
      const failing = entries.filter((_, i) => !results[i]).map(([name]) => name);
      return { ready: failing.length === 0, failing };
    },
  };
}

async function passes(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(check)
        .then(
          () => true,
          () => false,
        ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The database answers a query. */
export function databaseCheck(db: Database): ReadinessCheck {
  return async () => {
    await db.execute(sql`select 1`);
  };
}

/**
 * The Redis server at `url` (redis:// or rediss://, with optional user and password) answers PING
 * with PONG, over a connection of its own that is closed afterwards. No Redis client library: this
 * is the one command we need, and the scale-out code registers a check over its own client anyway.
 */
export function redisPingCheck(url: string, timeoutMs = 2_000): ReadinessCheck {
  return () => redisPing(url, timeoutMs);
}

/** Sends [AUTH] PING in RESP (https://redis.io/docs/latest/develop/reference/protocol-spec/). */
export function redisPing(url: string, timeoutMs: number): Promise<void> {
  const target = new URL(url);
  const port = Number(target.port || 6379);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const commands: string[][] = [];
  if (target.password) {
    const password = decodeURIComponent(target.password);
    commands.push(target.username ? ['AUTH', decodeURIComponent(target.username), password] : ['AUTH', password]);
  }
  commands.push(['PING']);
  const wire = commands
    .map((args) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`)
    .join('');

  return new Promise<void>((resolve, reject) => {
    const socket =
      target.protocol === 'rediss:' ? tls.connect({ host, port, servername: host }) : net.connect({ host, port });
    let received = '';
    const finish = (error?: Error) => {
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    socket.setTimeout(timeoutMs, () => finish(new Error(`Redis at ${host}:${port} did not answer within ${timeoutMs} ms`)));
    socket.once('error', (error) => finish(error));
    socket.once('close', () => finish(new Error(`Redis at ${host}:${port} closed the connection`)));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const lines = received.split('\r\n').slice(0, -1);
      const failure = lines.find((line) => line.startsWith('-'));
      if (failure) return finish(new Error(`Redis answered ${failure.slice(1)}`));
      if (lines.length >= commands.length) {
        const pong = lines[commands.length - 1];
        finish(pong === '+PONG' ? undefined : new Error(`Redis answered ${pong} to PING, expected PONG`));
      }
    });
    socket.write(wire);
  });
}
