/**
 * Raw-SQL helpers shared by the contest's repository modules (contest.repo.ts, contest-attempts.repo.ts,
 * contest-lifecycle.repo.ts; issue #48 split them): times cross raw SQL as ISO strings in and
 * epoch-ms numbers out (`ms()`), which both drivers treat alike.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Queryable } from '../platform/db.js';
import type { AttemptRecord } from './contest-views.js';

/** Rows of a raw `execute` on the database or a transaction (platform/db.ts queryRows). */
export function query<T>(db: Queryable, statement: SQL): Promise<T[]> {
  return queryRows<T>(db, statement);
}

/** Epoch ms of a timestamptz column, as a number (null stays null). */
export const ms = (column: string): SQL => sql.raw(`round(extract(epoch from ${column}) * 1000)::float8`);
/** ISO string of an epoch-ms time, as raw SQL takes times in. */
export const iso = (epochMs: number): string => new Date(epochMs).toISOString();

/** Columns of contest_attempts `a` as an AttemptRecord. */
export const ATTEMPT_COLUMNS = sql.join(
  [
    sql.raw('a.id, a.contest_id AS "contestId", a.user_id AS "userId"'),
    sql`${ms('a.started_at')} AS "startedMs", ${ms('a.submitted_at')} AS "submittedMs"`,
    sql.raw(
      'a.auto_submitted AS "autoSubmitted", a.total_score AS "totalScore", a.correct_count AS "correctCount", ' +
        'a.wrong_count AS "wrongCount", a.answered_count AS "answeredCount", a.total_time_ms AS "totalTimeMs", ' +
        'a.rank, a.percentile, a.badges',
    ),
  ],
  sql`, `,
);

/** Raw attempt rows: numbers may arrive as strings from a driver for float8 in rare set-ups; normalise. */
export function normaliseAttempt(row: AttemptRecord): AttemptRecord {
  return {
    ...row,
    startedMs: row.startedMs === null ? null : Number(row.startedMs),
    submittedMs: row.submittedMs === null ? null : Number(row.submittedMs),
    badges: row.badges ?? [],
  };
}

/**
 * A batch as ONE jsonb parameter, unpacked in SQL with jsonb_to_recordset: one parameter whatever
 * the batch size, instead of one per value, which keeps statement building and parameter passing
 * cheap for batches of thousands (PGlite runs them on the event loop's thread).
 */
export function jsonParam(rows: readonly object[]): SQL {
  return sql`${JSON.stringify(rows)}::jsonb`;
}
