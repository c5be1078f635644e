/**
 * Which state the results page /contest/{contestId}/results is in (spec §2 "Contest results", §4;
 * issue #3 "Before close the results page shows the user's own score and says that answers, rank
 * and leaderboard come at close"; "a user who did not take part sees the leaderboard and
 * statistics, not an empty page"). Pure.
 */
import type { ContestAttempt } from '@mathsprint/shared/protocol';

/**
 * - 'final': the contest is finalized and the attempt ranked: everything is shown;
 * - 'pending': submitted, contest still open: own score, the rest comes at close (with a countdown);
 * - 'open': the attempt is not submitted and the contest still runs: offer to return to it;
 * - 'finalizing': closed, ranks not out yet: poll until they are;
 * - 'spectator': the user did not take part in a closed contest: leaderboard and statistics;
 * - 'missing': no attempt and the contest is not closed (or unknown): 'Attempt ∉ Database'.
 */
export type ResultsPhase = 'final' | 'pending' | 'open' | 'finalizing' | 'spectator' | 'missing';

export interface PhaseInput {
  attempt: Pick<ContestAttempt, 'rank' | 'status'> | null;
  /** Close time, epoch ms; NaN when unknown (no attempt and no matching contest). */
  closeMs: number;
  /** Server-corrected now, epoch ms. */
  nowMs: number;
  /** GET /contest/leaderboard said `finalized`. */
  leaderboardFinal: boolean;
}

/** Closed after closeTime (spec §4: live up to closeTime inclusive); unknown close → finalized board. */
export function isClosed(closeMs: number, nowMs: number, leaderboardFinal: boolean): boolean {
  if (leaderboardFinal) return true;
  return Number.isFinite(closeMs) && nowMs > closeMs;
}

export function resultsPhase({ attempt, closeMs, nowMs, leaderboardFinal }: PhaseInput): ResultsPhase {
  const closed = isClosed(closeMs, nowMs, leaderboardFinal);
  if (!attempt) return closed ? 'spectator' : 'missing';
  if (attempt.rank !== null) return 'final';
  if (!closed) return attempt.status === 'submitted' ? 'pending' : 'open';
  if (!leaderboardFinal) return 'finalizing';
  // Finalized without a rank. A registration never started is not ranked: the user did not take
  // part. Every started attempt was submitted at close and ranked (server contest-lifecycle.ts), so
  // an unranked copy of one is stale (history read just before the leaderboard turned final): ask again.
  return attempt.status === 'registered' ? 'spectator' : 'finalizing';
}

/** While ranks are not out after close, ask again this often (ms); the task's "~5 s". */
export const FINALIZATION_POLL_MS = 5_000;

/** Poll delay for the page's queries (ms), or false when nothing is awaited. */
export function pollDelayMs(phase: ResultsPhase, leaderboardFinal: boolean): number | false {
  if (phase === 'finalizing') return FINALIZATION_POLL_MS;
  if (phase === 'spectator' && !leaderboardFinal) return FINALIZATION_POLL_MS;
  return false;
}

const STATUS_ORDER: Record<ContestAttempt['status'], number> = { registered: 0, 'in-progress': 1, submitted: 2 };

/**
 * The attempt to show (spec §4: from navigation state, else looked up in history by contestId._id).
 * History is re-read while the page waits for close, so its copy wins once it is at least as far
 * along (it carries rank and answers after finalization); the navigation copy covers the moment
 * right after submit, before history catches up.
 */
export function pickAttempt(
  fromNav: ContestAttempt | null,
  fromHistory: readonly ContestAttempt[] | undefined,
  contestId: string,
): ContestAttempt | null {
  const nav = fromNav && fromNav.contestId._id === contestId ? fromNav : null;
  const stored = fromHistory?.find((a) => a.contestId?._id === contestId) ?? null;
  if (!stored) return nav;
  if (!nav) return stored;
  if (stored.rank !== null) return stored;
  return STATUS_ORDER[stored.status] >= STATUS_ORDER[nav.status] ? stored : nav;
}
