/** Powers: "2⁷", "3⁴", then sums, products and differences of powers. */
import { type Rng } from '../../rng.js';
import { atLevel, chance, mapLevels, pick, redrawWhile } from '../draw.js';
import { bin, evaluate, fromExpression, hasTrivialStep, num, render, type Expr } from '../expression.js';
import type { DrawnQuestion, LevelTable } from '../types.js';

/**
 * Value range of a single power per level. The floor stops high levels drawing 2²; the ceiling
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

/** "2⁵ = 2 × 2 × 2 × 2 × 2 = 32" while the product is short enough to read on one line. */
const MAX_EXPANDED_EXPONENT = 6;

function drawSingle(rng: Rng, difficulty: number): Expr {
  const [base, exponent] = pick(rng, atLevel(POWERS_BY_LEVEL, difficulty));
  return powerExpr(base, exponent);
}

/**
 * Two powers from five levels lower, combined (level 8 draws from level 3's 8..64); − keeps the
 * larger first so the answer is not negative, and equal powers are drawn again (2³ − 2³ is 0).
 * Zeroth and first powers (x⁰, x¹) are never asked: they make the question trivial (issue #47).
 */
function drawCombined(rng: Rng, difficulty: number): Expr {
  const pool = atLevel(POWERS_BY_LEVEL, difficulty - 5);
  const draw = (): Expr => {
    const [a, m] = pick(rng, pool);
    const [b, n] = pick(rng, pool);
    const op = pick(rng, ['+', '−', '×'] as const);
    const [first, second] = op === '−' && a ** m < b ** n ? [powerExpr(b, n), powerExpr(a, m)] : [powerExpr(a, m), powerExpr(b, n)];
    return bin(op, first, second);
  };
  return redrawWhile(draw, hasTrivialStep);
}

/** The question as a tree, for mixed questions (mixed.ts) and for `drawPowers`. */
export function powersExpr(rng: Rng, difficulty: number): Expr {
  if (difficulty >= 8 && chance(rng, 0.3)) return drawCombined(rng, difficulty);
  return drawSingle(rng, difficulty);
}

export function drawPowers(rng: Rng, difficulty: number): DrawnQuestion {
  const expr = powersExpr(rng, difficulty);
  if (expr.kind !== 'binary' || expr.op !== '^' || expr.left.kind !== 'number' || expr.right.kind !== 'number') {
    return fromExpression(expr);
  }
  const [base, exponent] = [expr.left.value, expr.right.value];
  const text = render(expr);
  const answer = evaluate(expr);
  const expanded =
    exponent <= MAX_EXPANDED_EXPONENT ? `${Array.from({ length: exponent }, () => base).join(' × ')} = ` : '';
  return { text, answer, explanation: `${text} = ${expanded}${answer}` };
}
