/**
 * Entry point: parse config, lock DATA_DIR (embedded database only), open the database, build the
 * app, listen, and stop gracefully on SIGINT or SIGTERM (ops/shutdown.ts). Logs one line when ready
 * to serve.
 */
import { ignoredVariableWarnings, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { shutDownGracefully, SHUTDOWN_DEADLINE_MS } from './ops/shutdown.js';
import { systemClock } from './platform/clock.js';
import { acquireDataDirLock, type DataDirLock } from './platform/data-dir-lock.js';
import { openDatabase } from './platform/db.js';
import { createLogger } from './platform/logger.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  for (const { variable, message } of ignoredVariableWarnings(config)) logger.warn({ variable }, message);
  // A promise rejected with nobody listening (a Redis command cut off when its connection drops, in
  // a library's fire-and-forget call) is logged rather than allowed to stop the whole process and
  // every game on it; the server's own background work attaches its handlers.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));
  // Before PGlite touches the files: a second process on the same folder must not open it at all.
  let lock: DataDirLock | null = null;
  if (!config.DATABASE_URL && !config.DATA_DIR.startsWith('memory://')) {
    lock = acquireDataDirLock(config.DATA_DIR);
    const held = lock;
    process.once('exit', () => held.release());
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    // From then on requests that need the database fail, /readyz reports 'database', and SIGTERM exits 1.
    onLost: (error) => logger.error({ err: error }, 'database lost: its files were deleted under the running server'),
  });
  const backup =
    lock && database.snapshot ? { token: lock.info.opsToken, snapshot: database.snapshot } : undefined;
  const opsToken = lock?.info.opsToken;
  const app = await buildApp({
    config,
    db: database.db,
    clock: systemClock,
    logger,
    backup,
    opsToken,
    databaseShared: database.kind === 'postgres',
  });
  // A deep accept queue so thousands of players connecting in the same second are not dropped.
  await app.http.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
  const address = app.http.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  lock?.setAddress(config.HOST, port);
  logger.info(
    { port, database: database.kind, web: config.SERVE_WEB },
    `MathSprint ready at http://localhost:${port} (database: ${database.kind})`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'graceful shutdown took too long: exiting now');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    force.unref();
    const ok = await shutDownGracefully({ app, database, lock, logger });
    logger.info({ ok }, 'stopped');
    process.exit(ok ? 0 : 1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
