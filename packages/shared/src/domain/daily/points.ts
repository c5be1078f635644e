/**
 * Practice points of one section submission (issue #4: "10 times the section's weight per correct
 * answer, plus a speed bonus") whose rule docs/rules.md states.
 */
import { DAILY } from '../../constants.js';

/**
 * Seconds per question at which the speed bonus reaches 0. A minute per question is slow for the
 * basic set and fair for the expert one, so most players get some bonus and nobody is pushed to
 * guess.
 */
export const SPEED_BONUS_SECONDS_PER_QUESTION = 60;
/** The bonus at an instant submission, as a share of the base points (+50%). */
export const SPEED_BONUS_MAX_SHARE = 0.5;

/** What a submission is worth, in practice points. */
export interface PracticePoints {
  /** 10 × weight × correct answers. */
  basePoints: number;
  /** See `practicePoints`. */
  speedBonus: number;
  /** basePoints + speedBonus. */
  practicePoints: number;
}

/**
 * Practice points of a submission:
 *
 *   base  = 10 × weight × correct
 *   bonus = floor(base × 0.5 × max(0, 1 − seconds / (60 × count)))
 *
 * computed in whole milliseconds, so no rounding error moves the floor. `seconds` (here
 * `timeTakenMs` / 1000) is the server-measured time from opening the section to submitting it (issue #4), so
 * the bonus is worth up to half the base points and falls linearly to 0 at one minute per question
 * (10 minutes for a 10-question set). It scales with the base, so wrong answers earn no bonus and a
 * fast blank submission earns nothing.
 *
 * @param weight - the section's weight (1–4). @param correct - correct answers, 0..count.
 * @param count - questions in the set (10). @param timeTakenMs - time taken in ms (negative counts as 0).
 * @throws RangeError for negative or non-integer counts (a caller bug).
 */
export function practicePoints(weight: number, correct: number, count: number, timeTakenMs: number): PracticePoints {
  if (!Number.isInteger(correct) || !Number.isInteger(count) || correct < 0 || count < 1 || correct > count) {
    throw new RangeError(`need integers 0 ≤ correct ≤ count, count ≥ 1; got ${correct} of ${count}`);
  }
  const basePoints = DAILY.pointsPerCorrectPerWeight * weight * correct;
  const zeroAtMs = SPEED_BONUS_SECONDS_PER_QUESTION * 1000 * count;
  const leftMs = Math.max(0, zeroAtMs - Math.max(0, Math.round(timeTakenMs)));
  // base × 0.5 × left / zeroAt, with the 0.5 as a halved denominator: all integers up to ~10^9.
  const speedBonus = Math.floor((basePoints * leftMs) / (zeroAtMs / SPEED_BONUS_MAX_SHARE));
  return { basePoints, speedBonus, practicePoints: basePoints + speedBonus };
}
