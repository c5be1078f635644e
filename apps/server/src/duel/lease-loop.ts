/**
 * The lease loop of a process whose rooms live in Redis (issue #5 "exactly one process drives a
 * room's clock at a time ... when its process dies, another takes the room over within 2
 * seconds"; "finished games ... are written to PostgreSQL exactly once ... whichever process writes
 * them"). Every SCAN_EVERY_MS (200 ms) one round, never two at once:
 *  - every RENEW_EVERY_MS (400 ms), renew this process's leases and stop driving the rooms whose
 *    lease is gone (the game ended elsewhere, or a survivor took them over after a stall);
 *  - take over the rooms whose holder's lease expired (its process died): drive the clock of the
 *    ones still playing that game, release the rest;
 *  - take the presence lists of such processes (room-presence.ts) and hand the seats nobody alive
 *    holds to `absent` (they are marked disconnected); when this process itself stalled past its
 *    expiry and lost its list, `reassert` lists its seats again;
 *  - every UNRECORDED_EVERY_MS (5 s), hand the finished games nobody stored within
 *    UNRECORDED_AFTER_MS (10 s) to the rating service again (their process died before the
 *    database write; the rating service stores a game once, by its id).
 * The leases themselves are room-leases.ts; the clocks room-clocks.ts; duel.service.ts wires them.
 */
import { performance } from 'node:perf_hooks';
import type { FinishedDuel } from './finished-duel.js';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { DuelRoom } from './duel.machine.js';
import type { GameClock, RoomClocks } from './room-clocks.js';
import { RENEW_EVERY_MS, SCAN_EVERY_MS, type RoomLeases } from './room-leases.js';
import type { RoomPresence, SeatRef } from './room-presence.js';
import type { RoomStore } from './room-store.js';

/** A finished game nobody confirmed stored for this long is handed to the rating service again by
 * some process (its own process died before the database write). The batch writer stores a game
 * within about 100 ms, so 10 s means the first writer is gone or the database is down. */
const UNRECORDED_AFTER_MS = 10_000;
/** How often a process looks for such games. */
const UNRECORDED_EVERY_MS = 5_000;

export interface LeaseLoopDeps {
  leases: RoomLeases;
  store: RoomStore;
  clocks: Pick<RoomClocks, 'driven' | 'undrive' | 'follow'>;
  /** The clock of a room's running game, as room-clocks.ts keeps it. */
  clockOf(game: NonNullable<DuelRoom['game']>): GameClock;
  /** Hands a finished game to the rating service (it stores it once and marks it recorded). */
  record(game: FinishedDuel): void;
  presence: RoomPresence;
  /** Marks a seat no live process holds disconnected (once its process died). */
  absent(seat: SeatRef): Promise<void>;
  /** Lists this process's seats again after a survivor took its list (it stalled). */
  reassert(): Promise<void>;
  /** The server's clock (platform/clock.ts): when finished games are looked for again. */
  clock: Clock;
  logger: Logger;
}

export interface LeaseLoop {
  /** Runs one round now; `force` renews and retries unrecorded games whatever their timers say.
   * Rejects with the failing Redis or store call's error. */
  round(force?: boolean): Promise<void>;
  /** Stops the timer and resolves once the round running now, if any, is over (before Redis goes).
   * Never rejects. */
  stop(): Promise<void>;
}

/** Starts the loop (its timer is unref'd: it never keeps the process alive). A failed round is
 * logged; the next one runs 200 ms later. */
export function startLeaseLoop(deps: LeaseLoopDeps): LeaseLoop {
  const { leases, store, clocks, clock, logger } = deps;
  let lastRenew = Number.NEGATIVE_INFINITY;
  let lastUnrecorded = clock.now();

  async function round(force = false): Promise<void> {
    // Renewals pace against the leases' expiry, which Redis's own clock (TIME) measures in real
    // time, so they follow the process's monotonic timer, not the server clock (a test's manual
    // clock stands still while the leases run out).
    const elapsed = performance.now();
    if (force || elapsed - lastRenew >= RENEW_EVERY_MS) {
      lastRenew = elapsed;
      const { fenced, lost } = await leases.renew(() => clocks.driven());
      for (const code of lost) clocks.undrive(code);
      if (fenced) await deps.reassert();
    }
    for (const { code, gameId } of await leases.takeExpired()) {
      const room = await store.get(code);
      if (room?.status === 'playing' && room.game?.id === gameId) {
        logger.info({ roomCode: code, gameId }, 'took over the clock of a room whose lease expired');
        clocks.follow(code, deps.clockOf(room.game), true);
      } else {
        await leases.release(code, gameId);
      }
    }
    const absent = await deps.presence.takeAbsent();
    if (absent.length > 0) logger.info({ seats: absent.length }, 'marking disconnected the players whose process is gone');
    await Promise.all(absent.map((seat) => deps.absent(seat)));
    const now = clock.now();
    if (force || now - lastUnrecorded >= UNRECORDED_EVERY_MS) {
      lastUnrecorded = now;
      for (const game of await store.unrecorded(UNRECORDED_AFTER_MS)) {
        logger.warn({ gameId: game.gameId }, 'storing a finished game its process left unstored');
        deps.record(game);
      }
    }
  }

  let inFlight: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (inFlight) return;
    inFlight = round()
      .catch((error: unknown) => logger.error({ err: error }, 'room lease round failed'))
      .finally(() => (inFlight = null));
  }, SCAN_EVERY_MS);
  timer.unref();

  return {
    round,
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}
