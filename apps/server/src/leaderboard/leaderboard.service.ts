/**
 * The global leaderboard (spec §2 "Home dashboard", §7 "Global leaderboard"): the top non-guest
 * players by rating, held as an in-memory snapshot whose JSON body is serialised once per change.
 * GET /api/leaderboard sends that body as is, so a request never queries the database nor runs
 * JSON.stringify (issue #2 bench target: ≥ 20,000 req/s, p99 ≤ 10 ms with 100 connections).
 *
 * The snapshot is refreshed, and leaderboardUpdate pushed when the list changed
 * (`publishLeaderboard`), by the rating service after every batch of rated games and by the
 * accounts service after a sign-up; and lazily in the background when a reader finds it older than
 * `staleAfterMs`, which picks up renames, and sign-ups made through another process, without an interval timer.
 */
import type { LeaderboardEntry } from '@mathsprint/shared/protocol';
import { topRatedPlayers } from '../accounts/players.service.js';
import { systemTimer, type MonotonicClock } from '../platform/clock.js';
import type { Database } from '../platform/db.js';
import type { Logger } from '../platform/logger.js';
import type { Notifier } from '../platform/notifier.js';

/**
 * How many players the board holds. The spec's dashboard panel scrolls (max height 420 px) and its
 * longest contest list is 50 (§9 "results leaderboard shows 50"), so the global board uses 50 too.
 */
export const LEADERBOARD_SIZE = 50;

/** Default age after which a read triggers a background refresh: 5 s, one query per 5 s under load. */
const DEFAULT_STALE_AFTER_MS = 5_000;

export interface LeaderboardService {
  /**
   * Re-reads the top {@link LEADERBOARD_SIZE} non-guest users (rating descending, then name, then
   * id so equal ratings have a stable order; deleted accounts left out: they can no longer play)
   * and rebuilds the snapshot. Concurrent calls are
   * coalesced: a call made while a read is running waits for one more read that starts after it.
   *
   * @returns true when the visible list (ids, names, rounded ratings and RDs, order) changed.
   * @throws the database error when the read fails; the previous snapshot is kept.
   */
  refresh(): Promise<boolean>;
  /** The current snapshot: ratings and RDs rounded to whole rating points. Do not mutate. */
  top(): LeaderboardEntry[];
  /**
   * The pre-serialised UTF-8 JSON body `{"top":[...]}` of the current snapshot, for
   * GET /api/leaderboard. Triggers a background refresh when the snapshot is stale.
   */
  body(): Buffer;
}

export interface LeaderboardDeps {
  db: Database;
  logger: Logger;
  /** Age in ms after which `body()` starts a background refresh; default 5000. 0 disables it. */
  staleAfterMs?: number;
  /**
   * Elapsed real time (platform/clock.ts) that the snapshot's age is measured in for the staleness
   * check; default systemTimer.
   */
  timer?: MonotonicClock;
}

export function createLeaderboardService(deps: LeaderboardDeps): LeaderboardService {
  const { db, logger } = deps;
  const staleAfterMs = deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const timer = deps.timer ?? systemTimer;

  let entries: LeaderboardEntry[] = [];
  let json = JSON.stringify({ top: entries });
  let body = Buffer.from(json);
  let refreshedAt = Number.NEGATIVE_INFINITY;

  let inFlight: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;

  async function read(): Promise<boolean> {
    // Stamped before the query so that a failing database is retried once per period, not per request.
    refreshedAt = timer.now();
    const rows = await topRatedPlayers(db, LEADERBOARD_SIZE);
    const next: LeaderboardEntry[] = rows.map((r) => ({
      _id: r.id,
      name: r.name,
      rating: Math.round(r.rating),
      rd: Math.round(r.rd),
    }));
    const nextJson = JSON.stringify({ top: next });
    if (nextJson === json) return false;
    entries = next;
    json = nextJson;
    body = Buffer.from(nextJson);
    return true;
  }

  function refresh(): Promise<boolean> {
    if (!inFlight) {
      inFlight = read().finally(() => {
        inFlight = null;
      });
      return inFlight;
    }
    // A read is running but may have started before the caller's write committed: queue exactly
    // one more read after it and let every caller arriving meanwhile share that one.
    queued ??= inFlight
      .catch(() => false)
      .then(() => {
        queued = null;
        return refresh();
      });
    return queued;
  }

  return {
    refresh,
    top: () => entries,
    body() {
      if (staleAfterMs > 0 && !inFlight && timer.now() - refreshedAt > staleAfterMs) {
        refresh().catch((error: unknown) => logger.warn({ err: error }, 'background leaderboard refresh failed'));
      }
      return body;
    },
  };
}

/**
 * Re-reads the board and, when its visible list changed, pushes `leaderboardUpdate` (the whole
 * list, spec §7 "replaces the global leaderboard") to every connected client. Never throws: a
 * failed read is logged as a warning with `reason` and the previous snapshot stays.
 * @param reason - what changed, for the log: 'rated games', 'sign-up'.
 */
export async function publishLeaderboard(
  leaderboard: LeaderboardService,
  notifier: Notifier,
  logger: Logger,
  reason: string,
): Promise<void> {
  try {
    if (await leaderboard.refresh()) notifier.toAll('leaderboardUpdate', leaderboard.top());
  } catch (error) {
    logger.warn({ err: error, reason }, 'leaderboard refresh failed');
  }
}
