/** Squares and square roots: "13^2", "√169", then combinations such as "√(36 + 64)". */
import { randomInt, type Rng } from '../../rng.js';
import { atLevel, chance, pick } from '../draw.js';
import { bin, fromExpression, num, sqrt } from '../expression.js';
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

function drawSingle(rng: Rng, maxBase: number): DrawnQuestion {
  const n = randomInt(rng, 2, maxBase);
  if (chance(rng, 0.5)) {
    return { text: `${n}^2`, answer: n * n, explanation: `${n}^2 = ${n} × ${n} = ${n * n}` };
  }
  return { text: `√${n * n}`, answer: n, explanation: `√${n * n} = ${n} because ${n} × ${n} = ${n * n}` };
}

/** A root plus or times something from level 7; a root of a sum of two squares from level 9. */
function drawCombined(rng: Rng, difficulty: number, maxBase: number): DrawnQuestion {
  const root = sqrt(num(randomInt(rng, 2, maxBase) ** 2));
  if (difficulty >= 9 && chance(rng, 0.5)) {
    const [a, b, c] = pick(rng, TRIPLES);
    const k = randomInt(rng, 1, Math.max(1, Math.floor(maxBase / c)));
    return fromExpression(sqrt(bin('+', num((k * a) ** 2), num((k * b) ** 2))));
  }
  if (chance(rng, 0.5)) {
    return fromExpression(bin('+', root, bin('^', num(randomInt(rng, 2, 15)), num(2))));
  }
  return fromExpression(bin('×', root, num(randomInt(rng, 2, 12))));
}

export function drawSquaresAndRoots(rng: Rng, difficulty: number): DrawnQuestion {
  const maxBase = atLevel(MAX_BASE, difficulty);
  if (difficulty >= 7 && chance(rng, 0.5)) return drawCombined(rng, difficulty, maxBase);
  return drawSingle(rng, maxBase);
}
