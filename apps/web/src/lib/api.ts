/**
 * HTTP client (spec §7): JSON content type, the stored token as a Bearer header when one exists.
 * Failures throw ApiError carrying the server's `error` text, the status and the server's `code`.
 */
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

/** Calls the API. `fallback` is the message when the server gives no `error` text. */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { body?: unknown; query?: Query; fallback?: string } = {},
): Promise<T> {
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
    const reply = errorReplySchema.safeParse(data);
    throw new ApiError(error ?? options.fallback ?? `Request failed (${response.status})`, response.status, reply.success ? reply.data.code : null);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: Query, fallback?: string) => apiRequest<T>('GET', path, { query, fallback }),
  post: <T>(path: string, body?: unknown, fallback?: string) => apiRequest<T>('POST', path, { body: body ?? {}, fallback }),
};
