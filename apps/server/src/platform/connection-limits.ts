/**
 * The HTTP server's defences against connection exhaustion (issue #46: idle sockets from one
 * address held the process at its file-descriptor limit and /healthz went unanswered):
 *  - deadlines for the HTTP parser (`httpServerOptions`): a connection that sends no complete
 *    request head within HTTP_HEADERS_TIMEOUT_MS is closed, and Node counts that time from the TCP
 *    connect for a connection that has sent nothing yet, so a socket that never sends a byte goes
 *    too; idle keep-alive connections close after HTTP_KEEP_ALIVE_TIMEOUT_MS;
 *  - a cap on the TCP connections one client address holds at once (`capConnectionsPerAddress`),
 *    applied at the server's `connection` event, before any byte is parsed: a connection beyond
 *    it is reset at once, which costs one accept and one close.
 * The Socket.IO sessions per client address and the unauthenticated sockets are bounded in
 * socket-limits.ts.
 */
import type { Server as HttpServer, ServerOptions as HttpServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config.js';
import { normalizeAddress } from './client-address.js';
import type { Logger } from './logger.js';

/**
 * How often (ms) Node checks its connections against the headers and request deadlines. Node's
 * default, 30 s, would let a silent socket live up to 30 s past HTTP_HEADERS_TIMEOUT_MS; the check
 * walks only the connections still sending a request (not WebSockets or idle keep-alives), so once
 * a second is cheap.
 */
const DEADLINE_CHECK_INTERVAL_MS = 1_000;

/**
 * Fastify's server options for the HTTP deadlines of `config` (ms): `keepAliveTimeout` and
 * `requestTimeout` (Fastify sets them on the server; its defaults are 72 s and none), and the
 * headers deadline with its check interval, passed to http.createServer.
 */
export function httpServerOptions(
  config: Pick<Config, 'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS'>,
): { keepAliveTimeout: number; requestTimeout: number; http: HttpServerOptions } {
  return {
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(DEADLINE_CHECK_INTERVAL_MS, config.HTTP_HEADERS_TIMEOUT_MS),
    },
  };
}

/** Counts what each address holds, up to `max` each. */
export interface AddressCounter {
  /** Whether `address` holds fewer than `max`, i.e. may have one more (nothing is counted). */
  admits(address: string): boolean;
  /** Counts one more for `address` unless it holds `max` already; returns whether it was counted. */
  tryAcquire(address: string): boolean;
  /** Counts one more for `address` whatever it holds (a session already admitted). */
  acquire(address: string): void;
  release(address: string): void;
  /** What `address` holds now. */
  held(address: string): number;
}

/**
 * @param onRefused - called with an address the first time it is refused since it last held
 *   fewer than `max` (one log line per flood, not one per refused connection).
 */
export function createAddressCounter(max: number, onRefused: (address: string) => void = () => {}): AddressCounter {
  const counts = new Map<string, number>();
  const refusing = new Set<string>();
  const admits = (address: string): boolean => {
    if ((counts.get(address) ?? 0) < max) return true;
    if (!refusing.has(address)) {
      refusing.add(address);
      onRefused(address);
    }
    return false;
  };
  return {
    admits,
    tryAcquire(address) {
      if (!admits(address)) return false;
      counts.set(address, (counts.get(address) ?? 0) + 1);
      return true;
    },
    acquire(address) {
      counts.set(address, (counts.get(address) ?? 0) + 1);
    },
    release(address) {
      const count = (counts.get(address) ?? 0) - 1;
      if (count > 0) counts.set(address, count);
      else counts.delete(address);
      if (count < max) refusing.delete(address);
    },
    held: (address) => counts.get(address) ?? 0,
  };
}

/**
 * Caps the TCP connections each peer address holds on `server` at `max`. Meant for clients that
 * connect directly (TRUST_PROXY_HOPS 0): behind a proxy every peer is the proxy, whose own per-client
 * limit (nginx limit_conn) takes this place. A refused connection is reset (RST) before the HTTP
 * parser reads from it, so it leaves no socket in TIME_WAIT here either.
 * @returns the counter, to read what an address holds.
 */
export function capConnectionsPerAddress(server: HttpServer, options: { max: number; logger: Logger }): AddressCounter {
  const { max, logger } = options;
  const counter = createAddressCounter(max, (address) =>
    logger.warn({ address, max }, 'connection cap reached for a client address: refusing its new connections'),
  );
  // Before the HTTP server's own listener, so that a refused socket never gets a parser.
  server.prependListener('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    // Already gone (reset by the client while queued): nothing to count.
    if (!peer) return;
    const address = normalizeAddress(peer);
    if (!counter.tryAcquire(address)) {
      socket.resetAndDestroy();
      return;
    }
    socket.once('close', () => counter.release(address));
  });
  return counter;
}
