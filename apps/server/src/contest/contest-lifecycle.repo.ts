/**
 * The weekly contest's lifecycle claims and ranking writes (issue #48 split them out of
 * contest.repo.ts), run inside the transition transactions of contest-lifecycle.ts. Locking order:
 * the header of contest.repo.ts.
 */
import { sql } from 'drizzle-orm';
import type { ContestStage } from '@mathsprint/shared/protocol';
import { playersByIds } from '../accounts/players.service.js';
import type { Queryable, Transaction } from '../platform/db.js';
import type { AttemptRecord, StoredAnswer } from './contest-views.js';
import { ATTEMPT_COLUMNS, iso, jsonParam, ms, normaliseAttempt, query } from './contest-rows.js';

/**
 * Claims a stage change of one contest: `UPDATE … WHERE id = $1 AND stage = $from RETURNING`. Run
 * inside the transaction that does the transition's work: a second process blocks on the row lock
 * and then finds 0 rows; a failure rolls the claim back so the next pass retries.
 * @returns true when this transaction made the change.
 */
export async function claimStage(
  tx: Queryable,
  contestId: string,
  from: ContestStage,
  to: ContestStage,
  nowMs: number,
): Promise<boolean> {
  const stampColumn = to === 'live' ? 'live_at' : to === 'closed' ? 'closed_at' : 'finalized_at';
  const rows = await query<{ id: string }>(
    tx,
    sql`update contests set stage = ${to}, ${sql.raw(stampColumn)} = ${iso(nowMs)}::timestamptz
        where id = ${contestId} and stage = ${from}
        returning id`,
  );
  return rows.length > 0;
}

/** Started, unsubmitted attempts of a contest, locked FOR UPDATE in id order, with their answers. */
export async function lockUnsubmitted(tx: Transaction, contestId: string): Promise<Array<{ attempt: AttemptRecord; answers: StoredAnswer[] }>> {
  const attempts = (
    await query<AttemptRecord>(
      tx,
      sql`select ${ATTEMPT_COLUMNS} from contest_attempts a
          where a.contest_id = ${contestId} and a.started_at is not null and a.submitted_at is null
          order by a.user_id collate "C" for update of a`,
    )
  ).map(normaliseAttempt);
  if (attempts.length === 0) return [];
  const rows = await query<StoredAnswer & { userId: string }>(
    tx,
    sql`select s.user_id as "userId", s.question_index as "questionIndex", s.user_answer as "userAnswer", s.time_spent as "timeSpent"
        from contest_answers s
        join contest_attempts a on a.contest_id = s.contest_id and a.user_id = s.user_id
        where s.contest_id = ${contestId} and a.started_at is not null and a.submitted_at is null`,
  );
  const byUser = new Map<string, StoredAnswer[]>();
  for (const { userId, questionIndex, userAnswer, timeSpent } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push({ questionIndex, userAnswer: Number(userAnswer), timeSpent: Number(timeSpent) });
    byUser.set(userId, list);
  }
  return attempts.map((attempt) => ({ attempt, answers: byUser.get(attempt.userId) ?? [] }));
}

/** A submitted attempt as finalization ranks it. */
export interface SubmittedAttempt {
  id: string;
  userId: string;
  isGuest: boolean;
  totalScore: number;
  totalTimeMs: number;
  submittedMs: number;
}

/**
 * Every submitted attempt of a contest, with whether its user is a guest: the attempts, then
 * their players' guest flags in one query by id (accounts owns users). An attempt whose user row
 * is gone (none can be: attempts reference users) is left out.
 */
export async function submittedAttempts(tx: Transaction, contestId: string): Promise<SubmittedAttempt[]> {
  const rows = await query<Omit<SubmittedAttempt, 'isGuest'>>(
    tx,
    sql`select a.id, a.user_id as "userId", a.total_score as "totalScore",
               a.total_time_ms as "totalTimeMs", ${ms('a.submitted_at')} as "submittedMs"
        from contest_attempts a
        where a.contest_id = ${contestId} and a.submitted_at is not null
        order by a.id`,
  );
  const players = await playersByIds(tx, rows.map((r) => r.userId));
  return rows.flatMap((r) => {
    const player = players.get(r.userId);
    return player ? [{ ...r, isGuest: player.isGuest, submittedMs: Number(r.submittedMs) }] : [];
  });
}

/** Stores rank, percentile and badges of attempts in one statement (UPDATE … FROM jsonb_to_recordset). */
export async function storeStandings(
  tx: Transaction,
  standings: ReadonlyArray<{ attemptId: string; rank: number; percentile: number; badges: readonly string[] }>,
): Promise<void> {
  if (standings.length === 0) return;
  const values = jsonParam(standings.map((s) => ({ id: s.attemptId, rank: s.rank, pct: s.percentile, badges: s.badges })));
  await tx.execute(
    sql`update contest_attempts t
        set rank = v.rank, percentile = v.pct, badges = v.badges
        from jsonb_to_recordset(${values}) as v(id text, rank int, pct int, badges text[])
        where t.id = v.id`,
  );
}
