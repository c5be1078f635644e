/**
 * Where a socket's session token is found in its handshake. Spec §7 says only that the socket
 * "authenticates with the stored token in its handshake", so every place a Socket.IO client can put
 * it is read, in this order:
 *  1. the auth payload, `io(url, { auth: { token } })`: what the web client sends. A value written
 *     as the HTTP header is, `Bearer <token>`, is accepted too;
 *  2. the `Authorization: Bearer <token>` header (`extraHeaders`; Node clients and long-polling);
 *  3. the query string, `?token=<token>` (`query: { token }`, Socket.IO 2 habits). Proxies log
 *     URLs, so docs/api.md recommends the auth payload; deploy/nginx.conf keeps no access log.
 * The first place that holds a string wins, even when that string is not a valid token.
 */
import { bearerToken } from './bearer-token.js';

/** Longest token accepted; a JWT is a few hundred bytes (characters). */
export const MAX_HANDSHAKE_TOKEN_CHARS = 4096;

/** The parts of Socket.IO's `socket.handshake` read here. */
export interface HandshakeParts {
  auth?: unknown;
  headers?: Readonly<Record<string, string | string[] | undefined>>;
  query?: Readonly<Record<string, unknown>>;
}

/**
 * The token a handshake carries, or null when it carries none that could be one (missing, empty,
 * not a string, longer than MAX_HANDSHAKE_TOKEN_CHARS). Verifying it is the caller's job.
 */
export function handshakeToken(handshake: HandshakeParts): string | null {
  const raw = fromAuth(handshake.auth) ?? fromHeader(handshake.headers?.authorization) ?? fromQuery(handshake.query?.token);
  if (raw === null || raw.length === 0 || raw.length > MAX_HANDSHAKE_TOKEN_CHARS) return null;
  return raw;
}

function fromAuth(auth: unknown): string | null {
  if (typeof auth !== 'object' || auth === null) return null;
  const token: unknown = (auth as Record<string, unknown>).token;
  if (typeof token !== 'string') return null;
  return bearerToken(token) ?? token.trim();
}

function fromHeader(header: string | string[] | undefined): string | null {
  return typeof header === 'string' ? bearerToken(header) : null;
}

function fromQuery(token: unknown): string | null {
  return typeof token === 'string' ? token.trim() : null;
}
