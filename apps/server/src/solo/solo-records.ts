/**
 * Single-player records (issue #47 "Bots"): a run counts for a personal best unless the pace rule
 * flagged it and no operator has cleared the flag (fair-play/fair-play.service.ts).
 */
import { and, eq, max } from 'drizzle-orm';
import { soloRuns } from '../db/schema/solo.js';
import { unflagged } from '../fair-play/fair-play.service.js';
import type { Database } from '../platform/db.js';

/**
 * The best score (points) of `userId`'s stored runs of `mode` minutes whose flag is absent or
 * cleared, or null when there is none.
 */
export async function personalBest(db: Database, userId: string, mode: number): Promise<number | null> {
  const [row] = await db
    .select({ best: max(soloRuns.score) })
    .from(soloRuns)
    .where(and(eq(soloRuns.userId, userId), eq(soloRuns.mode, mode), unflagged(soloRuns.id)));
  return row?.best ?? null;
}
