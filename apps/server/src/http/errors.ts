/**
 * HTTP errors. Services and routes refuse with `AppError(code, message)` (platform/app-error.ts);
 * the one error handler, handleError (here; app.ts installs it), answers `{ error: message, code }` with the status that
 * HTTP_STATUS gives the code, the one place codes meet statuses. Anything else is logged with
 * request context and answered with a generic 500 (INTERNAL) whose text reveals nothing. Requests
 * refused before any route runs (a malformed URL or HTTP message) and Fastify's own refusals (bad
 * JSON, body too large) get the same `{ error, code }` shape (frameworkErrorReply, clientErrorReply,
 * fastifyErrorCode).
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorCode, firstIssueMessage, unstorableTextIssue, type ErrorReply } from '@mathsprint/shared/protocol';
import { AppError } from '../platform/app-error.js';
import { bearerChallenge } from './session.js';

/**
 * The HTTP status of each code: the one table (issue #48 §4), exhaustive, so a new code does not
 * compile until it has a status. A code that needed two statuses would be two codes. The Math
 * Challenge's codes are socket acknowledgements; their status is what an HTTP answer would carry
 * (IN_ANOTHER_GAME is also the 409 of DELETE /api/me during a game).
 */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  INVALID_INPUT: 400,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  UNSUPPORTED_MEDIA_TYPE: 415,

  LOGIN_REQUIRED: 401,
  SESSION_EXPIRED: 401,
  ACCOUNT_REQUIRED: 403,
  OPERATOR_ONLY: 403,
  TOKEN_REQUIRED: 401,

  EMAIL_TAKEN: 409,
  INVALID_LOGIN: 401,
  WRONG_PASSWORD: 403,
  NO_PASSWORD: 403,

  CONTEST_NOT_FOUND: 404,
  REGISTRATION_CLOSED: 409,
  CONTEST_NOT_STARTED: 409,
  CONTEST_OVER: 409,
  NOT_REGISTERED: 403,
  ATTEMPT_NOT_STARTED: 409,
  ALREADY_SUBMITTED: 409,
  NO_ANSWERS: 400,
  NOT_A_PARTICIPANT: 404,
  NOT_REVEALED: 409,

  SECTION_NOT_OPENED: 409,
  SUBMIT_TO_DISCUSS: 403,
  COMMENT_NOT_FOUND: 404,
  SECTION_LOCKED: 403,

  ROOM_NOT_FOUND: 404,
  ROOM_FULL: 409,
  NOT_IN_ROOM: 409,
  NOT_HOST: 403,
  NEED_OPPONENT: 409,
  OPPONENT_AWAY: 409,
  OPPONENT_LEFT: 409,
  GAME_STARTED: 409,
  GAME_NOT_STARTED: 409,
  GAME_OVER: 409,
  GAME_NOT_OVER: 409,
  TIME_UP: 409,
  ALL_SOLVED: 409,
  IN_ANOTHER_GAME: 409,
  UNKNOWN_EVENT: 400,
  TOO_MANY_ROOMS: 429,

  RUN_NOT_FOUND: 404,
  RUN_OVER: 409,

  FLOOD_BACKOFF: 429,
};

/** The generic text of every 500: it reveals nothing of what failed. */
export const INTERNAL_ERROR_TEXT = 'Something went wrong on our side. Please try again.';

/** The body of a refusal: spec §7's `error` sentence and its code. */
export function errorReply(code: ErrorCode, error: string): ErrorReply {
  return { error, code };
}

/** Answers `reply` with `{ error, code }` and the status of `code` (HTTP_STATUS). */
export function sendError(reply: FastifyReply, code: ErrorCode, error: string): FastifyReply {
  return reply.status(HTTP_STATUS[code]).send(errorReply(code, error));
}

/**
 * The code of an error Fastify raised itself (its `FST_ERR_*` errors carry a 4xx `statusCode`):
 * the code whose status that is, e.g. 400 malformed or empty JSON → INVALID_INPUT, 413 body over
 * the 64 KiB limit → PAYLOAD_TOO_LARGE, 415 unknown content type → UNSUPPORTED_MEDIA_TYPE. A 4xx
 * without its own code (a static file's 416 range) is INVALID_INPUT and keeps Fastify's status.
 */
export function fastifyErrorCode(status: number): ErrorCode {
  return FASTIFY_STATUS_CODES[status] ?? ErrorCode.INVALID_INPUT;
}

const FASTIFY_STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: ErrorCode.INVALID_INPUT,
  404: ErrorCode.NOT_FOUND,
  408: ErrorCode.REQUEST_TIMEOUT,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  414: ErrorCode.URI_TOO_LONG,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
  431: ErrorCode.HEADERS_TOO_LARGE,
};

/** Parses untrusted input with `schema`; throws AppError INVALID_INPUT (400) with the first issue's message. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw new AppError(ErrorCode.INVALID_INPUT, firstIssueMessage(result.error, 'Request body'));
  return result.data;
}

/**
 * Parses a query string with `schema` as parseInput does. A field given more than once
 * (`?limit=1&limit=2`) arrives as a list, which the field's own message would misname ("limit must
 * be a number", "contestId is required"); when the parse fails and a field the schema reads came
 * as a list, the refusal (INVALID_INPUT, 400) names that instead: "limit must be given once, not 2 times".
 * A field that takes anything (`_ts`) may still come twice.
 */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const result = schema.safeParse(query ?? {});
  if (result.success) return result.data;
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (shape && query !== null && typeof query === 'object') {
    for (const [key, value] of Object.entries(query)) {
      if (Array.isArray(value) && Object.hasOwn(shape, key)) throw new AppError(ErrorCode.INVALID_INPUT, `${key} must be given once, not ${value.length} times`);
    }
  }
  throw new AppError(ErrorCode.INVALID_INPUT, firstIssueMessage(result.error, 'Request body'));
}

/**
 * preValidation hook of every route: refuses (INVALID_INPUT, 400) a request whose JSON body, query
 * string or path parameters hold text PostgreSQL cannot keep as sent, the NUL character U+0000 or
 * a lone surrogate (shared protocol `unstorableTextIssue`): "contestId must not contain the NUL
 * character (U+0000)".
 */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const issue = unstorableTextIssue(request.body) ?? unstorableTextIssue(request.query) ?? unstorableTextIssue(request.params);
  if (issue) throw new AppError(ErrorCode.INVALID_INPUT, issue);
}

/**
 * The one error handler (Fastify `setErrorHandler`): an AppError is answered `{ error, code }` with
 * its code's status (a 401 with its `WWW-Authenticate` challenge, RFC 9110 §11.6.1); Fastify's own
 * client errors (malformed JSON, body too large, unknown content type) keep their status and safe
 * text and get the code of that status (fastifyErrorCode); anything else is logged with request
 * context and answered 500 INTERNAL with a text that reveals nothing.
 */
export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) {
    if (HTTP_STATUS[error.code] === 401) reply.header('www-authenticate', bearerChallenge(request));
    return sendError(reply, error.code, error.message);
  }
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = fastifyErrorCode(status);
    return reply.status(status).send(errorReply(code, status === 429 ? 'Too many requests, please slow down' : error.message));
  }
  request.log.error({ err: error, url: request.url, method: request.method }, 'unhandled error');
  return sendError(reply, ErrorCode.INTERNAL, INTERNAL_ERROR_TEXT);
}

/** The refusals Fastify makes before routing (Fastify option `frameworkErrors`), by Fastify's code. */
const FRAMEWORK_ERRORS: Record<string, { code: ErrorCode; error: string }> = {
  FST_ERR_BAD_URL: { code: ErrorCode.INVALID_INPUT, error: 'The address is malformed: a %-encoded part of it is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { code: ErrorCode.URI_TOO_LONG, error: 'The address is too long' },
};

/**
 * Fastify option `frameworkErrors`: a URL the router cannot read (bad %-encoding: 400
 * INVALID_INPUT; a path parameter over the router's length limit: 414 URI_TOO_LONG) is answered
 * `{ error, code }` like every other refusal, not with Fastify's `{error, code, message,
 * statusCode}`. Anything else there is a 500 INTERNAL.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code];
  if (!known) request.log.error({ err: error, url: request.url }, 'unhandled framework error');
  const { code, error: text } = known ?? { code: ErrorCode.INTERNAL, error: INTERNAL_ERROR_TEXT };
  void sendError(reply, code, text);
}

/**
 * Fastify option `clientErrorHandler`: an HTTP message Node's parser refuses (headers over its
 * size limit: 431 HEADERS_TOO_LARGE; a request that timed out: 408 REQUEST_TIMEOUT; anything else
 * malformed: 400 INVALID_INPUT) is answered `{ error, code }` on the raw connection, which is then
 * closed (as Node and Fastify do by default).
 */
export function clientErrorReply(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, reason, text] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [ErrorCode.REQUEST_TIMEOUT, 'Request Timeout', 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [ErrorCode.HEADERS_TOO_LARGE, 'Request Header Fields Too Large', 'The request headers (or its address) are too large']
        : [ErrorCode.INVALID_INPUT, 'Bad Request', 'The request is not valid HTTP'];
  const body = JSON.stringify(errorReply(code, text));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${HTTP_STATUS[code]} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
