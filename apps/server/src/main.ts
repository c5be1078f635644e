/**
 * Entry point: parse config, open the database, build the app, listen, close gracefully on SIGINT or
 * SIGTERM. Logs one line when ready to serve.
 */
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { systemClock } from './platform/clock.js';
import { openDatabase } from './platform/db.js';
import { createLogger } from './platform/logger.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await buildApp({ config, db: database.db, clock: systemClock, logger });
  // A deep accept queue so thousands of players connecting in the same second are not dropped.
  await app.http.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
  const address = app.http.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info(
    { port, database: database.kind, web: config.SERVE_WEB },
    `MathSprint ready at http://localhost:${port} (database: ${database.kind})`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
