/**
 * The flood back-off (flood-backoff.ts) at the socket edge, in the order a connection meets it:
 *  1. `allowRequest`, Engine.IO's hook before its handshake: a client this process has already told
 *     why it is refused is turned away here, from a local lookup, with no session, WebSocket or
 *     Socket.IO packet made (HTTP 403 for polling, 400 for a WebSocket upgrade, with the message),
 *     after holding it for REFUSAL_HOLD_MS;
 *  2. `admit`, in the Socket.IO handshake middleware once the token is verified: the address and
 *     the user are checked (Redis with REDIS_URL, unless a refusal is cached) and a refused client
 *     gets a `connect_error` it can read (protocol socket-refusal.ts) before its connection closes;
 *  3. `cut`, when socket.ts finds a socket flooding: it stops reading it at once, records the
 *     strike, then disconnects it.
 */
import type { IncomingMessage } from 'node:http';
import { FLOOD_BACKOFF_CODE, floodRefusalMessage, type SocketRefusal } from '@mathsprint/shared/protocol';
import { clientAddressOf } from './client-address.js';
import type { FloodBackoff, FloodSubject } from './flood-backoff.js';

/** What `admit` needs of a Socket.IO socket in its handshake. */
interface HandshakingSocket {
  handshake: { address: string; headers: Readonly<Record<string, string | string[] | undefined>> };
  conn: { readyState: string; close(): void };
}

/**
 * How long a refusal before the handshake is held before it is sent, ms. A flooder that reconnects
 * as soon as it is refused (a bot; socket.io-client waits 1–5 s by itself) then knocks once a second
 * per connection instead of thousands of times: the held connection costs a file descriptor and a
 * timer, each knock an HTTP parse.
 */
export const REFUSAL_HOLD_MS = 1000;
/** Refusals held at once; beyond it they are sent at once, so a flood of parallel connections
 * cannot hold the process's file descriptors. */
const MAX_HELD_REFUSALS = 1000;

export interface FloodGate {
  /** Engine.IO's `allowRequest` option (called for handshakes only, not for a session's later requests). */
  allowRequest(req: IncomingMessage, callback: (message: string | null | undefined, success: boolean) => void): void;
  /** The address of a socket's client (client-address.ts), for its strike when it floods. */
  addressOf(socket: HandshakingSocket): string;
  /**
   * Resolves true when `socket` (signed in as `userId`, or a guest) may connect. Otherwise calls
   * `next` with the refusal error (message for the player, `data`: SocketRefusal), closes the
   * connection once that error is written, and resolves false. Never rejects.
   */
  admit(socket: HandshakingSocket, userId: string | null, next: (error: Error) => void): Promise<boolean>;
  /**
   * Cuts flooding `socket`: stops reading its WebSocket at once and drops what was already read
   * undecoded (a flooder writes thousands of frames before it sees the cut), records the strike
   * (flood-backoff.ts), so that its reconnection finds the back-off on any process, then
   * disconnects it (the client gets Socket.IO's DISCONNECT, "io server disconnect") and drops the
   * connection CUT_GRACE_MS later. Resolves with the back-off in ms; never rejects.
   */
  cut(socket: CuttableSocket, subject: FloodSubject): Promise<number>;
}

/** What `cut` needs of a connected Socket.IO socket. */
interface CuttableSocket {
  conn: { removeAllListeners(event: 'data'): unknown };
  disconnect(close: boolean): unknown;
}

/** Engine.IO's WebSocket transport keeps its ws WebSocket as `socket` (not public API; polling has none). */
type PausableConn = { transport?: { socket?: { pause?: () => void; terminate?: () => void } } };

/** Time for the DISCONNECT packet and the close frame to reach a cut client before its paused
 * connection is dropped (a paused WebSocket never reads the client's close frame). */
const CUT_GRACE_MS = 1000;

/** @param trustedHops - TRUST_PROXY_HOPS: which address a request comes from (client-address.ts). */
export function createFloodGate(backoff: FloodBackoff, trustedHops: number): FloodGate {
  let held = 0;
  const addressOf = (socket: HandshakingSocket) =>
    clientAddressOf(socket.handshake.address, socket.handshake.headers['x-forwarded-for'], trustedHops);
  return {
    allowRequest(req, callback) {
      const leftMs = backoff.refuseEarly(clientAddressOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustedHops));
      if (leftMs === 0) return callback(null, true);
      const refuse = () => callback(floodRefusalMessage(leftMs), false);
      if (held >= MAX_HELD_REFUSALS) return refuse();
      held++;
      setTimeout(() => {
        held--;
        refuse();
      }, REFUSAL_HOLD_MS);
    },
    addressOf,
    async admit(socket, userId, next) {
      const ip = addressOf(socket);
      const leftMs = await backoff.check({ ip, userId });
      if (leftMs === 0) return true;
      backoff.told(ip);
      const data: SocketRefusal = { code: FLOOD_BACKOFF_CODE, retryAfterMs: Math.ceil(leftMs) };
      next(Object.assign(new Error(floodRefusalMessage(leftMs)), { data }));
      // Socket.IO writes the CONNECT_ERROR on the next tick; Engine.IO's close waits for it to be
      // sent. A client that keeps the connection open would otherwise hold it until connectTimeout.
      setImmediate(() => {
        if (socket.conn.readyState === 'open') socket.conn.close();
      });
      return false;
    },
    async cut(socket, subject) {
      const ws = (socket.conn as PausableConn).transport?.socket;
      ws?.pause?.();
      // Socket.IO's client decodes the connection's 'data' events (one client per Engine.IO
      // connection); without its listener the frames already read are dropped undecoded.
      socket.conn.removeAllListeners('data');
      const backoffMs = await backoff.strike(subject);
      socket.disconnect(true);
      if (ws?.terminate) setTimeout(() => ws.terminate?.(), CUT_GRACE_MS).unref();
      return backoffMs;
    },
  };
}
