/**
 * Wiring of the operations part (issue #5) into the app: readiness checks, metrics and their
 * endpoints, plus what a stopping process tells its sockets. app.ts calls createOps before the
 * domains (the duel takes `metrics`) and `register` before the routes (so every route is timed).
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../platform/db.js';
import type { RedisHandle } from '../platform/redis.js';
import type { TypedServer } from '../platform/socket.js';
import { createMetrics, type MetricSources, type Metrics } from './metrics.js';
import { opsRoutes, type BackupSource } from './ops.routes.js';
import { createReadiness, databaseCheck, redisCheck, type Readiness } from './readiness.js';

export interface Ops {
  readiness: Readiness;
  metrics: Metrics;
  /** Adds the HTTP latency hook on the root instance and the ops routes. Call before other routes. */
  register(http: FastifyInstance): Promise<void>;
}

export function createOps(deps: {
  config: Config;
  db: Database;
  /** The server's Redis connection when REDIS_URL is set. */
  redis?: RedisHandle | null;
  sources: MetricSources;
  backup?: BackupSource;
}): Ops {
  const { config, db, redis, sources, backup } = deps;
  const readiness = createReadiness();
  readiness.register('database', databaseCheck(db));
  if (redis) readiness.register('redis', redisCheck(redis.client));
  const metrics = createMetrics(sources);
  return {
    readiness,
    metrics,
    async register(http) {
      // Callback style, not async: no promise per response on every route.
      http.addHook('onResponse', (request, reply, done) => {
        metrics.observeHttp(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime);
        done();
      });
      await http.register(opsRoutes, { readiness, metrics, metricsToken: config.METRICS_TOKEN, backup });
    },
  };
}

/**
 * Spread of the reconnection delay suggested to clients of a stopping process: 0–2 s keeps a
 * thousand reconnections from reaching the surviving processes in the same instant, well within
 * the 30 s the issue allows for them.
 */
export const SHUTDOWN_RECONNECT_SPREAD_MS = 2_000;

/**
 * Tells every socket of this process that it is stopping (`serverShutdown`, each with its own
 * random delay). The connections are closed afterwards by `io.close()` (app.close), which the
 * Socket.IO client sees as "transport close" and answers by reconnecting through the balancer.
 * @returns how many sockets were told.
 */
export function tellSocketsToReconnectElsewhere(io: TypedServer): number {
  let told = 0;
  for (const socket of io.of('/').sockets.values()) {
    socket.emit('serverShutdown', { reconnectInMs: randomInt(SHUTDOWN_RECONNECT_SPREAD_MS) });
    told++;
  }
  return told;
}
