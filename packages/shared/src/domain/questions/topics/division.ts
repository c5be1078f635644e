/** Division with exact integer results: "144 ÷ 12", the inverse of the same level's products. */
import { randomInt, type Rng } from '../../rng.js';
import { atLevel } from '../draw.js';
import { bin, num, render, type Expr } from '../expression.js';
import { formatInteger } from '../format.js';
import type { QuestionRules } from '../rules.js';
import type { DrawnQuestion } from '../types.js';
import { FACTOR_RANGES } from './multiplication.js';

function drawFactors(rng: Rng, difficulty: number): { quotient: number; divisor: number } {
  const [[minQuotient, maxQuotient], [minDivisor, maxDivisor]] = atLevel(FACTOR_RANGES, difficulty);
  const quotient = randomInt(rng, minQuotient, maxQuotient);
  return { quotient, divisor: randomInt(rng, minDivisor, maxDivisor) };
}

/** The division as a tree, for mixed questions (mixed.ts). */
export function divisionExpr(rng: Rng, difficulty: number): Expr {
  const { quotient, divisor } = drawFactors(rng, difficulty);
  return bin('÷', num(quotient * divisor), num(divisor));
}

export function drawDivision(rng: Rng, difficulty: number, rules: QuestionRules): DrawnQuestion {
  const { quotient, divisor } = drawFactors(rng, difficulty);
  const dividend = quotient * divisor;
  const text = render(bin('÷', num(dividend), num(divisor)), rules.powerNotation);
  return {
    text,
    answer: quotient,
    explanation: `${text} = ${formatInteger(quotient)} because ${divisor} × ${quotient} = ${dividend}`,
  };
}
