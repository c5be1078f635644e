/**
 * Raw connections for the connection-limit tests: idle TCP connections from a chosen loopback
 * address, HTTP calls bound to one, and the test process's open descriptors.
 */
import { readdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';

/** Entries of /proc/self/fd: this process's open file descriptors (sockets included). */
export function openDescriptors(): number {
  return readdirSync('/proc/self/fd').length;
}

/** A TCP connection that never sends a byte, with what happened to it. */
export interface IdleConnection {
  socket: net.Socket;
  /** ms from connect() to the close; null while open. */
  closedAfterMs: number | null;
  /** Bytes the server sent before the close. */
  received: number;
  closed: Promise<void>;
}

/** Opens one idle TCP connection to `port` from `localAddress`; it reads what comes, sends nothing. */
export function idleConnection(port: number, localAddress = '127.0.0.1'): IdleConnection {
  const started = Date.now();
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  const connection: IdleConnection = { socket, closedAfterMs: null, received: 0, closed: Promise.resolve() };
  connection.closed = new Promise((resolve) =>
    socket.once('close', () => {
      connection.closedAfterMs = Date.now() - started;
      resolve();
    }),
  );
  socket.on('data', (chunk: Buffer) => (connection.received += chunk.length));
  // A refused connection is reset: ECONNRESET is the expected outcome, not a failure.
  socket.on('error', () => {});
  return connection;
}

/**
 * Opens `count` idle connections from `localAddress`, `batch` at a time (few enough descriptors at
 * once for a 1,024 limit; each batch waits until
 * every one of its connections has connected or closed), then waits until no connection has
 * changed state for `settleMs`.
 */
export async function openIdleConnections(port: number, count: number, options: { localAddress?: string; batch?: number; settleMs?: number } = {}): Promise<IdleConnection[]> {
  const { localAddress = '127.0.0.1', batch = 100, settleMs = 300 } = options;
  const all: IdleConnection[] = [];
  for (let opened = 0; opened < count; opened += batch) {
    const group = Array.from({ length: Math.min(batch, count - opened) }, () => idleConnection(port, localAddress));
    all.push(...group);
    await Promise.all(group.map((c) => new Promise<void>((resolve) => {
      if (c.socket.readyState === 'open' || c.socket.destroyed) return resolve();
      c.socket.once('connect', () => resolve());
      c.socket.once('close', () => resolve());
    })));
  }
  let closed = -1;
  while (closed !== all.filter((c) => c.closedAfterMs !== null).length) {
    closed = all.filter((c) => c.closedAfterMs !== null).length;
    await new Promise((r) => setTimeout(r, settleMs));
  }
  return all;
}

/** A JSON reply. */
export interface BoundReply {
  status: number;
  body: Record<string, any>;
}

/**
 * One HTTP call to `url` + `path` over `agent` (bound to a local address with `localAddress`),
 * with an optional Bearer token and JSON body; rejects after `timeoutMs`.
 */
export function boundCall(
  agent: http.Agent,
  url: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<BoundReply> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url + path,
      {
        method,
        agent,
        headers: {
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Polls `read` every 100 ms until it satisfies `done` or `timeoutMs` passes; returns the last reading. */
export async function pollUntil<T>(read: () => T, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = read();
  }
  return value;
}
