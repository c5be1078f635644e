/**
 * HTTP client (spec §7): JSON content type, the stored token as a Bearer header when one exists.
 * Failures throw ApiError carrying the server's `error` text and the status.
 */
import { getToken } from './storage';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

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
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = data && typeof data === 'object' && 'error' in data ? String((data as { error: unknown }).error) : null;
    throw new ApiError(error ?? options.fallback ?? `Request failed (${response.status})`, response.status);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: Query, fallback?: string) => apiRequest<T>('GET', path, { query, fallback }),
  post: <T>(path: string, body?: unknown, fallback?: string) => apiRequest<T>('POST', path, { body: body ?? {}, fallback }),
};
