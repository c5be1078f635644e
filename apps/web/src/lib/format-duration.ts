/**
 * The one way the web app writes a short duration in seconds: time spent on a question in the
 * contest's Answers tab and Time Analysis card and in the analytics details (issue #47: the same
 * answer read "< 1 s" in one and "0s" in the other). Clocks and totals (timers, total time) are
 * spec §9's m:ss (`formatMmSs`), not this.
 *
 * Rule: whole seconds, to the nearest (the contest page sends `timeSpent` rounded to whole seconds
 * already, contest/take/lib/contest-time `elapsedSeconds`, and tenths would contradict it); a
 * time that rounds to 0 reads "< 1 s" (an answer always takes some time); from a minute, minutes
 * and padded seconds ("1 min 05 s").
 */

/** What a time that rounds to 0 seconds reads. */
export const UNDER_A_SECOND = '< 1 s';

/**
 * @param seconds - a duration in seconds (whole or fractional).
 * @returns e.g. '< 1 s' (below 0.5 s), '1 s', '42 s', '2 min 05 s'; '—' for a negative or non-finite time.
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  const whole = Math.round(seconds);
  if (whole === 0) return UNDER_A_SECOND;
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}
