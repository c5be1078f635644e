/**
 * HTTP client (spec §7): JSON content type, the stored token as a Bearer header when one exists.
 * Failures throw ApiError carrying the server's `error` text, the status and the server's `code`. A
 * success reply is parsed with its schema from @mathsprint/shared/protocol (zod's default objects:
 * fields the server adds are dropped, not refused); one that does not parse throws
 * ApiError(UNREADABLE_REPLY_MESSAGE).
 */
import type { z } from 'zod';
import { errorReplySchema, type ErrorCode } from '@mathsprint/shared/protocol';
import { getToken } from './storage';

/**
 * A failed call. `message` is the server's `error` sentence (or the caller's fallback), shown to
 * the player; `status` the HTTP status, 0 when no answer came; `code` the server's ErrorCode
 * (`{ error, code }` body, errorReplySchema), null when the body has no known code (a network
 * failure, a proxy's HTML 502, a reply that did not parse). Decide on `code`, never on `message`.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Dispatched on `window` when the server refuses the stored token (a 401 whose `WWW-Authenticate`
 * says `error="invalid_token"`, RFC 6750 §3: expired, or revoked by a password change elsewhere).
 * The session guard listens and re-checks the session, which signs the player out with the
 * server's reason on /login, whichever screen's call found out.
 */
export const SESSION_REFUSED_EVENT = 'mathsprint:session-refused';

type Query = Record<string, string | number | boolean | undefined>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * What a player is told when a success reply does not match its schema: most likely this page is
 * an older build than the server (the fix is a reload), else the server is broken.
 */
export const UNREADABLE_REPLY_MESSAGE = 'The server sent a reply this app cannot read. Reload the page to get the latest version.';

/**
 * `data`, the parsed body of a success reply, checked by `reply`.
 * @throws ApiError(UNREADABLE_REPLY_MESSAGE, status) when it does not match; the zod issues go to the console.
 */
function readReply<S extends z.ZodType>(reply: S, data: unknown, method: string, path: string, status: number): z.output<S> {
  const parsed = reply.safeParse(data);
  if (parsed.success) return parsed.data;
  console.error(`${method} ${path}: the reply (HTTP ${status}) does not match its schema`, parsed.error.issues);
  throw new ApiError(UNREADABLE_REPLY_MESSAGE, status);
}

/**
 * Calls the API and parses its success reply with `reply` (the endpoint's reply schema; `z.null()`
 * for a 204, whose empty body reads as null). `fallback` is the message when the server gives no
 * `error` text.
 * @throws ApiError with the server's `error` and status on a failure; ApiError(UNREADABLE_REPLY_MESSAGE)
 *   with the reply's status when a success reply does not match `reply`; status 0 when unreachable.
 */
export async function apiRequest<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  reply: S,
  options: { body?: unknown; query?: Query; fallback?: string } = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(options.fallback ?? 'Network error: is the server running?', 0);
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    if (response.status === 401 && token && /error="invalid_token"/.test(response.headers.get('www-authenticate') ?? '')) {
      window.dispatchEvent(new Event(SESSION_REFUSED_EVENT));
    }
    const error = data && typeof data === 'object' && 'error' in data ? String(data.error) : null;
    const refusal = errorReplySchema.safeParse(data);
    throw new ApiError(error ?? options.fallback ?? `Request failed (${response.status})`, response.status, refusal.success ? refusal.data.code : null);
  }
  return readReply(reply, data, method, path, response.status);
}

/** GET and POST with their reply schema; a POST without a body sends `{}`. */
export const api = {
  get: <S extends z.ZodType>(path: string, reply: S, query?: Query, fallback?: string) => apiRequest('GET', path, reply, { query, fallback }),
  post: <S extends z.ZodType>(path: string, reply: S, body?: unknown, fallback?: string) =>
    apiRequest('POST', path, reply, { body: body ?? {}, fallback }),
};
