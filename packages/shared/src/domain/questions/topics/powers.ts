/** Powers: "2⁷", "3⁴", then sums, products and differences of powers (and, in version 1, "5^1", "9^0"). */
import { type Rng } from '../../rng.js';
import { atLevel, chance, mapLevels, pick, redrawWhile } from '../draw.js';
import { bin, evaluate, fromExpression, hasTrivialStep, num, render, type Expr, type PowerNotation } from '../expression.js';
import { isStrict, type QuestionRules } from '../rules.js';
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

/** A single power, as a tree whose base and exponent are plain numbers. */
type SinglePower = Expr & { kind: 'binary'; left: { kind: 'number'; value: number }; right: { kind: 'number'; value: number } };

function drawSingle(rng: Rng, difficulty: number): SinglePower {
  const [base, exponent] = pick(rng, atLevel(POWERS_BY_LEVEL, difficulty));
  return { kind: 'binary', op: '^', left: { kind: 'number', value: base }, right: { kind: 'number', value: exponent } };
}

/**
 * Two powers from five levels lower, combined (level 8 draws from level 3's 8..64); − keeps the
 * larger first so the answer is not negative, and under the non-trivial rule (`nonTrivialFrom`)
 * a combination with a trivial step, such as equal powers (2³ − 2³ is 0), is drawn again.
 */
function drawCombined(rng: Rng, difficulty: number, rules: QuestionRules): Expr {
  const pool = atLevel(POWERS_BY_LEVEL, difficulty - 5);
  const draw = (): Expr => {
    const [a, m] = pick(rng, pool);
    const [b, n] = pick(rng, pool);
    const op = pick(rng, ['+', '−', '×'] as const);
    const [first, second] = op === '−' && a ** m < b ** n ? [powerExpr(b, n), powerExpr(a, m)] : [powerExpr(a, m), powerExpr(b, n)];
    return bin(op, first, second);
  };
  const strict = isStrict(rules, difficulty);
  return redrawWhile(draw, (expr) => strict && hasTrivialStep(expr));
}

/**
 * n⁰ = 1 and n¹ = n, asked by version 1 only (`zeroAndFirstPowers`): version 2 never asks them,
 * they make the question trivial (issue #47).
 */
function drawZeroOrFirst(rng: Rng, notation: PowerNotation): DrawnQuestion {
  const base = pick(rng, [2, 3, 5, 7, 9, 10, 12, 15, 25, 100]);
  const exponent = pick(rng, [0, 1]);
  const text = render(powerExpr(base, exponent), notation);
  return exponent === 0
    ? { text, answer: 1, explanation: `${text} = 1 because any non-zero number to the power 0 is 1` }
    : { text, answer: base, explanation: `${text} = ${base} because a number to the power 1 is itself` };
}

/** Whether a power question combines powers, drawn first (level 8 on, three in ten). */
function drawsCombined(rng: Rng, difficulty: number): boolean {
  return difficulty >= 8 && chance(rng, 0.3);
}

/** The question as a tree, for mixed questions (mixed.ts): a single or a combined power. */
export function powersExpr(rng: Rng, difficulty: number, rules: QuestionRules): Expr {
  return drawsCombined(rng, difficulty) ? drawCombined(rng, difficulty, rules) : drawSingle(rng, difficulty);
}

export function drawPowers(rng: Rng, difficulty: number, rules: QuestionRules): DrawnQuestion {
  const combined = drawsCombined(rng, difficulty);
  if (combined) return fromExpression(drawCombined(rng, difficulty, rules), rules.powerNotation);
  if (rules.zeroAndFirstPowers && difficulty >= 6 && chance(rng, 0.1)) return drawZeroOrFirst(rng, rules.powerNotation);
  const expr = drawSingle(rng, difficulty);
  const [base, exponent] = [expr.left.value, expr.right.value];
  const text = render(expr, rules.powerNotation);
  const answer = evaluate(expr);
  const expanded =
    exponent <= MAX_EXPANDED_EXPONENT ? `${Array.from({ length: exponent }, () => base).join(' × ')} = ` : '';
  return { text, answer, explanation: `${text} = ${expanded}${answer}` };
}
