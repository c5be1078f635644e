/** Multiplication: times tables first, then two- and three-digit factors. */
import { randomInt, type Rng } from '../../rng.js';
import { atLevel, chance } from '../draw.js';
import { bin, fromExpression, num, type Expr } from '../expression.js';
import type { QuestionRules } from '../rules.js';
import type { DrawnQuestion, LevelTable } from '../types.js';

/** Factor ranges `[[minA, maxA], [minB, maxB]]` per level. */
export type FactorRanges = readonly [readonly [number, number], readonly [number, number]];

/**
 * Times tables up to 12 × 12 for levels 1–3, then a two-digit by one-digit factor, two-digit by
 * two-digit, and three-digit factors at the top. The second factor never drops below 2, which
 * division relies on for its divisor.
 */
export const FACTOR_RANGES: LevelTable<FactorRanges> = [
  [[2, 5], [2, 5]],
  [[2, 10], [2, 10]],
  [[2, 12], [2, 12]],
  [[11, 25], [2, 9]],
  [[11, 50], [3, 9]],
  [[11, 25], [11, 19]],
  [[20, 99], [6, 12]],
  [[20, 99], [11, 30]],
  [[100, 999], [3, 12]],
  [[100, 999], [11, 99]],
];

/** The product as a tree, for mixed questions (mixed.ts) and for `drawMultiplication`. */
export function multiplicationExpr(rng: Rng, difficulty: number): Expr {
  const [[minA, maxA], [minB, maxB]] = atLevel(FACTOR_RANGES, difficulty);
  const a = randomInt(rng, minA, maxA);
  const b = randomInt(rng, minB, maxB);
  const [left, right] = chance(rng, 0.5) ? [a, b] : [b, a];
  return bin('×', num(left), num(right));
}

export function drawMultiplication(rng: Rng, difficulty: number, rules: QuestionRules): DrawnQuestion {
  return fromExpression(multiplicationExpr(rng, difficulty), rules.powerNotation);
}
