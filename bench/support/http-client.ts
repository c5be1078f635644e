/**
 * A lean keep-alive HTTP/1.1 client for load generators (node:http with a pooled Agent), timing
 * each request from the moment it is handed to the pool to the last byte of the response.
 *
 * Why node:http and not fetch: Node 20's global fetch hides its undici pool (no public Agent to
 * size or pre-open), and the `undici` package is not installed. An http.Agent with keepAlive and
 * `maxSockets` gives the same thing: a bounded pool of persistent connections, reused FIFO so
 * none sits idle long enough for the server's keep-alive timeout to close it under us.
 */
import http from 'node:http';

/** One request's outcome. `status` is 0 for a network error or timeout (`error` says which). */
export interface HttpResult {
  status: number;
  body: string;
  /** From handing the request to the pool to the response's last byte, ms (performance.now()). */
  ms: number;
  /** performance.now() when the request was handed to the pool. */
  sentAt: number;
  /** Network error code (ECONNRESET, ETIMEDOUT, …) when status is 0. */
  error?: string;
}

export interface RequestOptions {
  /** JSON-serialised as the body (with content-type application/json). */
  json?: unknown;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
  /** Abort after this many ms (default 30,000) and report status 0, error 'ETIMEDOUT'. */
  timeoutMs?: number;
}

export interface HttpClient {
  request(method: string, path: string, options?: RequestOptions): Promise<HttpResult>;
  /** Sockets currently open (busy + idle). */
  openSockets(): number;
  /** Closes every pooled connection. */
  close(): void;
}

/**
 * @param baseUrl - e.g. http://127.0.0.1:3000 (http only).
 * @param connections - the pool size: at most this many connections are open at once; further
 *   requests wait in the pool's queue (and that wait is part of their measured time).
 */
export function createHttpClient(baseUrl: string, connections: number): HttpClient {
  const url = new URL(baseUrl);
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: connections,
    maxFreeSockets: connections,
    scheduling: 'fifo',
  });
  const countSockets = (pool: NodeJS.ReadOnlyDict<unknown[]>) =>
    Object.values(pool).reduce((n, list) => n + (list?.length ?? 0), 0);
  return {
    request(method, path, options = {}) {
      const payload = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
      const headers: Record<string, string> = { ...options.headers };
      if (payload) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(payload.length);
      }
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      return new Promise<HttpResult>((resolve) => {
        const sentAt = performance.now();
        let settled = false;
        const finish = (status: number, body: string, error?: string) => {
          if (settled) return;
          settled = true;
          resolve({ status, body, ms: performance.now() - sentAt, sentAt, ...(error ? { error } : {}) });
        };
        const req = http.request(
          { agent, hostname: url.hostname, port: url.port, method, path, headers },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => finish(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
            res.on('error', (error: NodeJS.ErrnoException) => finish(0, '', error.code ?? error.message));
          },
        );
        req.setTimeout(options.timeoutMs ?? 30_000, () => {
          finish(0, '', 'ETIMEDOUT');
          req.destroy();
        });
        req.on('error', (error: NodeJS.ErrnoException) => finish(0, '', error.code ?? error.message));
        req.end(payload);
      });
    },
    openSockets: () => countSockets(agent.sockets) + countSockets(agent.freeSockets),
    close: () => agent.destroy(),
  };
}
