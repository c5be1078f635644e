/** Division with exact integer results: "144 ÷ 12", the inverse of the same level's products. */
import { randomInt, type Rng } from '../../rng.js';
import { atLevel } from '../draw.js';
import { bin, num, render } from '../expression.js';
import { formatInteger } from '../format.js';
import type { DrawnQuestion } from '../types.js';
import { FACTOR_RANGES } from './multiplication.js';

export function drawDivision(rng: Rng, difficulty: number): DrawnQuestion {
  const [[minQuotient, maxQuotient], [minDivisor, maxDivisor]] = atLevel(FACTOR_RANGES, difficulty);
  const quotient = randomInt(rng, minQuotient, maxQuotient);
  const divisor = randomInt(rng, minDivisor, maxDivisor);
  const dividend = quotient * divisor;
  const text = render(bin('÷', num(dividend), num(divisor)));
  return {
    text,
    answer: quotient,
    explanation: `${text} = ${formatInteger(quotient)} because ${divisor} × ${quotient} = ${dividend}`,
  };
}
