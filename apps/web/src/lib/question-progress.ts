/**
 * Progress of a player through the question list, in percent (spec §2 "Multiplayer game": a
 * percentage progress bar clamped to 0–100; §9 "Progress is clamped to 0–100%"). The single-player
 * screen shows the same bar.
 *
 * @param current index of the current question (= questions solved)
 * @param total number of questions in the game
 * @returns a whole-number percentage in 0..100; 0 when there are no questions or the input is not finite
 */
export function progressPercent(current: number, total: number): number {
  if (!Number.isFinite(current) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((current / total) * 100)));
}

/**
 * The 1-based question number shown as 'Question X of N'. After the last answer the index equals the
 * question count, so the number stops at N instead of showing 'Question N+1 of N'.
 */
export function questionNumber(current: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(total, Math.max(1, Math.floor(current) + 1));
}
