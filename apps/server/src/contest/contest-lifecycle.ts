/**
 * A contest's stage transitions (issue #3 "Schedule and lifecycle"): upcoming → live → closed →
 * finalized, each exactly once, also across restarts and with several server processes on one
 * PostgreSQL. Each transition is claimed with a conditional UPDATE (`claimStage`) inside the
 * transaction that does the transition's work: a failure rolls the claim back and the next
 * scheduler pass retries; a second process waits for the row lock and then claims nothing. No
 * in-memory flag decides anything here.
 */
import { contestStandings, DEFAULT_PACE_THRESHOLDS, rateContest, type PaceThresholds, type Question } from '@mathsprint/shared/domain';
import { storeFlags } from '../fair-play/fair-play.service.js';
import type { Database } from '../platform/db.js';
import { applyRatingPeriod, type RatingChange } from '../rating/rating.service.js';
import { storeSubmissions } from './contest-attempts.repo.js';
import { claimStage, lockUnsubmitted, storeStandings, submittedAttempts } from './contest-lifecycle.repo.js';
import { flaggedAttempts } from './contest-pace.js';
import { attemptTimeMs, maxScore, scoreAnswers, type AttemptRecord, type ContestRecord } from './contest-views.js';

/** upcoming → live, once `nowMs` ≥ openTime. Nothing else to do: attempt rows exist since registration. */
export async function openContest(db: Database, contest: ContestRecord, nowMs: number): Promise<boolean> {
  if (nowMs < contest.openMs) return false;
  return claimStage(db, contest.id, 'upcoming', 'live', nowMs);
}

/**
 * live → closed, once `nowMs` > closeTime: in the claiming transaction every started, unsubmitted
 * attempt is submitted by the server (issue #3 "At close, every attempt not yet submitted is
 * submitted by the server"): autoSubmitted, submittedAt = closeTime, time = closeTime − startedAt
 * (capped at the duration), scored like a manual submission. Registered users who never started are
 * not participants and stay unsubmitted.
 *
 * @returns the number of attempts auto-submitted, or null when another process (or an earlier
 *   pass) made the transition.
 * @throws the database error; the transaction (claim included) is rolled back.
 */
export async function closeContest(
  db: Database,
  contest: ContestRecord,
  questions: readonly Question[],
  nowMs: number,
): Promise<number | null> {
  if (nowMs <= contest.closeMs) return null;
  return db.transaction(async (tx) => {
    if (!(await claimStage(tx, contest.id, 'live', 'closed', nowMs))) return null;
    const open = await lockUnsubmitted(tx, contest.id);
    const submitted: AttemptRecord[] = open.map(({ attempt, answers }) => ({
      ...attempt,
      ...scoreAnswers(questions, answers),
      submittedMs: contest.closeMs,
      autoSubmitted: true,
      totalTimeMs: attemptTimeMs(attempt.startedMs ?? contest.closeMs, contest.closeMs, contest.durationMinutes),
    }));
    await storeSubmissions(tx, submitted);
    return submitted.length;
  });
}

/** What finalizing a contest did: participants ranked and the rating changes of the non-guests among them. */
export interface FinalizeOutcome {
  participants: number;
  changes: RatingChange[];
}

/**
 * closed → finalized, in ONE transaction with the claim (issue #3 "Finalization at close"):
 * ranks every submitted attempt with `contestStandings` (score, then time, then submission time;
 * percentile; badges), stores them in bulk, and applies ONE rating period to the non-guest
 * participants with `rateContest`: Glicko-2 against the whole field (better rank wins, equal rank
 * draws), each pairwise result weighted so that the contest weighs at most CONTEST_GAMES games at
 * any field size (packages/shared/src/domain/rating/contest-rating.ts gives the method and sources).
 * Attempts answered faster than a person can (contest-pace.ts, issue #47) are flagged: ranked,
 * marked, without badges, and left out of the rating period.
 *
 * @param tau - Glicko-2 τ (config GLICKO_TAU).
 * @param pace - the fair-play pace thresholds (config PACE_*).
 * @returns the outcome, or null when the contest was not 'closed' (another process finalized it).
 * @throws the database error; everything, claim included, is rolled back and retried by the next pass.
 */
export async function finalizeContest(
  db: Database,
  contest: ContestRecord,
  nowMs: number,
  tau: number,
  pace: PaceThresholds = DEFAULT_PACE_THRESHOLDS,
): Promise<FinalizeOutcome | null> {
  return db.transaction(async (tx) => {
    if (!(await claimStage(tx, contest.id, 'closed', 'finalized', nowMs))) return null;
    const attempts = await submittedAttempts(tx, contest.id);
    const flagged = await flaggedAttempts(tx, contest, pace);
    await storeFlags(tx, [...flagged.values()].map((f) => ({ id: f.attemptId, kind: 'contest', sourceId: contest.id, userId: f.userId, reason: f.reason })), nowMs);
    const standings = contestStandings(
      attempts.map((a) => ({ totalScore: a.totalScore, totalTimeSpent: a.totalTimeMs / 1000, submittedAtMs: a.submittedMs })),
      maxScore(contest),
    );
    await storeStandings(
      tx,
      attempts.map((a, i) => {
        const s = standings[i];
        if (!s) throw new Error(`no standing for attempt ${a.id}`);
        // A flagged attempt keeps its rank, marked, but takes no badge (issue #47).
        return { attemptId: a.id, rank: s.rank, percentile: s.percentile, badges: flagged.has(a.id) ? [] : s.badges };
      }),
    );
    const rated = attempts
      .map((a, i) => ({ id: a.id, userId: a.userId, isGuest: a.isGuest, rank: standings[i]?.rank ?? attempts.length }))
      .filter((a) => !a.isGuest && !flagged.has(a.id));
    const changes = await applyRatingPeriod(tx, {
      source: 'contest',
      sourceId: contest.id,
      userIds: rated.map((r) => r.userId),
      rate: (players) => rateContest(players, rated.map((r) => r.rank), { tau }),
    });
    return { participants: attempts.length, changes: changes ?? [] };
  });
}
