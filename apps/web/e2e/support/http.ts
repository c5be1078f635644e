/** HTTP calls the browser tests make from outside the browser (Node's fetch), to set up or check what a screen shows. */

/** A response's HTTP status and its body parsed as JSON (`undefined` when the body is not JSON). */
export interface JsonResponse<T> {
  status: number;
  body: T;
}

/**
 * POSTs `body` as JSON to `path` (e.g. '/signup', spec §7) of the app at `baseUrl`, with `token` as
 * a Bearer token when given. Resolves with the status and the parsed body whatever the status;
 * rejects only when the app cannot be reached.
 */
export async function postJson<T = unknown>(baseUrl: string, path: string, body: unknown, token?: string): Promise<JsonResponse<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed as T };
}
