/**
 * The clocks of running Math Challenges in this process (issue #2: "the server owns the clock:
 * timerUpdate every second"; issue #5: exactly one process drives a room's clock).
 *
 * A clock does three things, which several processes split between them:
 *  - it announces: every whole second it sends `timerUpdate {timeLeft}` to the room's sockets. Every
 *    process announces to its own sockets, from the game's start and end times, which every process
 *    learns (the game's start, a room read): with Redis, no timerUpdate crosses Redis, which was
 *    most of the broadcasts there (bench/duel --processes 2). In one process, its sockets are all of
 *    them;
 *  - it ends the game on time, on the one process that drives the room (in memory: this one; with
 *    Redis: the holder of the room's lease, room-leases.ts). That process also sends the last
 *    `timerUpdate {timeLeft: 0}` and gameOver to every process's sockets;
 *  - it passes on the moment a clock it followed through the countdown starts (`started`), on every
 *    process with sockets in the room, each for its own: a rematch is announced then (clock-following.ts).
 *
 * Rooms are visited from one shared wheel of 10 ms slots (tick-wheel.ts), a few rooms at a time
 * with I/O in between (VISIT_CHUNK). Pure bookkeeping plus the callbacks the socket layer gives: no
 * sockets or store here.
 */
import { SLOT_MS, TickWheel } from './tick-wheel.js';

/** A running game's clock, epoch ms. */
export interface GameClock {
  gameId: string;
  /** When the clock starts (after the 3 s countdown). */
  startsAt: number;
  /** When time is up. */
  endsAt: number;
  /** A rematch: its start is announced when the clock starts (RoomClocksDeps.started). */
  rematch: boolean;
}

export interface RoomClocksDeps {
  now(): number;
  /** Sends timerUpdate {timeLeft} (whole seconds) to the sockets of room `code` that this process announces to. */
  announce(code: string, timeLeft: number): void;
  /** Whether this process has sockets attached to room `code` (a clock nobody here listens to and
   * that this process does not drive is dropped). */
  hasListeners(code: string): boolean;
  /** The clock of a game this process followed during its countdown has just started (called once
   * per game and process, at the first visit at or after startsAt, 0–2 slots late), while this
   * process drives it or has sockets in the room. */
  started(code: string, clock: GameClock): void;
  /** Ends a driven game whose time is up; may find it ended or replaced already. */
  end(code: string, clock: GameClock, now: number): Promise<void>;
  /** A visit that threw or an end that failed. */
  onError(error: unknown, code: string): void;
}

/**
 * Rooms visited before the clock yields to I/O: a visit is one timerUpdate to two sockets, so a
 * chunk holds the event loop for a fraction of a millisecond, which is as long as an answer that
 * arrives meanwhile waits for it (bench/duel, bench/README.md).
 */
const VISIT_CHUNK = 4;

interface Entry extends GameClock {
  /** Whether this process ends the game (see the file header). */
  drives: boolean;
  /** timeLeft last announced, so each second is announced once. */
  lastAnnounced: number | null;
  /** Followed before its clock started, and the start not yet passed to `started`. */
  countingDown: boolean;
}

export class RoomClocks {
  private readonly wheel = new TickWheel();
  private readonly clocks = new Map<string, Entry>();
  /** Rooms whose end is being written. */
  private readonly ending = new Set<string>();
  private readonly dueCodes: string[] = [];
  private dueHead = 0;
  private draining: NodeJS.Immediate | null = null;
  private readonly interval: NodeJS.Timeout;

  constructor(private readonly deps: RoomClocksDeps) {
    this.interval = setInterval(() => this.visitDue(), SLOT_MS);
    this.interval.unref();
  }

  /**
   * Keeps the clock of the game running in room `code` (a new game replaces the room's previous
   * one). `drives`: this process ends it; a clock already driven here stays driven.
   */
  follow(code: string, game: GameClock, drives: boolean): void {
    const current = this.clocks.get(code);
    if (current?.gameId === game.gameId) {
      current.drives ||= drives;
      return;
    }
    const countingDown = this.deps.now() < game.startsAt;
    this.clocks.set(code, { ...game, drives, lastAnnounced: null, countingDown });
    this.wheel.add(code, game.startsAt);
  }

  /** Whether this process keeps a clock for room `code` (of game `gameId`, when given). */
  has(code: string, gameId?: string): boolean {
    const entry = this.clocks.get(code);
    return entry !== undefined && (gameId === undefined || entry.gameId === gameId);
  }

  /** The id of the game whose clock this process keeps for room `code` without driving it (it
   * announces it to its own sockets only), if any. */
  followedGame(code: string): string | undefined {
    const entry = this.clocks.get(code);
    return entry && !entry.drives ? entry.gameId : undefined;
  }

  /** Stops driving room `code` (its lease went elsewhere); it is still announced here while this
   * process has sockets in it. */
  undrive(code: string): void {
    const entry = this.clocks.get(code);
    if (entry) entry.drives = false;
  }

  /** Drops the clock of room `code` (of game `gameId` only, when given): the game ended, or the room is gone. */
  forget(code: string, gameId?: string): void {
    const entry = this.clocks.get(code);
    if (!entry || (gameId !== undefined && entry.gameId !== gameId)) return;
    this.clocks.delete(code);
    this.wheel.remove(code);
  }

  /** Rooms whose clock this process drives. */
  driven(): string[] {
    return [...this.clocks].filter(([, entry]) => entry.drives).map(([code]) => code);
  }

  /** The timeLeft last announced for room `code`, if any. */
  lastAnnounced(code: string): number | null {
    return this.clocks.get(code)?.lastAnnounced ?? null;
  }

  /** Visits every clock now (tests, after moving a manual clock) and waits for the ends it started. */
  async visitAll(): Promise<void> {
    const now = this.deps.now();
    const ends: Promise<void>[] = [];
    this.wheel.all((code) => {
      const end = this.safeVisit(code, now);
      if (end) ends.push(end);
    });
    await Promise.all(ends);
  }

  /** Stops the shared interval and any chunk waiting to run. */
  close(): void {
    clearInterval(this.interval);
    if (this.draining) clearImmediate(this.draining);
  }

  /** The interval's work: queues the rooms of every slot that began, and drains the first chunk. */
  private visitDue(): void {
    this.wheel.due(this.deps.now(), (code) => this.dueCodes.push(code));
    if (this.dueHead < this.dueCodes.length && !this.draining) this.drain();
  }

  private readonly drain = (): void => {
    this.draining = null;
    const now = this.deps.now();
    const end = Math.min(this.dueCodes.length, this.dueHead + VISIT_CHUNK);
    while (this.dueHead < end) void this.safeVisit(this.dueCodes[this.dueHead++]!, now);
    if (this.dueHead < this.dueCodes.length) {
      this.draining = setImmediate(this.drain);
    } else {
      this.dueCodes.length = 0;
      this.dueHead = 0;
    }
  };

  private safeVisit(code: string, now: number): Promise<void> | undefined {
    try {
      return this.visit(code, now);
    } catch (error) {
      this.deps.onError(error, code);
      return undefined;
    }
  }

  /** One visit: the start of a clock followed through its countdown; timerUpdate when the whole
   * second changed; at the end, the driver ends the game and the others let go (the driver tells
   * every socket). Returns the end's promise, if any. */
  private visit(code: string, now: number): Promise<void> | undefined {
    const entry = this.clocks.get(code);
    if (!entry) {
      this.wheel.remove(code);
      return undefined;
    }
    if (now >= entry.endsAt) {
      if (!entry.drives) {
        this.forget(code);
        return undefined;
      }
      if (this.ending.has(code)) return undefined;
      this.ending.add(code);
      return this.deps
        .end(code, entry, now)
        .catch((error: unknown) => this.deps.onError(error, code))
        .finally(() => this.ending.delete(code));
    }
    if (entry.countingDown && now >= entry.startsAt) {
      entry.countingDown = false;
      if (entry.drives || this.deps.hasListeners(code)) this.deps.started(code, entry);
    }
    // machine.timeLeft of a running game: the full duration during the countdown, then rounded up.
    const left = Math.ceil(Math.min(entry.endsAt - entry.startsAt, entry.endsAt - now) / 1000);
    if (entry.lastAnnounced === left) return undefined;
    if (!entry.drives && !this.deps.hasListeners(code)) {
      this.forget(code);
      return undefined;
    }
    entry.lastAnnounced = left;
    this.deps.announce(code, left);
    return undefined;
  }
}
