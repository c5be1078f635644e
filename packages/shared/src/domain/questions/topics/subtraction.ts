/** Subtraction: "92 − 37", and two subtrahends from level 7; results are never negative. */
import { randomInt, type Rng } from '../../rng.js';
import { atLevel } from '../draw.js';
import { bin, fromExpression, num, type Expr } from '../expression.js';
import { isStrict, since, type QuestionRules } from '../rules.js';
import type { DrawnQuestion, LevelTable } from '../types.js';
import { ADDITION_RANGE } from './addition.js';

/** A second subtrahend from level 7, matching addition's third term. */
const SUBTRAHENDS: LevelTable<number> = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2];

/** The subtraction as a tree, for mixed questions (mixed.ts) and for `drawSubtraction`. */
export function subtractionExpr(rng: Rng, difficulty: number, rules: QuestionRules): Expr {
  // Same operand sizes as addition: a − b is the inverse fact of b + (a − b).
  const [min, max] = atLevel(ADDITION_RANGE, difficulty);
  const subtrahends = Array.from({ length: atLevel(SUBTRAHENDS, difficulty) }, () => randomInt(rng, min, max));
  const total = subtrahends.reduce((sum, value) => sum + value, 0);
  // Early learners meet negative numbers later, so the minuend covers all subtrahends.
  if (!since(rules, 2)) {
    const minuend = randomInt(rng, total, Math.max(total, max));
    return subtrahends.reduce<Expr>((acc, value) => bin('−', acc, num(value)), num(minuend));
  }
  // From `nonTrivialFrom` the difference is at least the level's smallest operand (never 0 or 1),
  // and two subtrahends that pass the range leave it room up to the range's top.
  const least = isStrict(rules, difficulty) ? min : 0;
  const difference = randomInt(rng, least, total < max ? Math.max(least, max - total) : max);
  const minuend = total + difference;
  return subtrahends.reduce<Expr>((acc, value) => bin('−', acc, num(value)), num(minuend));
}

export function drawSubtraction(rng: Rng, difficulty: number, rules: QuestionRules): DrawnQuestion {
  return fromExpression(subtractionExpr(rng, difficulty, rules), rules.powerNotation);
}
