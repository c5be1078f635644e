/**
 * Applying one Glicko-2 rating period to stored players, inside the caller's transaction. Shared by
 * every source of rated results: a finished Math Challenge ('duel', two players, this issue) and a
 * weekly contest's final standings ('contest', many players, a later issue). The maths is the pure
 * domain code (`@mathsprint/shared/domain`, Glickman's "Example of the Glicko-2 system"); this file
 * only reads, locks and writes.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Glicko2Rating } from '@mathsprint/shared/domain';
import { ratingHistory, users } from '../db/schema/index.js';
import type { Database } from '../platform/db.js';

/** A Drizzle transaction (or savepoint) handle, as passed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

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

/** Rows per UPDATE / INSERT statement: 4 (update) or 8 (insert) parameters each, far below PostgreSQL's 65,535. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Applies one rating period: locks the players' rows (`SELECT … FOR UPDATE`, in id order so two
 * periods sharing players cannot deadlock), computes the new ratings from the values read under
 * that lock, updates `users` and inserts one `rating_history` row per player.
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
        inArray(ratingHistory.userId, [...userIds]),
      ),
    )
    .limit(1);
  if (applied.length > 0) return null;

  const rows = await tx
    .select({ id: users.id, name: users.name, rating: users.rating, rd: users.rd, volatility: users.volatility })
    .from(users)
    .where(inArray(users.id, [...userIds]))
    .orderBy(users.id)
    .for('update');
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

  for (const part of chunks(changes, CHUNK)) {
    const values = sql.join(
      part.map(
        (c) =>
          sql`(${c.userId}::text, ${c.after.rating}::double precision, ${c.after.rd}::double precision, ${c.after.volatility}::double precision)`,
      ),
      sql`, `,
    );
    await tx.execute(
      sql`update ${users} set rating = v.rating, rd = v.rd, volatility = v.volatility
          from (values ${values}) as v(id, rating, rd, volatility)
          where ${users.id} = v.id`,
    );
    await tx.insert(ratingHistory).values(
      part.map((c) => ({
        userId: c.userId,
        source,
        sourceId,
        ratingBefore: c.before.rating,
        rdBefore: c.before.rd,
        volatilityBefore: c.before.volatility,
        ratingAfter: c.after.rating,
        rdAfter: c.after.rd,
        volatilityAfter: c.after.volatility,
      })),
    );
  }
  return changes;
}
