/**
 * The one Socket.IO connection (spec §7 "Real-time socket"): same host, the stored token in the
 * handshake (`auth.token`), websocket first then polling, credentials, 20000 ms connection time-out,
 * automatic reconnection with exponential back-off and jitter.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@mathsprint/shared/protocol';
import { REALTIME } from '@mathsprint/shared/constants';
import { io, type Socket } from 'socket.io-client';
import { getToken } from './storage';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;

/** Returns the shared socket, connecting it on first use. The token is re-read on every (re)connect. */
export function getSocket(): AppSocket {
  if (socket) return socket;
  socket = io({
    auth: (cb) => cb({ token: getToken() ?? '' }),
    transports: ['websocket', 'polling'],
    withCredentials: true,
    timeout: REALTIME.connectionTimeoutMs,
    reconnection: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
  });
  socket.on('connect_error', (error) => console.error('Socket connection failed:', error.message));
  return socket;
}

/** Drops the connection (on logout or sign-in, so the next one carries the new token). */
export function resetSocket(): void {
  socket?.disconnect();
  socket = null;
}
