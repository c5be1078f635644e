/**
 * Creating and joining a Math Challenge room over the socket (spec §7 "Events emitted": createRoom
 * {mode}, joinRoom {roomCode}; the callback returns roomCode, players, error).
 */
import type { DuelPlayer, RoomAck } from '@mathsprint/shared/protocol';
import { getSocket } from '../../../lib/socket';

/** How long to wait for the server's acknowledgement before saying it cannot be reached (ms). */
const ACK_TIMEOUT_MS = 10_000;

export type RoomResult = { ok: true; roomCode: string; players: DuelPlayer[]; mode?: number } | { ok: false; error: string };

/** The alert shown for an empty room code (spec §5, §8). */
export const ROOM_CODE_REQUIRED = 'Room code required: room ≠ ∅';

const UNREACHABLE = 'Could not reach the game server. Check your connection and try again.';

function toResult(err: Error | null, ack: RoomAck | undefined): RoomResult {
  if (err) return { ok: false, error: UNREACHABLE };
  if (!ack || typeof ack !== 'object') return { ok: false, error: 'Unexpected answer from the server' };
  if (ack.error) return { ok: false, error: String(ack.error) };
  if (typeof ack.roomCode !== 'string' || !Array.isArray(ack.players)) {
    return { ok: false, error: 'Unexpected answer from the server' };
  }
  return { ok: true, roomCode: ack.roomCode, players: ack.players, ...(typeof ack.mode === 'number' ? { mode: ack.mode } : {}) };
}

/** createRoom {mode} (mode in minutes: 1, 2, 3 or 5). */
export function createRoom(mode: number): Promise<RoomResult> {
  return new Promise((resolve) => {
    getSocket()
      .timeout(ACK_TIMEOUT_MS)
      .emit('createRoom', { mode }, (err: Error | null, ack: RoomAck) => resolve(toResult(err, ack)));
  });
}

/** joinRoom {roomCode}; the code is sent trimmed and upper-cased (codes use capitals only). */
export function joinRoom(roomCode: string): Promise<RoomResult> {
  return new Promise((resolve) => {
    getSocket()
      .timeout(ACK_TIMEOUT_MS)
      .emit('joinRoom', { roomCode: normalizeRoomCode(roomCode) }, (err: Error | null, ack: RoomAck) =>
        resolve(toResult(err, ack)),
      );
  });
}

/** Trims and upper-cases a typed room code; '' when nothing but spaces was typed. */
export function normalizeRoomCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}
