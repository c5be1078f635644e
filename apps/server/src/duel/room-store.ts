/**
 * Where live Math Challenge rooms are kept (issue #2 "Architecture": live game state sits behind a
 * small store interface). Rooms are plain data (duel.machine.ts); two stores implement the
 * interface: MemoryRoomStore (one process, the default) and RedisRoomStore (several processes,
 * with REDIS_URL; redis-room-store.ts).
 *
 * Every change goes through `update`, an atomic read-transition-write: the transition is a pure
 * function of the room (duel.machine.ts), so a store that finds the room changed under it (another
 * process wrote first) simply runs it again on the newer room. Nothing but the machine's rules
 * decides what a change does.
 */
import type { FinishedDuel } from './finished-duel.js';
import { isAbandoned, type DuelEffect, type DuelRoom } from './duel.machine.js';

/** What a transition function returns: a new room to save (`ok` with a `room` not identical to
 * the one given), or anything else, which saves nothing (a refusal, a no-op). */
export type ChangeResult = { ok: boolean; room?: DuelRoom; effects?: DuelEffect[] } | null;

/** A value, or a promise of it: a store in this process answers at once, a shared one later. */
export type Awaitable<T> = T | Promise<T>;

/** Runs `next` on `value` at once when it is already there, after it resolves otherwise: a caller of
 * `RoomStore.update` on the in-memory store stays synchronous (no promise per answer). */
export function andThen<T, U>(value: Awaitable<T>, next: (resolved: T) => U): Awaitable<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

export interface UpdateOutcome<R> {
  /** The room the transition ran on (the latest one). */
  before: DuelRoom;
  /** What the transition returned for it. */
  result: R;
}

export interface RoomStore {
  get(code: string): Promise<DuelRoom | undefined>;
  /** Saves a new room; false (and nothing saved) when the code is taken. */
  create(room: DuelRoom): Promise<boolean>;
  /**
   * Runs `change` on the room and saves the room it returns, atomically: no other write to the
   * room lands between the read and the save (a conflicting write makes the store run `change`
   * again on the newer room, so `change` must be pure). A transition whose effects include
   * gameOver also stores its finished game durably (see `unrecorded`). Gives undefined when there
   * is no such room; the in-memory store gives its outcome at once, not as a promise.
   */
  update<R extends ChangeResult>(code: string, change: (room: DuelRoom) => R): Awaitable<UpdateOutcome<R> | undefined>;
  delete(code: string): Promise<void>;
  /** The room a user currently sits in (a seat not marked left), if any. A user has at most one. */
  findByUser(userId: string): Promise<DuelRoom | undefined>;
  /** Deletes the rooms that `isAbandoned` at `now` and returns their codes (a store whose rooms
   * expire on their own returns []). */
  sweep(now: number): Promise<string[]>;
  /**
   * Finished games stored by `update` that nobody has confirmed written to the database for
   * `olderThanMs`, claimed for this caller for another `olderThanMs` (a process that died between
   * the end of a game and its database write leaves them behind). Always [] in memory: there the
   * game is handed over in the same process that ended it.
   */
  unrecorded(olderThanMs: number): Promise<FinishedDuel[]>;
  /** Confirms finished games written to the database. */
  markRecorded(gameIds: string[]): Promise<void>;
  /** Rooms held (memory) or games running (Redis), for metrics and tests. */
  size(): Promise<number>;
}

/** Whether a change result asks for a save. */
export function changedRoom(before: DuelRoom, result: ChangeResult): DuelRoom | null {
  if (!result || !result.ok || !result.room || result.room === before) return null;
  return result.room;
}

/** The finished game a transition produced, if it ended a game. */
export function finishedGameOf(result: ChangeResult): FinishedDuel | null {
  for (const effect of result?.effects ?? []) if (effect.type === 'gameOver') return effect.result;
  return null;
}

/** The single-process store: a Map of rooms plus a user → room index kept in step on every write.
 * Each operation runs to completion synchronously, which makes `update` atomic by itself. */
export class MemoryRoomStore implements RoomStore {
  private readonly rooms = new Map<string, DuelRoom>();
  private readonly byUser = new Map<string, string>();

  /** The room now, synchronously (unit tests). */
  peek(code: string): DuelRoom | undefined {
    return this.rooms.get(code);
  }

  async get(code: string): Promise<DuelRoom | undefined> {
    return this.rooms.get(code);
  }

  async create(room: DuelRoom): Promise<boolean> {
    if (this.rooms.has(room.code)) return false;
    this.save(room);
    return true;
  }

  update<R extends ChangeResult>(code: string, change: (room: DuelRoom) => R): UpdateOutcome<R> | undefined {
    const before = this.rooms.get(code);
    if (!before) return undefined;
    const result = change(before);
    const next = changedRoom(before, result);
    if (next) this.save(next);
    return { before, result };
  }

  /** Saves a room (a new one or the next version of an existing one). */
  save(room: DuelRoom): void {
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

  async delete(code: string): Promise<void> {
    const room = this.rooms.get(code);
    if (!room) return;
    this.rooms.delete(code);
    for (const seat of room.seats) if (this.byUser.get(seat.userId) === code) this.byUser.delete(seat.userId);
  }

  async findByUser(userId: string): Promise<DuelRoom | undefined> {
    const code = this.byUser.get(userId);
    return code === undefined ? undefined : this.rooms.get(code);
  }

  async sweep(now: number): Promise<string[]> {
    const gone: string[] = [];
    for (const room of this.rooms.values()) if (isAbandoned(room, now)) gone.push(room.code);
    for (const code of gone) await this.delete(code);
    return gone;
  }

  async unrecorded(): Promise<FinishedDuel[]> {
    return [];
  }

  async markRecorded(): Promise<void> {}

  async size(): Promise<number> {
    return this.rooms.size;
  }
}
