/**
 * Which sockets are attached to which Math Challenge room, and the seats' `connected` flags that
 * follow from it (seat-presence.ts). Kept apart from the game's actions (duel.service.ts) because
 * it is about sockets, Socket.IO rooms and the background store changes the connection hooks
 * start, not about the rules.
 *
 * Each socket attached to a room joins the Socket.IO room `duel:{code}`; broadcasts go there
 * (through the Redis Streams adapter to every process, with REDIS_URL). A socket is attached to at
 * most one room (socket.data.duelCode). A seat shows connected while some process holds a socket of
 * its player attached to the room (seat-presence.ts), also after that player's process died.
 */
import type { Logger } from '../platform/logger.js';
import { userRoom } from '../platform/notifier.js';
import type { RedisHandle } from '../platform/redis.js';
import type { TypedServer, TypedSocket } from '../platform/socket.js';
import type { DuelRoom } from './duel.machine.js';
import { duelRoom } from './duel-broadcasts.js';
import type { RoomPresence, SeatRef } from './room-presence.js';
import type { ChangeResult, RoomStore, UpdateOutcome } from './room-store.js';
import { createSeatPresence, type SeatPresence } from './seat-presence.js';

export interface SeatAttachmentDeps {
  io: TypedServer;
  redis: RedisHandle | null;
  /** The presence lists in Redis; null in memory (one process). */
  presence: RoomPresence | null;
  store: RoomStore;
  /** Writes a seated player's `connected` flag and broadcasts the change (none when unchanged). */
  setConnected(seat: SeatRef, connected: boolean): Promise<void>;
  logger: Logger;
}

export interface SeatAttachment {
  /** Local sockets of a user (all tabs), through the `user:{id}` room platform/socket.ts joins. */
  socketsOf(userId: string): Generator<TypedSocket>;
  /** Attaches `socket` to room `code` (leaving the room it was attached to) and lists the seats. */
  attach(socket: TypedSocket, code: string): void;
  /** Detaches `socket` from room `code` when it is attached there. */
  detach(socket: TypedSocket, code: string): void;
  /** Detaches every socket of `userId` from room `code` (after the user left it), on every process. */
  detachUser(userId: string, code: string): void;
  /** Who holds which seat's connection (seat-presence.ts; with Redis, across processes). */
  seatPresence: SeatPresence;
  /** Runs one store change without waiting for it (connection hooks: no acknowledgement waits),
   * hands its outcome to `then`, and gives `failed` a store call that throws or rejects. */
  updateInBackground<R extends ChangeResult>(
    code: string,
    change: (room: DuelRoom) => R,
    then: (outcome: UpdateOutcome<R> | undefined) => void,
    failed: (error: unknown) => void,
  ): void;
  /** Resolves once every background store change is done (never rejects: failures are logged). */
  settle(): Promise<void>;
}

/** Builds the attachment of sockets to rooms for one process (see the file header). */
export function createSeatAttachment(deps: SeatAttachmentDeps): SeatAttachment {
  const { io, redis, store } = deps;

  function* socketsOf(userId: string): Generator<TypedSocket> {
    const ids = io.of('/').adapter.rooms.get(userRoom(userId));
    if (!ids) return;
    for (const id of ids) {
      const s = io.of('/').sockets.get(id);
      if (s) yield s;
    }
  }

  function attach(socket: TypedSocket, code: string): void {
    const previous = socket.data.duelCode;
    if (previous === code) return;
    if (previous) void socket.leave(duelRoom(previous));
    void socket.join(duelRoom(code));
    socket.data.duelCode = code;
    const user = socket.data.user;
    if (!user) return;
    if (previous) seatPresence.sync(user.id, previous);
    seatPresence.sync(user.id, code);
  }

  function detach(socket: TypedSocket, code: string): void {
    if (socket.data.duelCode !== code) return;
    void socket.leave(duelRoom(code));
    socket.data.duelCode = undefined;
    if (socket.data.user) seatPresence.sync(socket.data.user.id, code);
  }

  function detachUser(userId: string, code: string): void {
    for (const s of socketsOf(userId)) detach(s, code);
    if (redis) io.in(userRoom(userId)).socketsLeave(duelRoom(code));
  }

  /** The background store changes still running (settle() waits for them). */
  const inBackground = new Set<Promise<void>>();
  function track(work: Promise<void>): void {
    inBackground.add(work);
    void work.finally(() => inBackground.delete(work));
  }

  const seatPresence = createSeatPresence({
    presence: deps.presence,
    attachedHere: (userId, code) => [...socketsOf(userId)].some((s) => s.data.duelCode === code),
    attachedSeats() {
      const seats = new Map<string, SeatRef>();
      for (const s of io.of('/').sockets.values()) {
        const { duelCode: code, user } = s.data;
        if (code && user) seats.set(`${code} ${user.id}`, { code, userId: user.id });
      }
      return [...seats.values()];
    },
    setConnected: deps.setConnected,
    track,
    logger: deps.logger,
  });

  function updateInBackground<R extends ChangeResult>(
    code: string,
    change: (room: DuelRoom) => R,
    then: (outcome: UpdateOutcome<R> | undefined) => void,
    failed: (error: unknown) => void,
  ): void {
    try {
      track(Promise.resolve(store.update(code, change)).then(then).catch(failed));
    } catch (error) {
      failed(error);
    }
  }

  return {
    socketsOf,
    attach,
    detach,
    detachUser,
    seatPresence,
    updateInBackground,
    async settle() {
      // A change's outcome may start another (none does today); wait until none is left.
      while (inBackground.size > 0) await Promise.all(inBackground);
    },
  };
}
