/**
 * Starts the real server on a free port for integration tests: real HTTP, real Socket.IO.
 * Database: PGlite in memory, or, when TEST_DATABASE_URL is set (CI), a fresh PostgreSQL database
 * created for this server and dropped at close.
 */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { ManualClock, systemClock, type Clock, type MonotonicClock } from '../../src/platform/clock.js';
import { openDatabase, type DatabaseHandle } from '../../src/platform/db.js';
import { createLogger } from '../../src/platform/logger.js';
import { createScratchPostgres } from './scratch-postgres.js';

export { createScratchPostgres };

export interface TestServer {
  url: string;
  port: number;
  app: App;
  config: Config;
  clock: Clock;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The migrated PGlite dump written by global-setup.ts, when the run has one. */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplatePath');
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/** Which backend the suite runs on: 'postgres' when TEST_DATABASE_URL is set, else 'pglite'. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * Starts a test server.
 * @param options.clock - the time the rules use (default the wall clock); a ManualClock runs a contest without waiting.
 * @param options.timer - the services' elapsed real time (cache lifetimes, back-offs; default
 *   systemTimer); a ManualClock here lets a test expire a cache by hand.
 * @param options.databaseUrl - a PostgreSQL database to use (not dropped at close), e.g. one shared
 *   by two servers as two server processes would share it.
 * @param options.database - an open database handle to use and leave open at close: a "restart" on
 *   PGlite, whose in-memory database lives in this process.
 */
export async function startTestServer(
  options: { clock?: Clock; timer?: MonotonicClock; env?: Record<string, string>; databaseUrl?: string; database?: DatabaseHandle } = {},
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: 'memory://',
    SERVE_WEB: 'false',
    // Tests play clients from many addresses through X-Forwarded-For, as behind one proxy.
    TRUST_PROXY_HOPS: '1',
    // Every test client connects from 127.0.0.1; connection-limits.test.ts tests the cap itself.
    MAX_CONNECTIONS_PER_IP: '100000',
    // Test clients answer as scripts do, at once: the fair-play pace rule is off unless a test sets
    // its floors (fair-play.test.ts does).
    PACE_EASY_FLOOR_MS: '0',
    PACE_FLOOR_STEP_MS: '0',
    ...options.env,
  });
  const scratch =
    options.databaseUrl === undefined && options.database === undefined && process.env.TEST_DATABASE_URL
      ? await createScratchPostgres(process.env.TEST_DATABASE_URL)
      : null;
  const database =
    options.database ??
    (await openDatabase({
      url: options.databaseUrl ?? scratch?.url,
      dataDir: 'memory://',
      pgliteTemplate: pgliteTemplate(),
    }));
  const clock = options.clock ?? systemClock;
  const app = await buildApp({ config, db: database.db, clock, timer: options.timer, logger: createLogger(config.LOG_LEVEL) });
  // main.ts's accept queue: a test that opens thousands of connections at once is not held up by
  // SYN retries of a full queue.
  await app.http.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  const address = app.http.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    app,
    config,
    clock,
    database,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      await scratch?.drop();
    },
  };
}

/**
 * One database for several test servers, as several processes (or one process restarted) share it:
 * on PostgreSQL (TEST_DATABASE_URL) a scratch database each server connects to with its own pool;
 * on PGlite one in-memory instance handed to every server.
 */
export async function openSharedTestDatabase(): Promise<{
  kind: 'pglite' | 'postgres';
  /** Options for startTestServer that put a server on this database. */
  serverOptions(): { databaseUrl: string } | { database: DatabaseHandle };
  close(): Promise<void>;
}> {
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL);
    // Migrate once up front, so that servers started together do not race to create the tables.
    const migrated = await openDatabase({ url: scratch.url, dataDir: 'memory://' });
    await migrated.close();
    return { kind: 'postgres', serverOptions: () => ({ databaseUrl: scratch.url }), close: () => scratch.drop() };
  }
  const database = await openDatabase({ dataDir: 'memory://', pgliteTemplate: pgliteTemplate() });
  return { kind: 'pglite', serverOptions: () => ({ database }), close: () => database.close() };
}

export { ManualClock };

/** Two test servers on one database, as two processes of one deployment share it. */
export interface ServerPair {
  a: TestServer;
  b: TestServer;
  /** Closes both servers, then the database. */
  close(): Promise<void>;
}

/**
 * Starts two servers with the same `options` on one openSharedTestDatabase(): what one writes, the
 * other reads, as two processes behind one load balancer.
 */
export async function startServerPair(options: { clock?: Clock; env?: Record<string, string> } = {}): Promise<ServerPair> {
  const shared = await openSharedTestDatabase();
  const a = await startTestServer({ ...options, ...shared.serverOptions() });
  const b = await startTestServer({ ...options, ...shared.serverOptions() });
  return {
    a,
    b,
    close: async () => {
      await Promise.all([a.close(), b.close()]);
      await shared.close();
    },
  };
}
