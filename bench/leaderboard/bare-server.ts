/**
 * Baseline for bench/leaderboard: a bare Fastify 5 server with one route, GET /api/leaderboard,
 * sending a fixed JSON body (the real server's leaderboard bytes, read from BODY_FILE) the same way
 * the app does (a pre-serialised Buffer). HELMET=precomputed adds the server's security headers
 * (apps/server/src/http/security-headers.ts), to measure what they cost.
 *
 * Env: PORT (required), BODY_FILE (required), HELMET.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { securityHeaderOptions, securityHeadersPlugin } from '../../apps/server/src/http/security-headers.js';

const port = Number(process.env.PORT);
const bodyFile = process.env.BODY_FILE;
if (!Number.isInteger(port) || port <= 0 || !bodyFile) {
  console.error('bare-server: PORT and BODY_FILE are required');
  process.exit(1);
}
const body = readFileSync(bodyFile);
const app = Fastify({ logger: false });

if (process.env.HELMET === 'precomputed') {
  // The server's own plugin and options (production over plain http: no HSTS).
  await app.register(securityHeadersPlugin, securityHeaderOptions({ https: false }));
}

app.get('/api/leaderboard', (_request, reply) =>
  reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(body),
);

await app.listen({ port, host: '127.0.0.1', backlog: 4096 });
