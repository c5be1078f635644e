/** Difficulty schedules: which level (1..10) the n-th question of a run or contest gets. */
import { MAX_DIFFICULTY, MAX_MIXED_DIFFICULTY, MIN_DIFFICULTY } from './types.js';

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
 * Questions per level in a duel or single-player run. Good players answer the first levels in
 * under a second and later ones in several, so 4 per level reaches level 10 within the first 40
 * questions while the first dozen answers stay quick.
 */
const DUEL_QUESTIONS_PER_LEVEL = 4;

/**
 * Checks a duel or single-player level, which may go past 10 (mixed questions, issue #47).
 *
 * @throws RangeError unless `difficulty` is an integer in 1..20.
 */
export function assertDuelDifficulty(difficulty: number): void {
  if (!Number.isInteger(difficulty) || difficulty < MIN_DIFFICULTY || difficulty > MAX_MIXED_DIFFICULTY) {
    throw new RangeError(
      `difficulty must be an integer ${MIN_DIFFICULTY}..${MAX_MIXED_DIFFICULTY}, got ${String(difficulty)}`,
    );
  }
}

/**
 * Difficulty of question `index` (0-based) in a Math Challenge duel or a single-player run:
 * `min(20, 1 + floor(index / 4))` — levels 1, 1, 1, 1, 2, 2, 2, 2, 3, …, 10 at index 36, then
 * on past 10 with mixed questions (11 at index 40), reaching 20 at index 76 and staying there.
 *
 * @throws RangeError unless `index` is a non-negative integer.
 */
export function duelDifficulty(index: number): number {
  if (!Number.isInteger(index) || index < 0) {
    throw new RangeError(`index must be a non-negative integer, got ${String(index)}`);
  }
  return Math.min(MAX_MIXED_DIFFICULTY, MIN_DIFFICULTY + Math.floor(index / DUEL_QUESTIONS_PER_LEVEL));
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
