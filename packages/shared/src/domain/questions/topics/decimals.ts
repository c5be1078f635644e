/**
 * Decimals: "3.25 + 1.5", "4.2 × 1.5", "7.35 ÷ 3". All arithmetic is done in integer hundredths
 * (or tenths for factors) and converted once at the end, so answers carry no float artefacts:
 * "0.1 + 0.2" has the answer 0.3, not 0.30000000000000004.
 */
import { randomInt, type Rng } from '../../rng.js';
import { atLevel, chance, pick, redrawWhile } from '../draw.js';
import { formatHundredths, fromHundredths } from '../format.js';
import { since, type QuestionRules } from '../rules.js';
import type { DrawnQuestion, LevelTable } from '../types.js';

type Operation = 'add' | 'subtract' | 'add-three' | 'times-whole' | 'times-decimal' | 'divide-by-whole' | 'divide-by-decimal';

interface Shape {
  operations: readonly Operation[];
  /** Largest whole part of an operand. */
  maxWhole: number;
  /** Decimal places of added or subtracted operands (1 or 2). */
  places: 1 | 2;
}

/**
 * Tenths sums first; hundredths from level 4; a decimal times a whole number from level 5;
 * decimal × decimal and division from level 7; three terms and division by a decimal at the top.
 */
const SHAPES: LevelTable<Shape> = [
  { operations: ['add'], maxWhole: 5, places: 1 },
  { operations: ['add', 'subtract'], maxWhole: 9, places: 1 },
  { operations: ['add', 'subtract'], maxWhole: 20, places: 1 },
  { operations: ['add', 'subtract'], maxWhole: 20, places: 2 },
  { operations: ['add', 'subtract', 'times-whole'], maxWhole: 50, places: 2 },
  { operations: ['add', 'subtract', 'times-whole'], maxWhole: 100, places: 2 },
  { operations: ['subtract', 'times-whole', 'times-decimal', 'divide-by-whole'], maxWhole: 100, places: 2 },
  { operations: ['add-three', 'times-decimal', 'divide-by-whole'], maxWhole: 100, places: 2 },
  { operations: ['add-three', 'times-decimal', 'divide-by-whole', 'divide-by-decimal'], maxWhole: 200, places: 2 },
  { operations: ['add-three', 'times-decimal', 'divide-by-whole', 'divide-by-decimal'], maxWhole: 500, places: 2 },
];

/** Factors and divisors stay in times-table range, so the difficulty lies in the decimal point. */
const MAX_FACTOR_WHOLE = 12;

/** A non-whole number of hundredths with the given places: 1 place gives 2.3, 2 places 2.35 or 2.3. */
function decimalHundredths(rng: Rng, maxWhole: number, places: 1 | 2): number {
  const whole = randomInt(rng, 0, maxWhole);
  const fraction = places === 1 ? 10 * randomInt(rng, 1, 9) : randomInt(rng, 1, 99);
  return whole * 100 + fraction;
}

/** A non-whole number of tenths below `maxWhole + 1`, e.g. 42 for 4.2. */
function decimalTenths(rng: Rng, maxWhole: number): number {
  return randomInt(rng, 0, maxWhole) * 10 + randomInt(rng, 1, 9);
}

function question(text: string, hundredths: number): DrawnQuestion {
  const answer = formatHundredths(hundredths);
  return { text, answer: fromHundredths(hundredths), explanation: `${text} = ${answer}` };
}

function drawOperation(rng: Rng, operation: Operation, shape: Shape, rules: QuestionRules): DrawnQuestion {
  const f = formatHundredths;
  switch (operation) {
    case 'add': {
      const a = decimalHundredths(rng, shape.maxWhole, shape.places);
      // Mixing 2.35 with 1.5 tests lining up the decimal points.
      const b = decimalHundredths(rng, shape.maxWhole, chance(rng, 0.5) ? 1 : shape.places);
      return question(`${f(a)} + ${f(b)}`, a + b);
    }
    case 'subtract': {
      const x = decimalHundredths(rng, shape.maxWhole, shape.places);
      // Equal operands would make the answer 0 (issue #47): from version 2 the second is drawn again.
      const y = redrawWhile(() => decimalHundredths(rng, shape.maxWhole, shape.places), (v) => since(rules, 2) && v === x);
      const [a, b] = x >= y ? [x, y] : [y, x];
      return question(`${f(a)} − ${f(b)}`, a - b);
    }
    case 'add-three': {
      const a = decimalHundredths(rng, shape.maxWhole, shape.places);
      const b = decimalHundredths(rng, shape.maxWhole, shape.places);
      // The subtrahend is below a + b, so the result is positive, never 0 (version 1: at most a + b).
      const c = randomInt(rng, 1, since(rules, 2) ? a + b - 1 : a + b);
      return question(`${f(a)} + ${f(b)} − ${f(c)}`, a + b - c);
    }
    case 'times-whole': {
      const tenths = decimalTenths(rng, shape.maxWhole);
      const factor = randomInt(rng, 2, MAX_FACTOR_WHOLE);
      return question(`${f(tenths * 10)} × ${factor}`, tenths * 10 * factor);
    }
    case 'times-decimal': {
      const a = decimalTenths(rng, MAX_FACTOR_WHOLE);
      const b = decimalTenths(rng, 9);
      // tenths × tenths = hundredths, exactly.
      return question(`${f(a * 10)} × ${f(b * 10)}`, a * b);
    }
    case 'divide-by-whole': {
      const quotient = decimalHundredths(rng, 20, 2);
      const divisor = randomInt(rng, 2, 9);
      return question(`${f(quotient * divisor)} ÷ ${divisor}`, quotient);
    }
    case 'divide-by-decimal': {
      const divisor = decimalTenths(rng, 9);
      const quotient = randomInt(rng, 2, MAX_FACTOR_WHOLE);
      return question(`${f(divisor * quotient * 10)} ÷ ${f(divisor * 10)}`, quotient * 100);
    }
  }
}

export function drawDecimals(rng: Rng, difficulty: number, rules: QuestionRules): DrawnQuestion {
  const shape = atLevel(SHAPES, difficulty);
  return drawOperation(rng, pick(rng, shape.operations), shape, rules);
}
