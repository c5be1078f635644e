/** Powers: "2^7", "3^4", zero and first powers, then products and differences of powers. */
import { type Rng } from '../../rng.js';
import { atLevel, chance, mapLevels, pick } from '../draw.js';
import { bin, fromExpression, num, render, type Expr } from '../expression.js';
import type { DrawnQuestion, LevelTable } from '../types.js';

/**
 * Value range of a single power per level. The floor stops high levels drawing 2^2; the ceiling
 * keeps answers something a player can work out in a timed round.
 */
const VALUE_RANGE: LevelTable<readonly [number, number]> = [
  [4, 16],
  [8, 32],
  [8, 64],
  [16, 128],
  [27, 256],
  [64, 1000],
  [100, 1024],
  [125, 4096],
  [243, 10000],
  [1000, 100000],
];

const MAX_BASE = 10;

/** Every base^exponent (base 2..10, exponent ≥ 2) whose value is within `range`. */
function powersWithin([min, max]: readonly [number, number]): readonly (readonly [number, number])[] {
  const found: [number, number][] = [];
  for (let base = 2; base <= MAX_BASE; base++) {
    for (let exponent = 2; base ** exponent <= max; exponent++) {
      if (base ** exponent >= min) found.push([base, exponent]);
    }
  }
  return found;
}

const POWERS_BY_LEVEL = mapLevels(VALUE_RANGE, powersWithin);

function powerExpr(base: number, exponent: number): Expr {
  return bin('^', num(base), num(exponent));
}

/** "2^5 = 2 × 2 × 2 × 2 × 2 = 32" while the product is short enough to read on one line. */
const MAX_EXPANDED_EXPONENT = 6;

function drawSingle(rng: Rng, difficulty: number): DrawnQuestion {
  const [base, exponent] = pick(rng, atLevel(POWERS_BY_LEVEL, difficulty));
  const text = render(powerExpr(base, exponent));
  const answer = base ** exponent;
  const expanded =
    exponent <= MAX_EXPANDED_EXPONENT ? `${Array.from({ length: exponent }, () => base).join(' × ')} = ` : '';
  return { text, answer, explanation: `${text} = ${expanded}${answer}` };
}

/** n^0 = 1 and n^1 = n: the two rules players most often get wrong. */
function drawZeroOrFirst(rng: Rng): DrawnQuestion {
  const base = pick(rng, [2, 3, 5, 7, 9, 10, 12, 15, 25, 100]);
  const exponent = pick(rng, [0, 1]);
  const text = render(powerExpr(base, exponent));
  return exponent === 0
    ? { text, answer: 1, explanation: `${text} = 1 because any non-zero number to the power 0 is 1` }
    : { text, answer: base, explanation: `${text} = ${base} because a number to the power 1 is itself` };
}

/**
 * Two powers from five levels lower, combined (level 8 draws from level 3's 8..64); − keeps the
 * larger first so the answer is not negative.
 */
function drawCombined(rng: Rng, difficulty: number): DrawnQuestion {
  const pool = atLevel(POWERS_BY_LEVEL, difficulty - 5);
  const [a, m] = pick(rng, pool);
  const [b, n] = pick(rng, pool);
  const op = pick(rng, ['+', '−', '×'] as const);
  const [first, second] = op === '−' && a ** m < b ** n ? [powerExpr(b, n), powerExpr(a, m)] : [powerExpr(a, m), powerExpr(b, n)];
  return fromExpression(bin(op, first, second));
}

export function drawPowers(rng: Rng, difficulty: number): DrawnQuestion {
  if (difficulty >= 8 && chance(rng, 0.3)) return drawCombined(rng, difficulty);
  if (difficulty >= 6 && chance(rng, 0.1)) return drawZeroOrFirst(rng);
  return drawSingle(rng, difficulty);
}
