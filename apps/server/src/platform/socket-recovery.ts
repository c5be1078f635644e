/**
 * Connection state recovery (with REDIS_URL; platform/socket.ts header): what a recovered session
 * brings back is held until its token has been verified again as the same user (issue #5).
 */
import type { SessionUser } from '../platform/session-user.js';
import type { SocketData, TypedServer, TypedSocket } from './socket.js';

/** Socket.IO's EVENT packet type (socket.io-parser PacketType.EVENT). */
const EVENT_PACKET = 2;
type RawPacketSocket = { packet(packet: { type: number; data: unknown[] }): void };

/**
 * Socket.IO writes a recovered session's missed packets to the wire in the socket's constructor,
 * before any middleware has run. Wrapping the adapter's restoreSession moves them into the
 * session's data, where the handshake middleware finds them and lets them out only to the same user.
 */
export function holdRecoveredPackets(io: TypedServer): void {
  type Session = { data: Partial<SocketData>; missedPackets: unknown[][] } & Record<string, unknown>;
  const adapter = io.of('/').adapter as unknown as { restoreSession(pid: string, offset: string): Promise<Session | null> };
  const restore = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restore(pid, offset);
    if (!session) return session;
    return { ...session, data: { ...session.data, heldPackets: session.missedPackets }, missedPackets: [] };
  };
}

/**
 * A recovered socket keeps its rooms, duel attachment and missed broadcasts only when its token
 * still verifies as the user it belonged to; otherwise it leaves every room (its own id excepted)
 * and starts empty, as a new connection would.
 */
export function resumeRecovered(socket: TypedSocket, restored: Partial<SocketData>, user: SessionUser | null): void {
  if (user && restored.user?.id === user.id) {
    socket.data.duelCode = restored.duelCode;
    socket.data.heldPackets = restored.heldPackets;
    return;
  }
  for (const room of [...socket.rooms]) if (room !== socket.id) void socket.leave(room);
}

/** Writes the broadcasts a recovered session missed, held until now, after its CONNECT packet, in the order they were broadcast. */
export function releaseHeldPackets(socket: TypedSocket): void {
  const held = socket.data.heldPackets;
  if (!held) return;
  socket.data.heldPackets = undefined;
  for (const packet of held) (socket as unknown as RawPacketSocket).packet({ type: EVENT_PACKET, data: packet });
}
