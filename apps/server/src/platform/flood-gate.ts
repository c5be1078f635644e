/**
 * The flood back-off (flood-backoff.ts) at the socket edge, in the order a connection meets it:
 *  1. `allowRequest`, Engine.IO's hook before its handshake: a client this process has already told
 *     why it is refused is turned away here, from a local lookup, with no session, WebSocket or
 *     Socket.IO packet made (HTTP 403 for polling, 400 for a WebSocket upgrade, with the message);
 *  2. `admit`, in the Socket.IO handshake middleware once the token is verified: the address and
 *     the user are checked (Redis with REDIS_URL, unless a refusal is cached) and a refused client
 *     gets a `connect_error` it can read (protocol socket-refusal.ts) before its connection closes;
 *  3. `strike`, when socket.ts cuts a flooding socket.
 */
import type { IncomingMessage } from 'node:http';
import { FLOOD_BACKOFF_CODE, floodRefusalMessage, type SocketRefusal } from '@mathsprint/shared/protocol';
import { clientAddress } from './client-address.js';
import type { FloodBackoff, FloodSubject } from './flood-backoff.js';

/** What `admit` needs of a Socket.IO socket in its handshake. */
interface HandshakingSocket {
  handshake: { address: string; headers: Readonly<Record<string, string | string[] | undefined>> };
  conn: { readyState: string; close(): void };
}

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
  /** Records a flood cut (flood-backoff.ts `strike`); resolves with the back-off in ms. */
  strike(subject: FloodSubject): Promise<number>;
}

/** @param trustedHops - TRUST_PROXY_HOPS: which address a request comes from (client-address.ts). */
export function createFloodGate(backoff: FloodBackoff, trustedHops: number): FloodGate {
  const addressOf = (socket: HandshakingSocket) =>
    clientAddress(socket.handshake.address, socket.handshake.headers['x-forwarded-for'], trustedHops);
  return {
    allowRequest(req, callback) {
      const leftMs = backoff.refuseEarly(clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustedHops));
      if (leftMs > 0) callback(floodRefusalMessage(leftMs), false);
      else callback(null, true);
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
    strike: (subject) => backoff.strike(subject),
  };
}
