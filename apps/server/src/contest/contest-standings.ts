/**
 * The weekly contest's standings on the wire (spec §3 "History entry", "Progress summary",
 * "Contest leaderboard entry", "Contest stats"), built from stored rows over many attempts; split
 * from contest-views.ts, which holds the records, the scoring and the single-attempt bodies. Pure.
 */
import { badgeName, CONTEST_BADGES } from '@mathsprint/shared/domain';
import type { ContestHistoryEntry, ContestLeaderboardEntry, ContestProgress, ContestStats } from '@mathsprint/shared/protocol';
import { emailLocalPart, round, seconds, type AttemptRecord, type ContestRecord } from './contest-views.js';

/** Percent correct of the questions answered (spec §2), unrounded; 0 with none answered. */
function accuracyPercent(attempt: Pick<AttemptRecord, 'correctCount' | 'answeredCount'>): number {
  return attempt.answeredCount > 0 ? (100 * attempt.correctCount) / attempt.answeredCount : 0;
}

/**
 * Spec §3 "History entry" of a finalized attempt. accuracy = percent correct of the questions
 * answered, 1 decimal, 0 with none answered: spec §2's "Accuracy is correct divided by answered",
 * as the results page shows it, so one contest has one accuracy wherever it appears.
 */
export function historyEntry(contest: ContestRecord, attempt: AttemptRecord): ContestHistoryEntry {
  return {
    contestId: contest.id,
    contestTitle: contest.title,
    contestDate: new Date(contest.openMs).toISOString(),
    score: attempt.totalScore,
    accuracy: round(accuracyPercent(attempt)),
    rank: attempt.rank,
    totalTime: seconds(attempt.totalTimeMs),
    correctAnswers: attempt.correctCount,
    totalQuestions: contest.questionCount,
    badges: attempt.badges,
  };
}

/**
 * Spec §3 "Progress summary" over finalized attempts, most recent first: totalContests, avgScore
 * (points) and avgAccuracy (the mean of the attempts' accuracy, percent) to 1 decimal,
 * totalBadges (every badge code earned, repeats counted), badges (display names, each once, best
 * first: CONTEST_BADGES order, unknown codes last), history.
 */
export function contestProgress(finalized: ReadonlyArray<{ contest: ContestRecord; attempt: AttemptRecord }>): ContestProgress {
  const history = finalized.map(({ contest, attempt }) => historyEntry(contest, attempt));
  const n = history.length;
  const codes = new Set(finalized.flatMap(({ attempt }) => attempt.badges));
  const known: readonly string[] = CONTEST_BADGES;
  const ordered = [...codes].sort((a, b) => {
    const ia = known.indexOf(a);
    const ib = known.indexOf(b);
    return (ia < 0 ? known.length : ia) - (ib < 0 ? known.length : ib) || a.localeCompare(b);
  });
  return {
    totalContests: n,
    avgScore: n ? round(history.reduce((sum, h) => sum + h.score, 0) / n) : 0,
    avgAccuracy: n ? round(finalized.reduce((sum, { attempt }) => sum + accuracyPercent(attempt), 0) / n) : 0,
    totalBadges: finalized.reduce((sum, { attempt }) => sum + attempt.badges.length, 0),
    badges: ordered.map(badgeName),
    history,
  };
}

/** A leaderboard row as read from the database (attempt with its user's name and email). */
export interface LeaderboardRow {
  attemptId: string;
  userId: string;
  name: string | null;
  email: string | null;
  rank: number;
  totalScore: number;
  correctCount: number;
  totalTimeMs: number;
  badges: string[];
}

/** Spec §3 "Contest leaderboard entry": email local part only, name 'Anonymous' when missing. */
export function leaderboardEntry(row: LeaderboardRow): ContestLeaderboardEntry {
  return {
    _id: row.attemptId,
    userId: { _id: row.userId, name: row.name?.trim() ? row.name : 'Anonymous', email: emailLocalPart(row.email) },
    rank: row.rank,
    totalScore: row.totalScore,
    correctCount: row.correctCount,
    totalTimeSpent: seconds(row.totalTimeMs),
    badges: row.badges,
  };
}

/** Aggregates of a contest's attempts as read from the database; averages over submitted attempts. */
export interface StatsRow {
  registered: number;
  submitted: number;
  /** Points. */
  avgScore: number | null;
  avgTimeMs: number | null;
  avgCorrect: number | null;
}

/**
 * Spec §3 "Contest stats". Counts always; the averages only once the contest is revealed (before
 * close they are 0, and averagesPublished false: an average of early finishers' scores is nobody's
 * business yet). completionRate = percent of registered users who submitted, 1 decimal.
 */
export function statsView(row: StatsRow, revealed: boolean): ContestStats {
  return {
    totalRegistered: row.registered,
    completedAttempts: row.submitted,
    averageScore: revealed && row.avgScore !== null ? round(row.avgScore) : 0,
    completionRate: row.registered ? round((100 * row.submitted) / row.registered) : 0,
    averageTimeSpent: revealed && row.avgTimeMs !== null ? round(row.avgTimeMs / 1000) : 0,
    averageCorrect: revealed && row.avgCorrect !== null ? round(row.avgCorrect) : 0,
    averagesPublished: revealed,
  };
}
