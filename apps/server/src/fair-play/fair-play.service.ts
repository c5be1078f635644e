/**
 * Fair-play flags on the server (issue #47 "Bots"). The decision is the pure pace rule
 * (packages/shared/src/domain/fair-play/pace.ts); this module stores its verdicts in
 * fair_play_flags, reads them back for the results views, and lists and clears them for operators.
 *
 * What a flag does, each in its own domain: a flagged Math Challenge changes neither player's rating
 * (rating/duel-record.ts), a flagged contest attempt is ranked but marked, takes no badge and is
 * left out of the contest's rating period (contest/contest-lifecycle.ts), a flagged single-player
 * run sets no personal best (solo/solo-records.ts).
 *
 * Clearing a flag (an operator's judgement that the player is a person) marks it cleared: from then
 * on every view shows the result unmarked and it counts for personal bests. Ratings and badges are
 * NOT recomputed: the rating periods that followed were computed without it, and re-rating
 * retroactively would change other players' ratings too.
 */
import { PACE_FLAG_MESSAGE, type PaceThresholds } from '@mathsprint/shared/domain';
import { and, desc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Config } from '../config.js';
import { fairPlayFlags } from '../db/schema/fair-play.js';
import type { Database, Transaction } from '../platform/db.js';

/** 'duel' (one player of a Math Challenge), 'contest' (an attempt) or 'solo' (a run). */
export type FlagKind = 'duel' | 'contest' | 'solo';

/** The pace thresholds from config (PACE_* variables, docs/configuration.md). */
export function paceThresholds(config: Pick<Config, 'PACE_EASY_FLOOR_MS' | 'PACE_FLOOR_STEP_MS' | 'PACE_MIN_ANSWERS'>): PaceThresholds {
  return { easyFloorMs: config.PACE_EASY_FLOOR_MS, floorStepMs: config.PACE_FLOOR_STEP_MS, minAnswers: config.PACE_MIN_ANSWERS };
}

/** The id a Math Challenge player's flag goes by: `{gameId}:{seat}`. */
export const duelFlagId = (gameId: string, seat: number): string => `${gameId}:${seat}`;

/** A flag to store: the attempt's id (see fairPlayFlags.id), what it belongs to, and the pace
 * rule's reason (PaceVerdict.reason). */
export interface NewFlag {
  id: string;
  kind: FlagKind;
  sourceId: string;
  userId: string;
  reason: string;
}

/** Stores `flags`, once each: a retry changes nothing. `nowMs` is the flag's time (epoch ms). */
export async function storeFlags(tx: Database | Transaction, flags: readonly NewFlag[], nowMs: number): Promise<void> {
  const rows = flags.map((f) => ({ ...f, flaggedAt: new Date(nowMs) }));
  if (rows.length === 0) return;
  await tx.insert(fairPlayFlags).values(rows).onConflictDoNothing({ target: fairPlayFlags.id });
}

/** The uncleared flags among `ids`: id → reason. */
export async function openFlags(db: Database | Transaction, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: fairPlayFlags.id, reason: fairPlayFlags.reason })
    .from(fairPlayFlags)
    .where(and(inArray(fairPlayFlags.id, [...ids]), isNull(fairPlayFlags.clearedAt)));
  return new Map(rows.map((r) => [r.id, r.reason]));
}

/**
 * A condition for another domain's query: true when the result whose flag id is `id` (a column or
 * expression: a run's id, an attempt's id) has no uncleared flag. It lets a reader keep flagged
 * results out in the same statement without touching fair_play_flags itself (solo/solo-records.ts).
 */
export function unflagged(id: SQLWrapper): SQL {
  return sql`not exists (select 1 from ${fairPlayFlags} where ${fairPlayFlags.id} = ${id} and ${fairPlayFlags.clearedAt} is null)`;
}

/** One row of `npm run admin -- flagged`. Times are ISO strings. */
export interface FlagListing {
  id: string;
  kind: FlagKind;
  sourceId: string;
  userId: string;
  reason: string;
  flaggedAt: string;
}

/** Uncleared flags, newest first, at most `limit` (default 100). */
export async function listFlagged(db: Database, limit = 100): Promise<FlagListing[]> {
  const rows = await db
    .select()
    .from(fairPlayFlags)
    .where(isNull(fairPlayFlags.clearedAt))
    .orderBy(desc(fairPlayFlags.flaggedAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as FlagKind,
    sourceId: r.sourceId,
    userId: r.userId,
    reason: r.reason,
    flaggedAt: r.flaggedAt.toISOString(),
  }));
}

/**
 * Clears the flag of attempt `id` (see the file header for what that restores).
 * @returns 'cleared', 'already-cleared', or 'not-found' when no attempt of that id is flagged.
 */
export async function clearFlag(db: Database, id: string, nowMs: number): Promise<'cleared' | 'already-cleared' | 'not-found'> {
  const updated = await db
    .update(fairPlayFlags)
    .set({ clearedAt: new Date(nowMs) })
    .where(and(eq(fairPlayFlags.id, id), isNull(fairPlayFlags.clearedAt)))
    .returning({ id: fairPlayFlags.id });
  if (updated.length > 0) return 'cleared';
  const existing = await db.select({ id: fairPlayFlags.id }).from(fairPlayFlags).where(eq(fairPlayFlags.id, id));
  return existing.length > 0 ? 'already-cleared' : 'not-found';
}

/**
 * `items` (views whose `_id` is an attempt id), each with `paceFlag: PACE_FLAG_MESSAGE` added when
 * that attempt has an uncleared flag: what results views show the player (issue #47).
 */
export async function withPaceFlags<T extends { _id: string }>(db: Database, items: readonly T[]): Promise<Array<T & { paceFlag?: string }>> {
  const open = await openFlags(db, items.map((i) => i._id));
  return items.map((i) => (open.has(i._id) ? { ...i, paceFlag: PACE_FLAG_MESSAGE } : i));
}
