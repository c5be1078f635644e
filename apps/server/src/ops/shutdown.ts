/**
 * Graceful stop on SIGTERM/SIGINT (issue #5 "SIGTERM"): within SHUTDOWN_DEADLINE_MS of the signal
 * the process has, in this order,
 *  1. failed readiness (GET /readyz answers 503 'shutdown': balancers stop sending traffic),
 *  2. stopped accepting connections (the listening socket is closed; idle keep-alive connections too),
 *  3. told every socket `serverShutdown` (its client then reconnects elsewhere, see ops.ts),
 *  4. closed the app (app.close: domain timers and room leases, sockets, in-flight HTTP requests
 *     finish, contest loop, pending rating writes); connections still open when its budget ends are
 *     cut so that the next steps still happen,
 *  5. closed the database (PGlite: CHECKPOINT, then close),
 *  6. released the DATA_DIR lock,
 * and main.ts exits 0, or 1 when a step failed or the deadline passed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { systemTimer, type MonotonicClock } from '../platform/clock.js';
import type { DatabaseHandle } from '../platform/db.js';
import type { DataDirLock } from '../platform/data-dir-lock.js';
import type { Logger } from '../platform/logger.js';
import type { TypedServer } from '../platform/socket.js';
import { tellSocketsToReconnectElsewhere } from './ops.js';
import type { Readiness } from './readiness.js';

/** Issue #5: "exit within 10 seconds" (Kubernetes' default grace period is 30 s, systemd's 90 s). */
export const SHUTDOWN_DEADLINE_MS = 10_000;
/**
 * Kept for the database and the lock after the app's budget: a PGlite CHECKPOINT of a busy
 * database plus its close took under 1 s in our tests; twice that leaves a margin.
 */
const DATABASE_CLOSE_BUDGET_MS = 2_000;
/**
 * A long-polling client between two polls receives `serverShutdown` only with its next poll, which
 * it sends as soon as the previous one returned (a few ms); closing the engine sooner would discard
 * the buffered packet. WebSocket clients have it at once.
 */
const SOCKET_NOTICE_MS = 250;
/**
 * A keep-alive connection whose request finishes after the listener closed would otherwise stay
 * open until its keep-alive time-out (72 s in Fastify) and hold the close up; idle ones are closed
 * this often until the app has closed.
 */
const IDLE_SWEEP_MS = 50;

/**
 * The parts of the app (app.ts `App`, which main.ts passes) that a graceful stop uses; ops sits
 * below the app that wires it, so it names them here instead of importing app.ts.
 */
export interface StoppableApp {
  http: Pick<FastifyInstance, 'server'>;
  io: TypedServer;
  ops: { readiness: Pick<Readiness, 'markShuttingDown'> };
  /** The app's own close (app.ts `App.close`): domains' timers, sockets, HTTP server, contest loop, rating writes. */
  close(): Promise<void>;
}

/**
 * Runs the steps above. Never throws.
 * @returns true when every step succeeded in time.
 */
export async function shutDownGracefully(deps: {
  app: StoppableApp;
  database: DatabaseHandle;
  lock: DataDirLock | null;
  logger: Logger;
  /** Default SHUTDOWN_DEADLINE_MS; counted from when this is called. */
  deadlineMs?: number;
  /** Elapsed real time (platform/clock.ts): the deadline, each step's budget and logged ms. Default systemTimer. */
  timer?: MonotonicClock;
}): Promise<boolean> {
  const { app, database, lock, logger } = deps;
  const timer = deps.timer ?? systemTimer;
  const deadline = timer.now() + (deps.deadlineMs ?? SHUTDOWN_DEADLINE_MS);
  let ok = true;
  const step = async (name: string, run: () => unknown, budgetMs: number): Promise<boolean> => {
    const started = timer.now();
    let outOfTime: NodeJS.Timeout | undefined;
    try {
      const finished = await Promise.race([
        Promise.resolve().then(run).then(() => true),
        new Promise<false>((resolve) => {
          outOfTime = setTimeout(() => resolve(false), Math.max(0, budgetMs));
        }),
      ]);
      if (!finished) logger.warn({ step: name, budgetMs }, 'shutdown step ran out of time');
      else logger.info({ step: name, ms: Math.round(timer.now() - started) }, 'shutdown step done');
      ok &&= finished;
      return finished;
    } catch (error) {
      logger.error({ err: error, step: name }, 'shutdown step failed');
      ok = false;
      return false;
    } finally {
      clearTimeout(outOfTime);
    }
  };

  await step('fail readiness', () => app.ops.readiness.markShuttingDown(), 100);
  await step(
    'stop accepting connections',
    () => void app.http.server.close(), // completion is awaited by app.close below
    100,
  );
  await step(
    'tell sockets to reconnect elsewhere',
    async () => {
      const told = tellSocketsToReconnectElsewhere(app.io);
      logger.info({ sockets: told }, 'sockets told to reconnect elsewhere');
      if (told > 0) await sleep(SOCKET_NOTICE_MS);
    },
    SOCKET_NOTICE_MS + 100,
  );
  const appBudget = deadline - timer.now() - DATABASE_CLOSE_BUDGET_MS;
  const idleSweep = setInterval(() => app.http.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    if (!(await step('close app (sockets, in-flight requests, domains)', () => app.close(), appBudget))) {
      app.http.server.closeAllConnections();
      await step('close app after cutting open connections', () => app.close(), 500);
    }
  } finally {
    clearInterval(idleSweep);
  }
  await step('close database', () => database.close(), deadline - timer.now() - 100);
  if (lock) await step('release DATA_DIR lock', () => lock.release(), 100);
  return ok;
}
