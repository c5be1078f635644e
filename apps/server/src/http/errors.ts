/**
 * HTTP errors. Handlers throw `HttpError(status, message)`; the one error handler in app.ts turns it
 * into `{ error: message }` with that status. Anything else is logged with request context and
 * answered with a generic 500 whose text reveals nothing. Requests refused before any route runs
 * (a malformed URL or HTTP message) get the same `{ error }` shape (frameworkErrorReply,
 * clientErrorReply).
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { firstIssueMessage, unstorableTextIssue } from '@mathsprint/shared/protocol';

export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 429 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Parses untrusted input with `schema`; throws HttpError 400 with the first issue's message. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw new HttpError(400, firstIssueMessage(result.error, 'Request body'));
  return result.data;
}

/**
 * Parses a query string with `schema` as parseInput does. A field given more than once
 * (`?limit=1&limit=2`) arrives as a list, which the field's own message would misname ("limit must
 * be a number", "contestId is required"); when the parse fails and a field the schema reads came
 * as a list, the refusal (HttpError 400) names that instead: "limit must be given once, not 2 times".
 * A field that takes anything (`_ts`) may still come twice.
 */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const result = schema.safeParse(query ?? {});
  if (result.success) return result.data;
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (shape && query !== null && typeof query === 'object') {
    for (const [key, value] of Object.entries(query)) {
      if (Array.isArray(value) && Object.hasOwn(shape, key)) throw new HttpError(400, `${key} must be given once, not ${value.length} times`);
    }
  }
  throw new HttpError(400, firstIssueMessage(result.error, 'Request body'));
}

/**
 * preValidation hook of every route: refuses (HttpError 400) a request whose JSON body, query
 * string or path parameters hold text PostgreSQL cannot keep as sent, the NUL character U+0000 or
 * a lone surrogate (shared protocol `unstorableTextIssue`): "contestId must not contain the NUL
 * character (U+0000)".
 */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const issue = unstorableTextIssue(request.body) ?? unstorableTextIssue(request.query) ?? unstorableTextIssue(request.params);
  if (issue) throw new HttpError(400, issue);
}

/** Texts of the refusals Fastify makes before routing (Fastify option `frameworkErrors`). */
const FRAMEWORK_ERRORS: Record<string, { status: number; error: string }> = {
  FST_ERR_BAD_URL: { status: 400, error: 'The address is malformed: a %-encoded part of it is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, error: 'The address is too long' },
};

/**
 * Fastify option `frameworkErrors`: a URL the router cannot read (bad %-encoding: 400; a path
 * parameter over the router's length limit: 414) is answered `{ error }` like every other refusal,
 * not with Fastify's `{error, code, message, statusCode}`. Anything else there is a 500.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code];
  if (!known) request.log.error({ err: error, url: request.url }, 'unhandled framework error');
  const { status, error: text } = known ?? { status: 500, error: 'Something went wrong on our side. Please try again.' };
  void reply.status(status).send({ error: text });
}

/**
 * Fastify option `clientErrorHandler`: an HTTP message Node's parser refuses (headers over its
 * size limit: 431; a request that timed out: 408; anything else malformed: 400) is answered
 * `{ error }` on the raw connection, which is then closed (as Node and Fastify do by default).
 */
export function clientErrorReply(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, text] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers (or its address) are too large']
        : [400, 'Bad Request', 'The request is not valid HTTP'];
  const body = JSON.stringify({ error: text });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
