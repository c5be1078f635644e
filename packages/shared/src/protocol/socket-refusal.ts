/**
 * Why the server refused a Socket.IO connection, as the web client reads it (ours, beyond spec §7).
 * A connection cut for flooding (issue #46: events beyond 3 × SOCKET_RATE_LIMIT_EVENTS in one
 * window) is refused again, from the same address or for the same user, for a back-off that grows
 * with each cut. The refusal is the handshake middleware's error: socket.io-client's
 * `connect_error` carries `message` (a sentence for the player) and `data` (this shape), and the
 * socket does not reconnect by itself after it; the client waits `retryAfterMs` and connects again.
 */
import { z } from 'zod';
import { ErrorCode } from './error-code.js';

/** `code` of a flood back-off refusal. */
export const FLOOD_BACKOFF_CODE = ErrorCode.FLOOD_BACKOFF;

/** `connect_error.data` of a refused connection. retryAfterMs: ms until the back-off ends. */
export const socketRefusalSchema = z.object({
  code: z.literal(FLOOD_BACKOFF_CODE),
  retryAfterMs: z.number().int().nonnegative(),
});
export type SocketRefusal = z.infer<typeof socketRefusalSchema>;

/** The refusal's `message`: what the player is told, with the wait rounded up to whole seconds. */
export function floodRefusalMessage(retryAfterMs: number): string {
  return `Too many messages: this connection is paused for ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s`;
}
