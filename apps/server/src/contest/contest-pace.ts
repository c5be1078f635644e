/**
 * The fair-play pace of contest attempts (issue #47 "Bots"), judged at finalization from the
 * server's own stamps: each attempt's start and the receive time of its answer to each question
 * (contest_answers.received_at, the last answer given), with the question's difficulty.
 */
import { contestDifficulty, judgePace, type PaceThresholds, type TimedAnswer } from '@mathsprint/shared/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import { contestAnswers, contestAttempts } from '../db/schema/contests.js';
import type { Transaction } from '../platform/db.js';
import type { ContestRecord } from './contest-views.js';

/** One flagged attempt: its id, owner and the pace rule's reason. */
export interface FlaggedAttempt {
  attemptId: string;
  userId: string;
  reason: string;
}

/**
 * The submitted attempts of `contest` whose answers came faster than a
 * person can answer (packages/shared/src/domain/fair-play/pace.ts), by attempt id.
 */
export async function flaggedAttempts(tx: Transaction, contest: ContestRecord, pace: PaceThresholds): Promise<Map<string, FlaggedAttempt>> {
  const rows = await tx
    .select({
      attemptId: contestAttempts.id,
      userId: contestAttempts.userId,
      startedAt: contestAttempts.startedAt,
      questionIndex: contestAnswers.questionIndex,
      receivedAt: contestAnswers.receivedAt,
    })
    .from(contestAttempts)
    .innerJoin(contestAnswers, and(eq(contestAnswers.contestId, contestAttempts.contestId), eq(contestAnswers.userId, contestAttempts.userId)))
    .where(and(eq(contestAttempts.contestId, contest.id), isNotNull(contestAttempts.submittedAt)));
  const byAttempt = new Map<string, { userId: string; startMs: number; answers: TimedAnswer[] }>();
  for (const r of rows) {
    let entry = byAttempt.get(r.attemptId);
    if (!entry) {
      entry = { userId: r.userId, startMs: r.startedAt?.getTime() ?? contest.openMs, answers: [] };
      byAttempt.set(r.attemptId, entry);
    }
    entry.answers.push({ atMs: r.receivedAt.getTime(), difficulty: contestDifficulty(r.questionIndex, contest.questionCount) });
  }
  const flagged = new Map<string, FlaggedAttempt>();
  for (const [attemptId, { userId, startMs, answers }] of byAttempt) {
    const { reason } = judgePace(startMs, answers, pace);
    if (reason) flagged.set(attemptId, { attemptId, userId, reason });
  }
  return flagged;
}
