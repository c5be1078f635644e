/**
 * The guard of the operations that only someone on the server machine may ask the running server
 * for (GET /admin/backup, POST /admin/commands/:name): a direct loopback caller holding the
 * per-start opsToken of the DATA_DIR lock file (platform/data-dir-lock.ts), which `npm run backup`
 * and `npm run admin` read from there.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../platform/bearer-token.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A caller on this machine talking to us directly: from a loopback address (or our own address,
 * when HOST names one) and not through a proxy, since nginx on the same machine connects from
 * loopback too and always adds X-Forwarded-For.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  const { remoteAddress, localAddress } = request.socket;
  if (!remoteAddress) return false;
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && (LOOPBACK.has(remoteAddress) || remoteAddress === localAddress);
}

/** Whether the request's `Authorization: Bearer …` is `expected`, compared in constant time. */
export function tokenMatches(request: FastifyRequest, expected: string): boolean {
  const given = Buffer.from(bearerToken(request.headers.authorization) ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** isLocalCaller and tokenMatches together: what GET /admin/backup and POST /admin/commands ask. */
export function isLocalOperation(request: FastifyRequest, opsToken: string): boolean {
  return isLocalCaller(request) && tokenMatches(request, opsToken);
}
