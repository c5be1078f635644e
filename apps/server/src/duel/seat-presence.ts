/**
 * Keeps each seat's `connected` flag (duel.machine.ts `setConnected`) true exactly while some
 * process has a socket of the player attached to the room. In memory there is one process, and a
 * player's last socket dropping marks the seat disconnected. With Redis (room-presence.ts) the
 * player may have sockets on other processes, and a process killed with kill -9 marks nothing, so:
 *  - a process lists the (room, player) pairs it holds, updated as its sockets attach and drop;
 *  - the last socket here dropping marks the seat disconnected only when no other live process
 *    holds it;
 *  - a survivor marks disconnected the seats a dead process held that nobody holds now;
 *  - each mark-disconnected is checked again after it is written: a socket that attached elsewhere
 *    meanwhile (its process lists the pair before it marks the seat connected) makes it connected
 *    again, so the last write always agrees with the lists.
 */
import type { Logger } from '../platform/logger.js';
import type { RoomPresence, SeatRef } from './room-presence.js';

export interface SeatPresenceDeps {
  /** The presence lists in Redis; null in memory (one process). */
  presence: RoomPresence | null;
  /** True when a socket of `userId` is attached to room `code` on this process. */
  attachedHere(userId: string, code: string): boolean;
  /** Every seat a socket on this process is attached to. */
  attachedSeats(): SeatRef[];
  /** Writes a seated player's `connected` flag and broadcasts the change (none when unchanged). */
  setConnected(seat: SeatRef, connected: boolean): Promise<void>;
  /** Registers background work that `settle()` waits for. */
  track(work: Promise<void>): void;
  logger: Logger;
}

export interface SeatPresence {
  /** After a socket of `userId` attached to or detached from room `code` here: lists or unlists
   * the pair (with Redis; in the background). */
  sync(userId: string, code: string): void;
  /** After the last socket of `userId` here attached to room `code` dropped: marks the seat
   * disconnected unless another process holds it (in the background). */
  dropped(userId: string, code: string): void;
  /** A seat whose process died and which no live process holds: marked disconnected. Never rejects. */
  absent(seat: SeatRef): Promise<void>;
  /** Lists every seat attached here again and marks them connected (after this process stalled
   * and a survivor took its list). Never rejects. */
  reassert(): Promise<void>;
}

export function createSeatPresence(deps: SeatPresenceDeps): SeatPresence {
  const { presence, logger } = deps;
  const failed = (what: string, seat: SeatRef) => (error: unknown) => logger.error({ err: error, roomCode: seat.code, userId: seat.userId }, what);

  /** Marks the seat disconnected, then connected again if a live process holds it by now. */
  async function markAway(seat: SeatRef): Promise<void> {
    await deps.setConnected(seat, false);
    if (presence && (await presence.held(seat.code, seat.userId))) await deps.setConnected(seat, true);
  }

  return {
    sync(userId, code) {
      if (!presence) return;
      const seat = { code, userId };
      const work = deps.attachedHere(userId, code) ? presence.add(code, userId) : presence.leave(code, userId).then(() => undefined);
      deps.track(work.catch(failed('could not update the presence list', seat)));
    },

    dropped(userId, code) {
      const seat = { code, userId };
      const work = presence
        ? presence.leave(code, userId).then((elsewhere) => (elsewhere ? undefined : markAway(seat)))
        : deps.setConnected(seat, false);
      deps.track(work.catch(failed('could not mark a player disconnected', seat)));
    },

    absent(seat) {
      return markAway(seat).catch(failed('could not mark disconnected a player whose process is gone', seat));
    },

    async reassert() {
      if (!presence) return;
      const seats = deps.attachedSeats();
      logger.warn({ seats: seats.length }, 'this process stalled past its lease expiry; listing its players again');
      await Promise.all(
        seats.map(async (seat) => {
          try {
            await presence.add(seat.code, seat.userId);
            await deps.setConnected(seat, true);
          } catch (error) {
            failed('could not list a player again', seat)(error);
          }
        }),
      );
    },
  };
}
