/**
 * Percentages: "15% of 240". With an integer percent p and an integer base m, p% of m is p × m
 * hundredths, so every answer has at most 2 decimals by construction.
 */
import { randomInt, type Rng } from '../../rng.js';
import { atLevel, pick, redrawWhile } from '../draw.js';
import { formatHundredths, fromHundredths } from '../format.js';
import { isStrict, type QuestionRules } from '../rules.js';
import type { DrawnQuestion, LevelTable } from '../types.js';

interface Shape {
  /** Integer percents to choose from. */
  percents: readonly number[];
  /** Largest base. */
  maxBase: number;
  /** Whether the answer must be a whole number (the base is then a multiple of 100 / gcd(p, 100)). */
  wholeAnswer: boolean;
}

const FRIENDLY = [10, 50, 100];
const QUARTERS_AND_FIFTHS = [10, 20, 25, 50, 75, 100];
const MULTIPLES_OF_FIVE = Array.from({ length: 20 }, (_, i) => (i + 1) * 5);
const ANY_UP_TO_99 = Array.from({ length: 99 }, (_, i) => i + 1);
const ANY_UP_TO_250 = Array.from({ length: 250 }, (_, i) => i + 1);

/** Friendly percents of round numbers first, then any percent, then decimal answers and > 100%. */
const SHAPES: LevelTable<Shape> = [
  { percents: FRIENDLY, maxBase: 100, wholeAnswer: true },
  { percents: FRIENDLY, maxBase: 200, wholeAnswer: true },
  { percents: QUARTERS_AND_FIFTHS, maxBase: 200, wholeAnswer: true },
  { percents: MULTIPLES_OF_FIVE, maxBase: 400, wholeAnswer: true },
  { percents: MULTIPLES_OF_FIVE, maxBase: 500, wholeAnswer: true },
  { percents: ANY_UP_TO_99, maxBase: 1000, wholeAnswer: true },
  { percents: ANY_UP_TO_99, maxBase: 1000, wholeAnswer: true },
  { percents: ANY_UP_TO_99, maxBase: 500, wholeAnswer: false },
  { percents: ANY_UP_TO_99, maxBase: 2000, wholeAnswer: false },
  { percents: ANY_UP_TO_250, maxBase: 2000, wholeAnswer: false },
];

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function drawPercentages(rng: Rng, difficulty: number, rules: QuestionRules): DrawnQuestion {
  const shape = atLevel(SHAPES, difficulty);
  // From `nonTrivialFrom`, 1% and 100% (a shift of the point, the base itself) are drawn again,
  // and the base is at least 2 (issue #47).
  const strict = isStrict(rules, difficulty);
  const percent = redrawWhile(() => pick(rng, shape.percents), (p) => strict && (p === 1 || p === 100));
  const unit = shape.wholeAnswer ? 100 / gcd(percent, 100) : 1;
  const least = strict && unit === 1 ? 2 : 1;
  const base = unit * randomInt(rng, least, Math.max(least, Math.floor(shape.maxBase / unit)));
  const hundredths = percent * base;
  const answer = formatHundredths(hundredths);
  return {
    text: `${percent}% of ${base}`,
    answer: fromHundredths(hundredths),
    explanation: `${percent}% of ${base} = ${base} × ${percent} ÷ 100 = ${answer}`,
  };
}
