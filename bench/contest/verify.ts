/**
 * After the server has stopped, bench/contest opens its embedded database (PGlite admits one
 * process at a time) and checks what the players were told against what was stored (issue #3):
 *  - every acknowledged answer is stored: for each (player, question) the LAST acknowledged answer
 *    equals contest_answers.user_answer (the bench sends one answer at a time per player, so
 *    acknowledgement order is the server's order);
 *  - every started attempt is submitted and has a rank (1..participants), percentile and badges;
 *  - every ranked (rated) participant has exactly one rating_history row with source 'contest' for
 *    this contest, and the user's rating equals that row's rating_after.
 * It also cross-checks, for information only, each attempt's stored correct count against the right
 * answers the bench knowingly sent.
 */
import { and, eq } from 'drizzle-orm';
import { contestAnswers, contestAttempts, contests, ratingHistory, users } from '../../apps/server/src/db/schema/index.js';
import { openDatabase } from '../../apps/server/src/platform/db.js';
import type { LoadResult, LoadUser } from './messages.js';

export interface Verification {
  /** Distinct (player, question) pairs acknowledged. */
  ackedPairs: number;
  /** Acknowledged answers with no stored row, or a stored value other than the last acknowledged one. */
  lostAnswers: number;
  lostExamples: string[];
  /** Stored answers the bench never had acknowledged (e.g. a request that failed after the commit). */
  unacknowledgedStored: number;
  stage: string;
  attempts: number;
  startedAttempts: number;
  /** Started attempts without submittedAt, or without a rank in 1..participants. */
  startedWithoutRank: number;
  submittedByPlayer: number;
  autoSubmitted: number;
  /** Players whose POST /contest/submit was acknowledged but whose attempt says autoSubmitted. */
  acknowledgedSubmitsMarkedAuto: number;
  rankedParticipants: number;
  ratingRows: number;
  /** Ranked participants without exactly one 'contest' rating_history row for this contest. */
  ratingRowsMissing: number;
  /** Players whose users.rating differs from their rating_history.rating_after. */
  ratingMismatches: number;
  /** Attempts whose correct_count differs from the right answers the bench knowingly had acknowledged. */
  scoreMismatches: number;
  /** closed_at and finalized_at − close_time, ms (null when unset). The server stamps them with the
   * clock at the START of the scheduler pass that claimed the transition, not at its end. */
  dbClosedMs: number | null;
  dbFinalizationMs: number | null;
  problems: string[];
}

export async function verify(dataDir: string, contestId: string, players: LoadUser[], load: LoadResult): Promise<Verification> {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const problems: string[] = [];
    const [contest] = await db.select().from(contests).where(eq(contests.id, contestId));
    if (!contest) throw new Error(`contest ${contestId} is not in the database`);

    const indexOf = new Map(players.map((p, i) => [p.id, i]));
    const key = (user: number, question: number) => user * 1000 + question;

    // Last acknowledged answer per (player, question).
    const expected = new Map<number, number>();
    for (let i = 0; i < load.acked.user.length; i++) {
      expected.set(key(load.acked.user[i] as number, load.acked.question[i] as number), load.acked.answer[i] as number);
    }
    const stored = new Map<number, number>();
    const storedRows = await db
      .select({ userId: contestAnswers.userId, questionIndex: contestAnswers.questionIndex, userAnswer: contestAnswers.userAnswer })
      .from(contestAnswers)
      .where(eq(contestAnswers.contestId, contestId));
    for (const row of storedRows) {
      const user = indexOf.get(row.userId);
      if (user !== undefined) stored.set(key(user, row.questionIndex), row.userAnswer);
    }
    let lostAnswers = 0;
    const lostExamples: string[] = [];
    for (const [k, answer] of expected) {
      const got = stored.get(k);
      if (got !== answer) {
        lostAnswers++;
        if (lostExamples.length < 5) {
          lostExamples.push(`player ${Math.floor(k / 1000)} question ${k % 1000}: acknowledged ${answer}, stored ${got ?? 'nothing'}`);
        }
      }
    }
    let unacknowledgedStored = 0;
    for (const k of stored.keys()) if (!expected.has(k)) unacknowledgedStored++;

    const attempts = await db.select().from(contestAttempts).where(eq(contestAttempts.contestId, contestId));
    const started = attempts.filter((a) => a.startedAt !== null);
    const ranked = attempts.filter((a) => a.rank !== null);
    const startedWithoutRank = started.filter(
      (a) => a.submittedAt === null || a.rank === null || a.rank < 1 || a.rank > ranked.length || a.percentile === null,
    ).length;
    const submittedSet = new Set(Array.from(load.submitted, (i) => players[i]?.id));
    const acknowledgedSubmitsMarkedAuto = attempts.filter((a) => submittedSet.has(a.userId) && a.autoSubmitted).length;

    let scoreMismatches = 0;
    for (const a of attempts) {
      const user = indexOf.get(a.userId);
      if (user !== undefined && a.submittedAt !== null && a.correctCount !== load.expectedCorrect[user]) scoreMismatches++;
    }

    const history = await db
      .select({ userId: ratingHistory.userId, ratingAfter: ratingHistory.ratingAfter })
      .from(ratingHistory)
      .where(and(eq(ratingHistory.source, 'contest'), eq(ratingHistory.sourceId, contestId)));
    const historyCount = new Map<string, number>();
    const ratingAfter = new Map<string, number>();
    for (const row of history) {
      historyCount.set(row.userId, (historyCount.get(row.userId) ?? 0) + 1);
      ratingAfter.set(row.userId, row.ratingAfter);
    }
    const ratingRowsMissing = ranked.filter((a) => historyCount.get(a.userId) !== 1).length;
    const ratings = await db.select({ id: users.id, rating: users.rating }).from(users);
    let ratingMismatches = 0;
    for (const u of ratings) {
      const after = ratingAfter.get(u.id);
      if (after !== undefined && after !== u.rating) ratingMismatches++;
    }
    if (history.length !== ranked.length) problems.push(`${history.length} contest rating rows for ${ranked.length} ranked participants`);

    return {
      ackedPairs: expected.size,
      lostAnswers,
      lostExamples,
      unacknowledgedStored,
      stage: contest.stage,
      attempts: attempts.length,
      startedAttempts: started.length,
      startedWithoutRank,
      submittedByPlayer: attempts.filter((a) => a.submittedAt !== null && !a.autoSubmitted).length,
      autoSubmitted: attempts.filter((a) => a.autoSubmitted).length,
      acknowledgedSubmitsMarkedAuto,
      rankedParticipants: ranked.length,
      ratingRows: history.length,
      ratingRowsMissing,
      ratingMismatches,
      scoreMismatches,
      dbClosedMs: contest.closedAt ? contest.closedAt.getTime() - contest.closeTime.getTime() : null,
      dbFinalizationMs: contest.finalizedAt ? contest.finalizedAt.getTime() - contest.closeTime.getTime() : null,
      problems,
    };
  } finally {
    await database.close();
  }
}
