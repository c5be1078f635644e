/**
 * The one Socket.IO connection (spec §7 "Real-time socket"): same host, the stored token in the
 * handshake (`auth.token`, and `autoRejoin: false`: the room screens rejoin by themselves),
 * websocket first then polling, credentials, 20000 ms connection time-out, automatic reconnection
 * with exponential back-off and jitter (randomizationFactor 0.5: each delay is drawn from ±50 % of
 * the back-off, so a thousand clients of a process that died do not all knock on the survivors in
 * the same instant), also after the server closed the connection itself. A connection refused for
 * a flood back-off shows the server's reason and connects again when the back-off ends.
 */
import { socketRefusalSchema, type ClientToServerEvents, type HandshakeAuth, type ServerToClientEvents } from '@mathsprint/shared/protocol';
import { REALTIME } from '@mathsprint/shared/constants';
import { toast } from 'react-toastify';
import { io, type Socket } from 'socket.io-client';
import { getToken } from './storage';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
/** The one toast of a refused connection (protocol socket-refusal.ts), shown until it connects again. */
const REFUSED_TOAST = 'socket-refused';
/** True from a drop of the shared socket until it connects again; false during a fresh page's
 * first connection (isConnectionLost). */
let dropped = false;

/** Returns the shared socket, connecting it on first use. The token is re-read on every (re)connect. */
export function getSocket(): AppSocket {
  if (socket) return socket;
  socket = io({
    // The room screens rejoin on every connect (use-room-rejoin.ts), so the server leaves other
    // screens' connections out of the player's room (HandshakeAuth.autoRejoin).
    auth: (cb) => cb({ token: getToken() ?? '', autoRejoin: false } satisfies HandshakeAuth),
    transports: ['websocket', 'polling'],
    withCredentials: true,
    timeout: REALTIME.connectionTimeoutMs,
    reconnection: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
  });
  const current = socket;
  current.on('connect_error', (error) => {
    console.error('Socket connection failed:', error.message);
    // Refused for a flood back-off: socket.io-client does not retry after a handshake refusal, so
    // the player is told why and the socket connects again once the back-off is over.
    const refusal = socketRefusalSchema.safeParse((error as { data?: unknown }).data);
    if (!refusal.success) return;
    toast.warning(`${error.message}. It reconnects by itself after that.`, { toastId: REFUSED_TOAST, autoClose: false });
    setTimeout(() => {
      if (socket === current && !current.connected) current.connect();
    }, refusal.data.retryAfterMs + Math.random() * 1000);
  });
  current.on('connect', () => {
    toast.dismiss(REFUSED_TOAST);
    if (socket === current) dropped = false;
  });
  current.on('disconnect', (reason) => {
    if (socket === current) dropped = true;
    // A server process that shuts down (SIGTERM) disconnects its clients on purpose, and Socket.IO
    // does not reconnect after a server-side disconnect by itself. Reconnect after a random
    // 0.5–1.5 s, so the clients of a stopping process spread over the others (through nginx)
    // instead of arriving all at once; the duel screen then rejoins its room (use-room-rejoin.ts).
    if (reason === 'io server disconnect') {
      setTimeout(() => {
        if (socket === current && !current.connected) current.connect();
      }, 500 + Math.random() * 1000);
    }
  });
  return socket;
}

/** Drops the connection (on logout or sign-in, so the next one carries the new token). */
export function resetSocket(): void {
  socket?.disconnect();
  socket = null;
  dropped = false;
}

/** True while the shared socket is down after having been up: a screen that mounts then (a game
 * that ended just as the connection dropped opens the results) knows its connection is lost. */
export function isConnectionLost(): boolean {
  return dropped;
}
