/** Players' Socket.IO connections for the integration tests, over a real socket.io-client. */
import { io as connectClient, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@mathsprint/shared/protocol';

/** A player's socket, typed with the protocol's events (spec §7). */
export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Connects to the server at `url` with `token` in the handshake (websocket only, no automatic
 * reconnection, a connection of its own) and resolves once the server has accepted it; rejects
 * with the handshake's connect_error. The caller disconnects it.
 */
export function connectPlayer(url: string, token: string): Promise<Client> {
  const socket: Client = connectClient(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * The next `event` on `socket` whose payload satisfies `matches` (any, by default), listened for from
 * now on; rejects after `timeoutMs`. With the Redis adapter a broadcast reaches even local sockets
 * only after Redis has it, so it may arrive after a later acknowledgement: set the listener before
 * whatever triggers the event.
 */
export function nextWhere<E extends keyof ServerToClientEvents>(
  socket: Client,
  event: E,
  matches: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${event} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (payload: any) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event as any, listener as any);
      resolve(payload);
    };
    socket.on(event as any, listener as any);
  });
}
