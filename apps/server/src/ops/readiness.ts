/**
 * What GET /readyz asks (issue #5 "Health"): a list of named checks, each a promise that settles
 * when its dependency answers. The app registers `database` (a `select 1`) and, when REDIS_URL is
 * set, `redis` (a PING over the server's Redis connection); a domain that adds a dependency
 * registers its own check by name, and a later registration under the same name replaces the
 * earlier one.
 */
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
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
 * Redis answers PING over the server's own connection (platform/redis.ts). While ioredis is
 * reconnecting it would queue the PING until Redis is back, so a connection that is not 'ready'
 * fails at once instead of waiting out the readiness time-out.
 */
export function redisCheck(client: Pick<Redis, 'status' | 'ping'>): ReadinessCheck {
  return async () => {
    if (client.status !== 'ready') throw new Error(`Redis connection is ${client.status}`);
    await client.ping();
  };
}
