/**
 * The field's figures on the results page (spec §2 "Contest results": Contest Stats, Time
 * Analysis; §3 "Contest stats"): average score, average correct, the field's average time and "you
 * vs average". Pure.
 *
 * GET /contest/stats sends the counts (registered, completed, completion rate) at any time, but its
 * averages only once the contest has closed (issue #3: the early finishers' average is nobody's
 * business while others compete). Before that it sends them as 0 (spec §3 has them as numbers) with
 * `averagesPublished: false`, so a 0 there is never shown as the field's average.
 */
import type { ContestStats } from '@mathsprint/shared/protocol';

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
 * @param yourScore - the caller's total score in points, or null (spectator).
 */
export function fieldFigures(stats: ContestStats | null, yourScore: number | null): FieldFigures {
  if (!stats?.averagesPublished) return { state: 'at-close' };
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
