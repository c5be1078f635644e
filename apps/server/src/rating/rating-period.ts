/**
 * Applying one Glicko-2 rating period to stored players, inside the caller's transaction. Shared by
 * every source of rated results: a finished Math Challenge ('duel', two players, this issue) and a
 * weekly contest's final standings ('contest', many players, a later issue). The maths is the pure
 * domain code (`@mathsprint/shared/domain`, Glickman's "Example of the Glicko-2 system"); this file
 * only reads, locks and writes.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Glicko2Rating } from '@mathsprint/shared/domain';
import { lockRatings, storeRatings } from '../accounts/players.service.js';
import { ratingHistory } from '../db/schema/ratings.js';
import type { Transaction } from '../platform/db.js';

/** What produced a rating period; stored in rating_history.source. */
export type RatingSource = 'duel' | 'contest';

export interface RatingPeriodInput {
  source: RatingSource;
  /** games.id for a duel, the contest id for a contest; with `source`, identifies the period. */
  sourceId: string;
  /** Distinct user ids of the rated players (non-guests), in the order `rate` expects. */
  userIds: readonly string[];
  /**
   * The period's maths: pre-period ratings in `userIds` order in, post-period ratings in the same
   * order out. E.g. `([a, b]) => rateHeadToHead(a, b, 1, { tau })` or
   * `(players) => rateContest(players, ranks, { tau })`.
   */
  rate(current: readonly Glicko2Rating[]): Glicko2Rating[];
}

/** One player's change in a rating period. Ratings and RDs in rating points, unrounded. */
export interface RatingChange {
  userId: string;
  name: string;
  before: Glicko2Rating;
  after: Glicko2Rating;
}

/**
 * A list as ONE jsonb parameter, whatever its length: a contest of 20,000 players would otherwise
 * bind 20,000 parameters to a lookup and 160,000 to its inserts, and building and passing them
 * costs more than the statements themselves (PGlite runs them on the event loop's thread).
 */
function jsonParam(values: readonly unknown[]): SQL {
  return sql`${JSON.stringify(values)}::jsonb`;
}

/**
 * Applies one rating period: locks the players' rows (`SELECT … FOR UPDATE`, in id order so two
 * periods sharing players cannot deadlock), computes the new ratings from the values read under
 * that lock, updates `users` (through accounts/players.service.ts, its owner) and inserts one `rating_history` row per player.
 *
 * Exactly once per (source, sourceId): when any of the players already has a history row for this
 * period, nothing is written and null is returned. The unique index
 * `rating_history_once_key (user_id, source, source_id)` backs this up under concurrency: a racing
 * second writer fails its insert and its transaction rolls back.
 *
 * @param tx - an open transaction; the caller commits.
 * @returns the changes in `userIds` order, `[]` for no players, or null when already applied.
 * @throws Error when user ids repeat or a user does not exist; RangeError from `rate` on invalid
 *   ratings, or when `rate` returns the wrong number of ratings. The caller's transaction should
 *   then roll back.
 */
export async function applyRatingPeriod(tx: Transaction, input: RatingPeriodInput): Promise<RatingChange[] | null> {
  const { source, sourceId, userIds } = input;
  if (userIds.length === 0) return [];
  if (new Set(userIds).size !== userIds.length) {
    throw new Error(`rating period ${source}:${sourceId} lists a player twice`);
  }

  const applied = await tx
    .select({ userId: ratingHistory.userId })
    .from(ratingHistory)
    .where(
      and(
        eq(ratingHistory.source, source),
        eq(ratingHistory.sourceId, sourceId),
        sql`${ratingHistory.userId} in (select jsonb_array_elements_text(${jsonParam(userIds)}))`,
      ),
    )
    .limit(1);
  if (applied.length > 0) return null;

  const rows = await lockRatings(tx, userIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const current = userIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw new Error(`rating period ${source}:${sourceId}: user ${id} does not exist`);
    return row;
  });

  const before: Glicko2Rating[] = current.map((r) => ({ rating: r.rating, rd: r.rd, volatility: r.volatility }));
  const after = input.rate(before);
  if (after.length !== before.length) {
    throw new RangeError(`rating period ${source}:${sourceId}: rate returned ${after.length} ratings for ${before.length} players`);
  }
  const changes: RatingChange[] = current.map((row, i) => ({
    userId: row.id,
    name: row.name,
    before: before[i] as Glicko2Rating,
    after: after[i] as Glicko2Rating,
  }));

  await storeRatings(tx, changes.map((c) => ({ id: c.userId, ...c.after })));
  const history = jsonParam(
    changes.map((c) => ({
      user_id: c.userId,
      rating_before: c.before.rating,
      rd_before: c.before.rd,
      volatility_before: c.before.volatility,
      rating_after: c.after.rating,
      rd_after: c.after.rd,
      volatility_after: c.after.volatility,
    })),
  );
  await tx.execute(
    sql`insert into ${ratingHistory}
          (user_id, source, source_id, rating_before, rd_before, volatility_before, rating_after, rd_after, volatility_after)
        select v.user_id, ${source}, ${sourceId}, v.rating_before, v.rd_before, v.volatility_before, v.rating_after, v.rd_after, v.volatility_after
        from jsonb_to_recordset(${history}) as v(user_id text, rating_before double precision, rd_before double precision,
          volatility_before double precision, rating_after double precision, rd_after double precision, volatility_after double precision)`,
  );
  return changes;
}
