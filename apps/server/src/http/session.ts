/**
 * The session of each HTTP request: spec §7 sends the stored token as `Authorization: Bearer <token>`.
 * One onRequest hook verifies it (signature, expiry, and one indexed users lookup for the token
 * version, so a revoked token is refused on its very next request) and puts the caller on
 * `request.sessionUser`. Route handlers then call requireUser or optionalUser synchronously.
 */
import { ErrorCode } from '@mathsprint/shared/protocol';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SessionUser } from '../platform/session-user.js';
import { bearerToken } from '../platform/bearer-token.js';
import { AppError } from '../platform/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null when no valid Bearer token came with the request. */
    sessionUser: SessionUser | null;
    /** True when a Bearer token came but was invalid, expired or revoked (picks the 401 message). */
    sessionTokenRejected: boolean;
  }
}

export const SESSION_MESSAGES = {
  loginRequired: 'Please log in to continue',
  sessionExpired: 'Your session has expired. Please log in again.',
} as const;

/** The part of AccountsService this hook needs. */
export interface TokenVerifier {
  verifyToken(token: string): Promise<SessionUser | null>;
}

/**
 * Registers the session hook on the root instance, so it runs for every route of every plugin.
 * A request without a Bearer header costs nothing; one with a token costs an HMAC check and, if that
 * passes, one primary-key lookup.
 */
export function registerSession<L extends FastifyBaseLogger>(
  app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, L>,
  accounts: TokenVerifier,
): void {
  // Primitive defaults only: Fastify 5 refuses shared reference values on decorateRequest.
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionTokenRejected', false);
  // Callback style, not async: a request without a token (static files, the public leaderboard)
  // goes on without a promise. verifyToken never rejects (it logs and answers null).
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request.headers.authorization);
    // An empty Bearer (a client with nothing stored) is no token at all: "Please log in".
    if (!token) return done();
    accounts.verifyToken(token).then((user) => {
      request.sessionUser = user;
      request.sessionTokenRejected = user === null;
      done();
    }, done);
  });
}

/**
 * The signed-in caller (a guest counts).
 * @param loginRequired the 401 text without a token: 'Please log in to continue' unless the route
 *   has the spec's own words for it (§5: 'Please login to register for the contest', …).
 * @throws AppError LOGIN_REQUIRED (401) `loginRequired` without a token, or SESSION_EXPIRED 'Your session has expired. Please log
 *   in again.' when the token sent is invalid, expired or revoked.
 */
export function requireUser(request: FastifyRequest, loginRequired: string = SESSION_MESSAGES.loginRequired): SessionUser {
  if (request.sessionUser) return request.sessionUser;
  throw request.sessionTokenRejected
    ? new AppError(ErrorCode.SESSION_EXPIRED, SESSION_MESSAGES.sessionExpired)
    : new AppError(ErrorCode.LOGIN_REQUIRED, loginRequired);
}

/** The caller when signed in, else null (an invalid token is treated as none). */
export function optionalUser(request: FastifyRequest): SessionUser | null {
  return request.sessionUser;
}

/**
 * The `WWW-Authenticate` challenge of a 401 (RFC 9110 §11.6.1 requires one; the Bearer scheme's
 * parameters are RFC 6750 §3): `Bearer realm="MathSprint"`, with `error="invalid_token"` when the
 * request's token was refused (expired, revoked, forged). Clients tell "sign in again" from other
 * 401s (a guest on a members' page, a wrong password) by that parameter, not by the message text.
 */
export function bearerChallenge(request: FastifyRequest): string {
  return request.sessionTokenRejected ? 'Bearer realm="MathSprint", error="invalid_token"' : 'Bearer realm="MathSprint"';
}
