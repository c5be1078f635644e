/** Difficulty schedules: which level (1..10) the n-th question of a run or contest gets. */
import { MAX_DIFFICULTY, MIN_DIFFICULTY } from './types.js';

/**
 * Checks a difficulty level.
 *
 * @throws RangeError unless `difficulty` is an integer in 1..10.
 */
export function assertDifficulty(difficulty: number): void {
  if (!Number.isInteger(difficulty) || difficulty < MIN_DIFFICULTY || difficulty > MAX_DIFFICULTY) {
    throw new RangeError(
      `difficulty must be an integer ${MIN_DIFFICULTY}..${MAX_DIFFICULTY}, got ${String(difficulty)}`,
    );
  }
}

/**
 * Questions per level in a duel or single-player run. A 1-minute duel has 30 questions and good
 * players answer about one every 4–6 s, so 4 per level reaches the top levels within a minute
 * while the first dozen answers stay quick.
 */
const DUEL_QUESTIONS_PER_LEVEL = 4;

/**
 * Difficulty of question `index` (0-based) in a Math Challenge duel or a single-player run:
 * `min(10, 1 + floor(index / 4))` — levels 1, 1, 1, 1, 2, 2, 2, 2, 3, …, reaching 10 at index 36
 * and staying there.
 *
 * @throws RangeError unless `index` is a non-negative integer.
 */
export function duelDifficulty(index: number): number {
  if (!Number.isInteger(index) || index < 0) {
    throw new RangeError(`index must be a non-negative integer, got ${String(index)}`);
  }
  return Math.min(MAX_DIFFICULTY, MIN_DIFFICULTY + Math.floor(index / DUEL_QUESTIONS_PER_LEVEL));
}

/**
 * Difficulty of question `index` (0-based) of a contest with `count` questions, rising evenly from
 * 1 on the first question to 10 on the last (spec §1: "progressively rising difficulty"):
 * `1 + round(9 × index / (count − 1))`, or 1 when `count` is 1. For the weekly contest's 20
 * questions this gives two questions per level: 1, 1, 2, 2, …, 10, 10.
 *
 * @throws RangeError unless `count` is a positive integer and `index` an integer in [0, count).
 */
export function contestDifficulty(index: number, count: number): number {
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`count must be a positive integer, got ${String(count)}`);
  }
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new RangeError(`index must be an integer in [0, ${count}), got ${String(index)}`);
  }
  if (count === 1) return MIN_DIFFICULTY;
  return MIN_DIFFICULTY + Math.round(((MAX_DIFFICULTY - MIN_DIFFICULTY) * index) / (count - 1));
}
