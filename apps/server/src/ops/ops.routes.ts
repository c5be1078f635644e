/**
 * Operations endpoints (issue #5):
 *  - GET /healthz → 200 `{ status: 'ok' }` while the process runs and its event loop turns
 *    (liveness: restart the process when this fails);
 *  - GET /readyz → 200 `{ status: 'ok' }` when every readiness check passes (the database answers
 *    `select 1`; Redis answers PING when REDIS_URL is set), else 503
 *    `{ status: 'unavailable', failing: ['database', …] }`; 'shutdown' fails from SIGTERM on
 *    (readiness: send traffic here only while this passes);
 *  - GET /metrics → Prometheus text format (ops/metrics.ts). Open unless METRICS_TOKEN is set, then
 *    401 TOKEN_REQUIRED without `Authorization: Bearer <METRICS_TOKEN>`;
 *  - GET /admin/backup → a gzipped tar of the embedded database's data directory, consistent as of
 *    the moment it was taken (see DatabaseHandle.snapshot). Only from the loopback address and with
 *    `Authorization: Bearer <opsToken>` of the DATA_DIR lock file (`npm run backup` does this);
 *    403 OPERATOR_ONLY otherwise, 404 NOT_FOUND on PostgreSQL (use pg_dump).
 * None of them needs a session; all answer with Cache-Control: no-store.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { HealthResponse, NotReadyResponse } from '@mathsprint/shared/protocol';
import { ErrorCode } from '@mathsprint/shared/protocol';
import { sendError } from '../http/errors.js';
import { isLocalOperation, tokenMatches } from '../http/local-caller.js';
import type { Metrics } from './metrics.js';
import type { Readiness } from './readiness.js';

/** Where GET /admin/backup takes its snapshot from (PGlite only). */
export interface BackupSource {
  /** The secret a caller must present (the DATA_DIR lock's opsToken). */
  token: string;
  /** A consistent gzipped tar of the data directory. */
  snapshot(): Promise<Blob>;
}

export interface OpsRoutesOptions {
  readiness: Readiness;
  metrics: Metrics;
  metricsToken: string | undefined;
  backup: BackupSource | undefined;
}

/**
 * A probe that waits longer than this counts as failing: load balancers and Kubernetes probes give
 * up after 1–5 s, and a database slower than 2 s to answer `select 1` cannot serve players anyway.
 */
export const READINESS_TIMEOUT_MS = 2_000;

export async function opsRoutes(app: FastifyInstance, options: OpsRoutesOptions): Promise<void> {
  const { readiness, metrics, metricsToken, backup } = options;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/healthz', async (): Promise<HealthResponse> => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply): Promise<HealthResponse | FastifyReply> => {
    const report = await readiness.check(READINESS_TIMEOUT_MS);
    if (report.ready) return { status: 'ok' };
    const notReady: NotReadyResponse = { status: 'unavailable', failing: report.failing };
    return reply.status(503).send(notReady);
  });

  app.get('/metrics', async (request, reply) => {
    if (metricsToken !== undefined && !tokenMatches(request, metricsToken)) {
      reply.header('www-authenticate', 'Bearer realm="MathSprint metrics"');
      return sendError(reply, ErrorCode.TOKEN_REQUIRED, 'Metrics need Authorization: Bearer <METRICS_TOKEN>');
    }
    const { contentType, body } = await metrics.render();
    return reply.type(contentType).send(body);
  });

  app.get('/admin/backup', async (request, reply) => {
    if (!backup) {
      return sendError(reply, ErrorCode.NOT_FOUND, 'Backups over HTTP are for the embedded database only; back up PostgreSQL with pg_dump');
    }
    if (!isLocalOperation(request, backup.token)) return forbidden(reply);
    const started = performance.now();
    const snapshot = Buffer.from(await (await backup.snapshot()).arrayBuffer());
    request.log.info({ bytes: snapshot.length, ms: Math.round(performance.now() - started) }, 'backup snapshot taken');
    return reply
      .type('application/gzip')
      .header('content-disposition', 'attachment; filename="mathsprint-backup.tar.gz"')
      .send(snapshot);
  });
}

function forbidden(reply: FastifyReply) {
  return sendError(reply, ErrorCode.OPERATOR_ONLY, 'Backups are taken with `npm run backup` on the server machine');
}
