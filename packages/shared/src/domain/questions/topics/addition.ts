/** Addition: "37 + 48", and three addends from level 7. */
import { randomInt, type Rng } from '../../rng.js';
import { atLevel } from '../draw.js';
import { bin, fromExpression, num, type Expr } from '../expression.js';
import type { QuestionRules } from '../rules.js';
import type { DrawnQuestion, LevelTable } from '../types.js';

/**
 * Operand range per level: single digits, teens, two digits, then three and four digits. The
 * lower bound keeps a "three-digit" level from drawing 4 + 7.
 */
export const ADDITION_RANGE: LevelTable<readonly [number, number]> = [
  [1, 9],
  [2, 20],
  [5, 50],
  [10, 99],
  [20, 200],
  [50, 500],
  [100, 999],
  [200, 2000],
  [500, 5000],
  [1000, 9999],
];

/** A third term from level 7: harder through an extra step, not only bigger numbers. */
const TERMS: LevelTable<number> = [2, 2, 2, 2, 2, 2, 3, 3, 3, 3];

/** The sum as a tree, for mixed questions (mixed.ts) and for `drawAddition`. */
export function additionExpr(rng: Rng, difficulty: number): Expr {
  const [min, max] = atLevel(ADDITION_RANGE, difficulty);
  let expr: Expr = num(randomInt(rng, min, max));
  for (let i = 1; i < atLevel(TERMS, difficulty); i++) expr = bin('+', expr, num(randomInt(rng, min, max)));
  return expr;
}

export function drawAddition(rng: Rng, difficulty: number, rules: QuestionRules): DrawnQuestion {
  return fromExpression(additionExpr(rng, difficulty), rules.powerNotation);
}
