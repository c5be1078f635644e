/**
 * Time spent on a contest question, as the results page shows it. `timeSpent` is in seconds on
 * the wire (protocol ContestAnswer), and our contest page sends it rounded to whole seconds
 * (contest/take/lib/contest-time `elapsedSeconds`): an answer given in under half a second
 * arrives as 0, and the Summary's Fastest read "0 s" as if no time had passed. Whole seconds stay
 * the unit (performance `answerTimes` calls times in the same whole second even, and tenths would
 * contradict it); a time that rounds to 0 reads "< 1 s".
 */

/** What a time that rounds to 0 seconds reads. */
export const UNDER_A_SECOND = '< 1 s';

/**
 * @param seconds - time spent, in seconds (whole or fractional).
 * @returns e.g. '< 1 s' (below 0.5 s), '1 s', '42 s'; '—' for a negative or non-finite time.
 */
export function formatAnswerSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  const whole = Math.round(seconds);
  return whole === 0 ? UNDER_A_SECOND : `${whole} s`;
}
