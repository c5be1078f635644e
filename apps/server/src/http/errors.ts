/**
 * HTTP errors. Handlers throw `HttpError(status, message)`; the one error handler in app.ts turns it
 * into `{ error: message }` with that status. Anything else is logged with request context and
 * answered with a generic 500 whose text reveals nothing.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { firstIssueMessage, nulCharacterIssue } from '@mathsprint/shared/protocol';

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
  if (!result.success) throw new HttpError(400, firstIssueMessage(result.error));
  return result.data;
}

/**
 * preValidation hook of every route: refuses (HttpError 400) a request whose JSON body, query
 * string or path parameters hold the NUL character U+0000, which PostgreSQL text cannot store
 * (shared protocol `nulCharacterIssue`): "contestId must not contain the NUL character (U+0000)".
 */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  const issue = nulCharacterIssue(request.body) ?? nulCharacterIssue(request.query) ?? nulCharacterIssue(request.params);
  if (issue) throw new HttpError(400, issue);
}
