/** One JSON HTTP call to a test server, as a client of spec §7 makes it. */

export interface Reply<T = Record<string, unknown>> {
  status: number;
  /** Parsed body; `{error}` on failures. */
  body: T & { error?: string };
}

/**
 * One HTTP call to `server` (a test server, or any app at `url`: the browser tests' app processes)
 * with an optional Bearer token and JSON body. Resolves with the status and the parsed body
 * whatever the status.
 */
export async function call<T = Record<string, unknown>>(
  server: { url: string },
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(server.url + path, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  // A 204 (DELETE /api/me) has no body.
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T & { error?: string } };
}
