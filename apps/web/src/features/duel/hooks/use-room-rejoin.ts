/**
 * Keeps the socket in its Math Challenge room across refreshes and dropped connections (spec §2
 * "Multiplayer game": restore from saved state, then rejoin; §4 "Real-time connection": reconnects
 * automatically with exponential back-off).
 *
 * A page refresh creates a new socket that is in no room, and a reconnect after a drop gets a new
 * socket id on the server, so on every `connect` while the screen is mounted this emits
 * `rejoinRoom {roomCode, name}` and hands the acknowledgement to `onAck`. At mount it rejoins when
 * the socket is not connected yet (a fresh page load: the `connect` handler does it) or when
 * `rejoinAtMount` asks for it. A screen reached by in-app navigation is already in the room, but
 * its acknowledgement is the room as of now: the waiting room and the results screen ask for it so
 * that an event sent before they listened is not lost.
 */
import { rejoinAckSchema, type RejoinAck } from '@mathsprint/shared/protocol';
import { useCallback, useEffect, useRef } from 'react';
import { getSocket } from '../../../lib/socket';
import { parseAck } from '../../../lib/socket-ack';

/** How long a rejoin may stay unanswered before it counts as failed (ms). */
export const REJOIN_TIMEOUT_MS = 10_000;

export interface RoomRejoinOptions {
  /** The room to stay in; null disables the hook. */
  roomCode: string | null;
  /** The stored user's name (spec §7: rejoinRoom {roomCode, name}). */
  name: string | undefined;
  /** Rejoin at mount even though the socket is connected (the screen has no navigation state, or
   * wants the room as of now). */
  rejoinAtMount: boolean;
  /** The acknowledgement, parsed (one that does not parse arrives as an error reply, lib/socket-ack.ts). */
  onAck: (ack: RejoinReply) => void;
}

/** rejoinRoom's acknowledgement as the screens get it: the room's state, `{ error, code }`, or
 * `{ timedOut: true }` when none came within REJOIN_TIMEOUT_MS. */
export type RejoinReply = RejoinAck | { timedOut: true };

/** @returns `rejoin()`, to rejoin on demand (e.g. when getTimer says this socket is in no room). */
export function useRoomRejoin({ roomCode, name, rejoinAtMount, onAck }: RoomRejoinOptions): () => void {
  const latest = useRef(onAck);
  const rejoinRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    latest.current = onAck;
  });
  useEffect(() => {
    if (!roomCode) return;
    const socket = getSocket();
    let active = true;
    const rejoin = () => {
      socket.timeout(REJOIN_TIMEOUT_MS).emit('rejoinRoom', { roomCode, ...(name ? { name } : {}) }, (err, ack) => {
        if (!active) return;
        latest.current(err ? { timedOut: true } : parseAck(rejoinAckSchema, ack, 'rejoinRoom'));
      });
    };
    rejoinRef.current = () => {
      if (socket.connected) rejoin();
    };
    if (socket.connected && rejoinAtMount) rejoin();
    socket.on('connect', rejoin);
    return () => {
      active = false;
      rejoinRef.current = () => undefined;
      socket.off('connect', rejoin);
    };
  }, [roomCode, name, rejoinAtMount]);
  return useCallback(() => rejoinRef.current(), []);
}
