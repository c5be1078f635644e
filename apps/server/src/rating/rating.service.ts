/**
 * Records finished Math Challenges and applies their rating periods off the game's hot path.
 *
 * `recordDuel` only enqueues (O(1), no I/O), so the duel's last answer acknowledgement never waits
 * for the database (issue #2 bench/duel: "keep database writes off the acknowledgement path (batch
 * them)"). A batch writer drains the queue 100 ms after the first game arrives, or at once when 100
 * games are waiting, and writes the whole batch in ONE transaction with one savepoint per game: a
 * game that fails (say, a user row deleted meanwhile) rolls back alone and is retried with
 * exponential back-off while the rest of the batch commits. Exactly-once comes from the database
 * (games.id primary key, ON CONFLICT DO NOTHING; see duel-record.ts), so a retry after an unclear
 * failure can never rate a game twice.
 *
 * After each commit: every rated player gets `ratingUpdate` with both players' new rating and rd
 * (spec §3 "Live rating update", §7), then the leaderboard is re-read once for the batch and, when
 * its top list changed, `leaderboardUpdate` goes to every connected client (issue #2 "Rating").
 */
import type { RatingUpdateEntry } from '@mathsprint/shared/protocol';
import { firstIssueMessage } from '@mathsprint/shared/protocol';
import type { Config } from '../config.js';
import { systemTimer, type MonotonicClock } from '../platform/clock.js';
import { publishLeaderboard, type LeaderboardService } from '../leaderboard/leaderboard.service.js';
import type { Database } from '../platform/db.js';
import type { Logger } from '../platform/logger.js';
import type { Notifier } from '../platform/notifier.js';
import { recordDuel, type DuelRecordResult } from './duel-record.js';
import { finishedDuelSchema, type FinishedDuel } from '../duel/duel.service.js';

/** A contest's final standings are rated through this, in the transaction that finalizes it. */
export { applyRatingPeriod, type RatingChange, type RatingPeriodInput, type RatingSource } from './rating-period.js';
/** A contest's results page reads the player's rating change of that contest through this. */
export { ratingChangesOf, type StoredRatingChange } from './rating-history.js';
/** Account deletion renames the erased player in the stored games through this. */
export { renamePlayerInGames } from './game-names.js';

export interface RatingService {
  /**
   * Hands over a finished Math Challenge. Returns at once; the game is written by the batch writer
   * within about 100 ms, then `onStored` is called (also when the database already had it: the
   * duel's Redis store then forgets its durable copy). A gameId already queued is ignored. A malformed record (a bug in
   * the caller) is logged and dropped rather than thrown into the game loop.
   */
  recordDuel(game: FinishedDuel, onStored?: () => void): void;
  /**
   * Writes everything queued now, ignoring back-off delays, and resolves when the queue is empty
   * (used at shutdown and by tests). Games still failing after a few rounds are logged at error
   * level with their full record, so they can be replayed, and stay queued.
   */
  flush(): Promise<void>;
}

export interface RatingDeps {
  db: Database;
  config: Pick<Config, 'GLICKO_TAU'>;
  logger: Logger;
  notifier: Notifier;
  leaderboard: LeaderboardService;
  /**
   * Elapsed real time (platform/clock.ts) that the batch writer's delay and back-off are measured
   * in, never the game's clock: a failed write is retried while a test's clock stands still.
   * Default systemTimer.
   */
  timer?: MonotonicClock;
}

/** Wait after the first queued game before writing, so games ending together share one transaction. */
const BATCH_DELAY_MS = 100;
/** Queue length that triggers an immediate write instead of waiting for the delay. */
const BATCH_TRIGGER = 100;
/** Most games per transaction: bounds how long one transaction holds the (PGlite) database. */
const BATCH_MAX = 200;
/** Back-off of a failed game: 250 ms × 2^(attempt−1), at most 30 s. */
const RETRY_BASE_MS = 250;
const RETRY_MAX_MS = 30_000;
/**
 * Attempts before a game is given up (logged at error level with its full record). With the
 * back-off above that is about 2.5 minutes of retries: long enough to ride out a database restart.
 */
const MAX_ATTEMPTS = 10;
/** Rounds of immediate retries `flush()` makes before giving up on what is left. */
const FLUSH_ROUNDS = 3;

interface Pending {
  game: FinishedDuel;
  onStored?: () => void;
  attempts: number;
  /** Timer reading (ms) before which the writer leaves it alone (back-off); 0 for a fresh game. */
  notBefore: number;
}

function retryDelay(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1));
}

/** Rating and rd in whole rating points, as the dashboard and the leaderboard show them. */
function publicRating(change: { userId: string; name: string; after: { rating: number; rd: number } }): RatingUpdateEntry {
  return { _id: change.userId, name: change.name, rating: Math.round(change.after.rating), rd: Math.round(change.after.rd) };
}

export function createRatingService(deps: RatingDeps): RatingService {
  const { db, config, logger, notifier, leaderboard } = deps;
  const timer = deps.timer ?? systemTimer;
  let queue: Pending[] = [];
  /** gameIds queued or being written, to drop duplicates before they cost a query. */
  const known = new Set<string>();
  /** Queued games never tried yet: always due, and what the immediate-write trigger counts. */
  let fresh = 0;
  let wakeUp: NodeJS.Timeout | null = null;
  /** Timer reading (ms) at which `wakeUp` fires. */
  let wakeUpAt = Number.POSITIVE_INFINITY;
  let writing: Promise<void> | null = null;

  /**
   * Arms the timer for the next write: at once when BATCH_TRIGGER fresh games wait, BATCH_DELAY_MS
   * after the first fresh game otherwise, or when the earliest back-off ends. O(1) on the common
   * path (a timer already armed early enough), since recordDuel runs on the game's event path.
   */
  function schedule(): void {
    if (writing || queue.length === 0) return;
    const now = timer.now();
    let at: number;
    if (fresh >= BATCH_TRIGGER) {
      at = now;
    } else if (fresh > 0) {
      at = now + BATCH_DELAY_MS;
    } else {
      let earliest = Number.POSITIVE_INFINITY;
      for (const p of queue) earliest = Math.min(earliest, p.notBefore);
      at = Math.max(earliest, now + BATCH_DELAY_MS);
    }
    if (wakeUp && wakeUpAt <= at) return;
    if (wakeUp) clearTimeout(wakeUp);
    wakeUpAt = at;
    // Even "at once" goes through a timer: the write must not start inside recordDuel's caller.
    wakeUp = setTimeout(() => {
      wakeUp = null;
      wakeUpAt = Number.POSITIVE_INFINITY;
      void startWrite(timer.now());
    }, at - now);
  }

  function clearTimer(): void {
    if (wakeUp) clearTimeout(wakeUp);
    wakeUp = null;
    wakeUpAt = Number.POSITIVE_INFINITY;
  }

  /** Takes up to BATCH_MAX games due at `now` (a timer reading, ms) and writes them; never rejects. */
  function startWrite(now: number): Promise<void> {
    if (writing) return writing;
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    for (const p of queue) (batch.length < BATCH_MAX && p.notBefore <= now ? batch : rest).push(p);
    queue = rest;
    fresh = 0;
    for (const p of rest) if (p.attempts === 0) fresh++;
    if (batch.length === 0) {
      schedule();
      return Promise.resolve();
    }
    writing = writeBatch(batch).finally(() => {
      writing = null;
      schedule();
    });
    return writing;
  }

  async function writeBatch(batch: Pending[]): Promise<void> {
    const done: { pending: Pending; result: DuelRecordResult }[] = [];
    const failed: { pending: Pending; error: unknown }[] = [];
    try {
      await db.transaction(async (tx) => {
        for (const pending of batch) {
          try {
            const result = await tx.transaction((savepoint) =>
              recordDuel(savepoint, pending.game, { tau: config.GLICKO_TAU }),
            );
            done.push({ pending, result });
          } catch (error) {
            failed.push({ pending, error });
          }
        }
      });
    } catch (error) {
      // BEGIN or COMMIT failed: nothing of the batch is stored, all of it is retried.
      done.length = 0;
      failed.length = 0;
      for (const pending of batch) failed.push({ pending, error });
    }

    for (const { pending } of done) {
      known.delete(pending.game.gameId);
      try {
        pending.onStored?.();
      } catch (error) {
        logger.error({ err: error, gameId: pending.game.gameId }, 'onStored of a finished game failed');
      }
    }
    const now = timer.now();
    for (const { pending, error } of failed) {
      pending.attempts += 1;
      if (pending.attempts >= MAX_ATTEMPTS) {
        known.delete(pending.game.gameId);
        logger.error(
          { err: error, attempts: pending.attempts, game: pending.game },
          'giving up on storing a finished game; its full record is in this line',
        );
        continue;
      }
      pending.notBefore = now + retryDelay(pending.attempts);
      logger.warn(
        { err: error, gameId: pending.game.gameId, attempts: pending.attempts, retryInMs: pending.notBefore - now },
        'storing a finished game failed; will retry',
      );
      queue.push(pending);
    }

    let anyRated = false;
    for (const { result } of done) {
      if (result.status !== 'recorded' || !result.rated) continue;
      anyRated = true;
      const players = result.changes.map(publicRating);
      for (const change of result.changes) notifier.toUser(change.userId, 'ratingUpdate', players);
    }
    if (done.length > 0) {
      logger.debug(
        { games: done.length, duplicates: done.filter((d) => d.result.status === 'duplicate').length },
        'finished games stored',
      );
    }
    if (anyRated) await publishLeaderboard(leaderboard, notifier, logger, 'rated games');
  }

  return {
    recordDuel(game, onStored) {
      const parsed = finishedDuelSchema.safeParse(game);
      if (!parsed.success) {
        logger.error({ game, problem: firstIssueMessage(parsed.error) }, 'refusing a malformed finished game (bug in the caller)');
        return;
      }
      if (known.has(game.gameId)) return;
      known.add(game.gameId);
      queue.push({ game: parsed.data, onStored, attempts: 0, notBefore: 0 });
      fresh++;
      schedule();
    },

    async flush() {
      let roundsWithoutProgress = 0;
      for (;;) {
        clearTimer();
        if (writing) await writing;
        if (queue.length === 0) return;
        if (roundsWithoutProgress >= FLUSH_ROUNDS) {
          clearTimer();
          logger.error(
            { games: queue.map((p) => p.game) },
            'flush gave up: these finished games are still not stored; their full records are in this line',
          );
          return;
        }
        for (const p of queue) p.notBefore = 0;
        const before = queue.length;
        await startWrite(timer.now());
        roundsWithoutProgress = queue.length < before ? 0 : roundsWithoutProgress + 1;
      }
    },
  };
}
