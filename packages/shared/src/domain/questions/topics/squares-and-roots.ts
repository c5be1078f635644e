/** Squares and square roots: "13²", "√169", then combinations such as "√(36 + 64)". */
import { randomInt, type Rng } from '../../rng.js';
import { atLevel, chance, pick } from '../draw.js';
import { bin, evaluate, explainSteps, num, render, sqrt, type Expr } from '../expression.js';
import type { QuestionRules } from '../rules.js';
import type { DrawnQuestion, LevelTable } from '../types.js';

/** Largest number squared or rooted per level: squares to 25 first, then to 900. */
const MAX_BASE: LevelTable<number> = [5, 7, 9, 10, 12, 13, 15, 20, 25, 30];

/** Primitive Pythagorean triples (a² + b² = c²), so √(a² + b²) is exact. */
const TRIPLES: readonly (readonly [number, number, number])[] = [
  [3, 4, 5],
  [5, 12, 13],
  [8, 15, 17],
  [7, 24, 25],
  [20, 21, 29],
];

function drawSingle(rng: Rng, maxBase: number): Expr {
  const n = randomInt(rng, 2, maxBase);
  return chance(rng, 0.5) ? bin('^', num(n), num(2)) : sqrt(num(n * n));
}

/** A root plus or times something from level 7; a root of a sum of two squares from level 9. */
function drawCombined(rng: Rng, difficulty: number, maxBase: number): Expr {
  const root = sqrt(num(randomInt(rng, 2, maxBase) ** 2));
  if (difficulty >= 9 && chance(rng, 0.5)) {
    const [a, b, c] = pick(rng, TRIPLES);
    const k = randomInt(rng, 1, Math.max(1, Math.floor(maxBase / c)));
    return sqrt(bin('+', num((k * a) ** 2), num((k * b) ** 2)));
  }
  if (chance(rng, 0.5)) return bin('+', root, bin('^', num(randomInt(rng, 2, 15)), num(2)));
  return bin('×', root, num(randomInt(rng, 2, 12)));
}

/** The question as a tree, for mixed questions (mixed.ts) and for `drawSquaresAndRoots`. */
export function squaresAndRootsExpr(rng: Rng, difficulty: number): Expr {
  const maxBase = atLevel(MAX_BASE, difficulty);
  if (difficulty >= 7 && chance(rng, 0.5)) return drawCombined(rng, difficulty, maxBase);
  return drawSingle(rng, maxBase);
}

export function drawSquaresAndRoots(rng: Rng, difficulty: number, rules: QuestionRules): DrawnQuestion {
  const expr = squaresAndRootsExpr(rng, difficulty);
  const text = render(expr, rules.powerNotation);
  const answer = evaluate(expr);
  // A single square or root is explained by its multiplication: "13² = 13 × 13 = 169".
  if (expr.kind === 'binary' && expr.left.kind === 'number') {
    return { text, answer, explanation: `${text} = ${expr.left.value} × ${expr.left.value} = ${answer}` };
  }
  if (expr.kind === 'sqrt' && expr.operand.kind === 'number') {
    return { text, answer, explanation: `${text} = ${answer} because ${answer} × ${answer} = ${expr.operand.value}` };
  }
  return { text, answer, explanation: explainSteps(expr, rules.powerNotation) };
}
