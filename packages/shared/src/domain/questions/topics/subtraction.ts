/** Subtraction: "92 − 37", and two subtrahends from level 7; results are never negative. */
import { randomInt, type Rng } from '../../rng.js';
import { atLevel } from '../draw.js';
import { bin, fromExpression, num } from '../expression.js';
import type { DrawnQuestion, LevelTable } from '../types.js';
import { ADDITION_RANGE } from './addition.js';

/** A second subtrahend from level 7, matching addition's third term. */
const SUBTRAHENDS: LevelTable<number> = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2];

export function drawSubtraction(rng: Rng, difficulty: number): DrawnQuestion {
  // Same operand sizes as addition: a − b is the inverse fact of b + (a − b).
  const [min, max] = atLevel(ADDITION_RANGE, difficulty);
  const subtrahends = Array.from({ length: atLevel(SUBTRAHENDS, difficulty) }, () => randomInt(rng, min, max));
  const total = subtrahends.reduce((sum, value) => sum + value, 0);
  // Early learners meet negative numbers later, so the minuend covers all subtrahends.
  const minuend = randomInt(rng, total, Math.max(total, max));
  const expr = subtrahends.reduce((acc, value) => bin('−', acc, num(value)), num(minuend));
  return fromExpression(expr);
}
