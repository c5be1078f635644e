/** One JSON HTTP call to a test server, as a client of spec §7 makes it. */
import type { TestServer } from './test-server.js';

export interface Reply<T = Record<string, unknown>> {
  status: number;
  /** Parsed body; `{error}` on failures. */
  body: T & { error?: string };
}

/** One HTTP call with an optional Bearer token and JSON body. */
export async function call<T = Record<string, unknown>>(
  server: TestServer,
  method: 'GET' | 'POST',
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
  return { status: res.status, body: (await res.json()) as T & { error?: string } };
}
