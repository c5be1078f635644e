/**
 * Pushes server events to sockets without the domains knowing Socket.IO: every authenticated socket
 * joins the room `user:{userId}` on connection (platform/socket.ts).
 */
import type { ServerToClientEvents } from '@mathsprint/shared/protocol';

export interface Notifier {
  toUser<E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  toAll<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  toRoom<E extends keyof ServerToClientEvents>(room: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
}

/** Room name of a user's sockets. */
export const userRoom = (userId: string): string => `user:${userId}`;
