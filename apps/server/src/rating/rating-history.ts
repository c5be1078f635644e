/**
 * Reads of rating_history for other domains (the table is the rating domain's, db/schema/ratings.ts):
 * a contest's results page shows the change its period made to the player's rating.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { ratingHistory } from '../db/schema/ratings.js';
import type { Queryable } from '../platform/db.js';
import type { RatingSource } from './rating-period.js';

/** One stored change of a player's rating and RD (rating points, unrounded). */
export interface StoredRatingChange {
  ratingBefore: number;
  ratingAfter: number;
  rdBefore: number;
  rdAfter: number;
}

/**
 * The rating changes of `userId` in the periods of `source` with the given source ids (contest
 * ids, game ids), by source id; periods that did not rate the player are absent. No query for an
 * empty list.
 */
export async function ratingChangesOf(
  q: Queryable,
  userId: string,
  source: RatingSource,
  sourceIds: readonly string[],
): Promise<Map<string, StoredRatingChange>> {
  if (sourceIds.length === 0) return new Map();
  const rows = await q
    .select({
      sourceId: ratingHistory.sourceId,
      ratingBefore: ratingHistory.ratingBefore,
      ratingAfter: ratingHistory.ratingAfter,
      rdBefore: ratingHistory.rdBefore,
      rdAfter: ratingHistory.rdAfter,
    })
    .from(ratingHistory)
    .where(and(eq(ratingHistory.userId, userId), eq(ratingHistory.source, source), inArray(ratingHistory.sourceId, [...sourceIds])));
  return new Map(rows.map(({ sourceId, ...change }) => [sourceId, change]));
}
