/**
 * The field's figures on the results page (spec §2 "Contest results": Contest Stats, Time
 * Analysis; §3 "Contest stats"): average score, average correct, the field's average time and "you
 * vs average". Pure.
 *
 * GET /contest/stats sends the counts (registered, completed, completion rate) at any time, but its
 * averages only once the contest has closed (issue #3: the early finishers' average is nobody's
 * business while others compete). Before that the server sends them as 0, not null
 * (apps/server/src/contest/contest-views.ts `statsView`), so a 0 cannot be told from a real 0 by
 * its value: the client decides from WHEN the response was made. The server reveals them when its
 * clock is past closeTime (`isRevealed`: live up to closeTime inclusive, spec §4), so a response
 * counts as revealed when the server's clock at its arrival, as this browser estimates it, was past
 * closeTime.
 */
import type { ContestStats } from '@mathsprint/shared/protocol';

export interface StatsRevealInput {
  /** The contest's close time, epoch ms; NaN when unknown. */
  closeMs: number;
  /**
   * When the stats response arrived, on the server's clock as estimated here (TanStack Query's
   * `dataUpdatedAt` + the server − client offset), epoch ms; 0 or NaN when there is none.
   */
  statsServerMs: number;
  /** GET /contest/leaderboard said `finalized` (which happens after close). */
  leaderboardFinal: boolean;
}

/**
 * How far past closeTime (ms) a stats response must have arrived, on the estimated server clock, to
 * count as made after close: the estimate of the server's clock (clockOffsetMs) is off by up to
 * half a round trip, and a response read as "after close" that the server made just before it
 * would show its 0s as real averages. 2 s is well above a round trip; a response inside the margin
 * is simply asked for again (hooks/use-contest-results polls every FINALIZATION_POLL_MS until then).
 */
export const STATS_CLOCK_MARGIN_MS = 2_000;

/**
 * Whether the stats response in hand carries the real averages: it arrived more than
 * STATS_CLOCK_MARGIN_MS after closeTime on the estimated server clock. With no known close time,
 * only a finalized leaderboard (which comes after close) vouches for it.
 */
export function statsRevealed({ closeMs, statsServerMs, leaderboardFinal }: StatsRevealInput): boolean {
  if (!Number.isFinite(closeMs)) return leaderboardFinal;
  return Number.isFinite(statsServerMs) && statsServerMs > closeMs + STATS_CLOCK_MARGIN_MS;
}

/**
 * The averages to show:
 * - 'at-close': not published yet (before close, or a response from before it);
 * - 'none': published, but nobody submitted, so there is no average;
 * - 'ready': averageScore in points and averageCorrect (1 decimal), averageTimeSpent in seconds,
 *   and `vsAverage` = your score − the average score, whole points (null for a spectator).
 */
export type FieldFigures =
  | { state: 'at-close' }
  | { state: 'none' }
  | { state: 'ready'; averageScore: number; averageCorrect: number; averageTimeSpent: number; vsAverage: number | null };

/**
 * @param stats - GET /contest/stats's `stats`, or null when it failed.
 * @param revealed - `statsRevealed(...)` for that response.
 * @param yourScore - the caller's total score in points, or null (spectator).
 */
export function fieldFigures(stats: ContestStats | null, revealed: boolean, yourScore: number | null): FieldFigures {
  if (!stats || !revealed) return { state: 'at-close' };
  if (stats.completedAttempts <= 0) return { state: 'none' };
  const oneDecimal = (n: number) => Math.round(n * 10) / 10;
  return {
    state: 'ready',
    averageScore: oneDecimal(stats.averageScore),
    averageCorrect: oneDecimal(stats.averageCorrect),
    averageTimeSpent: Math.round(stats.averageTimeSpent),
    vsAverage: yourScore === null ? null : Math.round(yourScore - stats.averageScore),
  };
}

/** A signed whole-point difference, e.g. '+25 pts', '−5 pts', '±0 pts'. */
export function vsAverageText(points: number): string {
  if (points === 0) return '±0 pts';
  return points > 0 ? `+${points} pts` : `−${Math.abs(points)} pts`;
}
