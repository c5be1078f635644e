/**
 * Where live Math Challenge rooms are kept (issue #2 "Architecture": live game state sits behind a
 * small store interface, in memory for now). Rooms are plain data (duel.machine.ts), so a
 * Redis-backed store can implement the same interface later without touching the rules.
 *
 * The interface is synchronous on purpose: a room belongs to the one process its sockets talk to
 * (as a Colyseus room does), which keeps every transition atomic without locks. A Redis store would
 * keep that owner's copy and write it through for fail-over and cross-process look-ups.
 */
import type { DuelRoom } from './duel.machine.js';

export interface RoomStore {
  get(code: string): DuelRoom | undefined;
  has(code: string): boolean;
  /** Saves a room (a new one or the next version of an existing one). */
  set(room: DuelRoom): void;
  delete(code: string): void;
  /** The room a user currently sits in (a seat not marked left), if any. A user has at most one. */
  findByUser(userId: string): DuelRoom | undefined;
  /** Every room, for the idle sweep. */
  values(): IterableIterator<DuelRoom>;
  readonly size: number;
}

/** The single-process store: a Map of rooms plus a user → room index kept in step on every write. */
export class MemoryRoomStore implements RoomStore {
  private readonly rooms = new Map<string, DuelRoom>();
  private readonly byUser = new Map<string, string>();

  get(code: string): DuelRoom | undefined {
    return this.rooms.get(code);
  }

  has(code: string): boolean {
    return this.rooms.has(code);
  }

  set(room: DuelRoom): void {
    const previous = this.rooms.get(room.code);
    this.rooms.set(room.code, room);
    // Most writes (answers, connection changes) keep the same seats array or the same users in it;
    // only seats that appeared, vanished or left touch the index.
    if (previous && previous.seats === room.seats) return;
    if (previous) {
      for (const seat of previous.seats) {
        const still = room.seats.some((s) => s.userId === seat.userId && !s.left);
        if (!still && this.byUser.get(seat.userId) === room.code) this.byUser.delete(seat.userId);
      }
    }
    for (const seat of room.seats) if (!seat.left) this.byUser.set(seat.userId, room.code);
  }

  delete(code: string): void {
    const room = this.rooms.get(code);
    if (!room) return;
    this.rooms.delete(code);
    for (const seat of room.seats) if (this.byUser.get(seat.userId) === code) this.byUser.delete(seat.userId);
  }

  findByUser(userId: string): DuelRoom | undefined {
    const code = this.byUser.get(userId);
    return code === undefined ? undefined : this.rooms.get(code);
  }

  values(): IterableIterator<DuelRoom> {
    return this.rooms.values();
  }

  get size(): number {
    return this.rooms.size;
  }
}
