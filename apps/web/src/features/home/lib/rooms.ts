/**
 * Creating and joining a Math Challenge room over the socket (spec §7 "Events emitted": createRoom
 * {mode}, joinRoom {roomCode}; the callback returns roomCode, players, error).
 */
import { roomAckSchema, type DuelPlayer, type ErrorCode } from '@mathsprint/shared/protocol';
import { getSocket } from '../../../lib/socket';
import { parseAck } from '../../../lib/socket-ack';

/** How long to wait for the server's acknowledgement before saying it cannot be reached (ms). */
const ACK_TIMEOUT_MS = 10_000;

/** A room taken, or why not: the server's refusal (with its code), or no reply in time (no code). */
export type RoomResult = { ok: true; roomCode: string; players: DuelPlayer[]; mode?: number } | { ok: false; error: string; code?: ErrorCode };

/** The alert shown for an empty room code (spec §5, §8). */
export const ROOM_CODE_REQUIRED = 'Room code required: room ≠ ∅';

const UNREACHABLE = 'Could not reach the game server. Check your connection and try again.';

function toResult(err: Error | null, raw: unknown, event: string): RoomResult {
  if (err) return { ok: false, error: UNREACHABLE };
  const ack = parseAck(roomAckSchema, raw, event);
  if ('error' in ack) return { ok: false, error: ack.error, code: ack.code };
  return { ok: true, roomCode: ack.roomCode, players: ack.players, mode: ack.mode };
}

/** createRoom {mode} (mode in minutes: 1, 2, 3 or 5). */
export function createRoom(mode: number): Promise<RoomResult> {
  return new Promise((resolve) => {
    getSocket()
      .timeout(ACK_TIMEOUT_MS)
      .emit('createRoom', { mode }, (err: Error | null, ack: unknown) => resolve(toResult(err, ack, 'createRoom')));
  });
}

/** joinRoom {roomCode}; the code is sent trimmed and upper-cased (codes use capitals only). */
export function joinRoom(roomCode: string): Promise<RoomResult> {
  return new Promise((resolve) => {
    getSocket()
      .timeout(ACK_TIMEOUT_MS)
      .emit('joinRoom', { roomCode: normalizeRoomCode(roomCode) }, (err: Error | null, ack: unknown) => resolve(toResult(err, ack, 'joinRoom')));
  });
}

/** Trims and upper-cases a typed room code; '' when nothing but spaces was typed. */
export function normalizeRoomCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}
