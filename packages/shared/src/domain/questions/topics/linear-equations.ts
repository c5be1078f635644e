/**
 * Linear equations with an integer solution: "Solve for x: 3x + 7 = 25", then negative numbers,
 * x on both sides ("5x − 12 = 2x + 9") and brackets ("4(x − 3) = 20"). Each equation is built
 * from its solution, so the answer is exact.
 */
import { randomInt, type Rng } from '../../rng.js';
import { atLevel, pick, redrawWhile } from '../draw.js';
import { formatInteger, MINUS } from '../format.js';
import { isStrict, type QuestionRules } from '../rules.js';
import type { DrawnQuestion, LevelTable } from '../types.js';

type Form = 'ax+b=c' | 'ax+b=cx+d' | 'a(x+b)=c';

interface Shape {
  forms: readonly Form[];
  /** Largest coefficient of x. */
  maxCoefficient: number;
  /** Solution range, inclusive. */
  solution: readonly [number, number];
  /** Largest absolute constant term. */
  maxConstant: number;
  /** Whether constants may be negative. */
  negatives: boolean;
}

/** Positive one-step-inverse equations first; negative solutions from 7; x on both sides from 8. */
const SHAPES: LevelTable<Shape> = [
  { forms: ['ax+b=c'], maxCoefficient: 2, solution: [1, 5], maxConstant: 9, negatives: false },
  { forms: ['ax+b=c'], maxCoefficient: 3, solution: [1, 9], maxConstant: 10, negatives: false },
  { forms: ['ax+b=c'], maxCoefficient: 4, solution: [1, 10], maxConstant: 15, negatives: false },
  { forms: ['ax+b=c'], maxCoefficient: 5, solution: [1, 10], maxConstant: 20, negatives: false },
  { forms: ['ax+b=c'], maxCoefficient: 6, solution: [1, 12], maxConstant: 20, negatives: true },
  { forms: ['ax+b=c'], maxCoefficient: 9, solution: [1, 12], maxConstant: 30, negatives: true },
  { forms: ['ax+b=c', 'a(x+b)=c'], maxCoefficient: 9, solution: [-10, 15], maxConstant: 30, negatives: true },
  { forms: ['ax+b=c', 'ax+b=cx+d', 'a(x+b)=c'], maxCoefficient: 9, solution: [-12, 15], maxConstant: 40, negatives: true },
  { forms: ['ax+b=cx+d', 'a(x+b)=c'], maxCoefficient: 12, solution: [-15, 20], maxConstant: 50, negatives: true },
  { forms: ['ax+b=cx+d', 'a(x+b)=c'], maxCoefficient: 15, solution: [-20, 25], maxConstant: 60, negatives: true },
];

/** "3x", "x" */
function term(coefficient: number): string {
  return coefficient === 1 ? 'x' : `${coefficient}x`;
}

/** " + 7", " − 7" after a term. */
function signed(constant: number): string {
  return constant < 0 ? ` ${MINUS} ${-constant}` : ` + ${constant}`;
}

/** A non-zero constant, negative only when the level allows. */
function constant(rng: Rng, shape: Shape): number {
  const magnitude = randomInt(rng, 1, shape.maxConstant);
  return shape.negatives && randomInt(rng, 0, 1) === 1 ? -magnitude : magnitude;
}

/** Moving a constant across: "Subtract 7 from both sides" or "Add 7 to both sides". */
function move(value: number): string {
  return value >= 0 ? `subtract ${value} from both sides` : `add ${-value} to both sides`;
}

/** The solution; from `nonTrivialFrom` never 0 (issue #47: "x = 0" answers itself). */
function solution(rng: Rng, shape: Shape, strict: boolean): number {
  const [min, max] = shape.solution;
  if (!strict || min > 0 || max < 0) return randomInt(rng, min, max);
  const x = randomInt(rng, min, max - 1);
  return x >= 0 ? x + 1 : x;
}

export function drawLinearEquation(rng: Rng, difficulty: number, rules: QuestionRules): DrawnQuestion {
  const shape = atLevel(SHAPES, difficulty);
  const strict = isStrict(rules, difficulty);
  const x = solution(rng, shape, strict);
  // From `nonTrivialFrom` no side is a bare 0 ("2x − 16 = 0"): the constant that would make it is redrawn.
  const nonZero = (zeroAt: number) =>
    redrawWhile(() => constant(rng, shape), (b) => strict && b === zeroAt);
  const fmt = formatInteger;
  switch (pick(rng, shape.forms)) {
    case 'ax+b=c': {
      const a = randomInt(rng, 2, Math.max(2, shape.maxCoefficient));
      const b = nonZero(-a * x);
      const c = a * x + b;
      return {
        text: `Solve for x: ${term(a)}${signed(b)} = ${fmt(c)}`,
        answer: x,
        explanation: `${capitalised(move(b))}: ${term(a)} = ${fmt(c - b)}; divide by ${a}: x = ${fmt(x)}`,
      };
    }
    case 'ax+b=cx+d': {
      const c = randomInt(rng, 1, shape.maxCoefficient - 1);
      const a = randomInt(rng, c + 1, shape.maxCoefficient);
      const b = nonZero(-(a - c) * x);
      const d = (a - c) * x + b;
      return {
        text: `Solve for x: ${term(a)}${signed(b)} = ${term(c)}${signed(d)}`,
        answer: x,
        explanation:
          `Subtract ${term(c)} from both sides: ${term(a - c)}${signed(b)} = ${fmt(d)}; ` +
          `${move(b)}: ${term(a - c)} = ${fmt(d - b)}; x = ${fmt(x)}`,
      };
    }
    case 'a(x+b)=c': {
      const a = randomInt(rng, 2, shape.maxCoefficient);
      const b = nonZero(-x);
      const c = a * (x + b);
      return {
        text: `Solve for x: ${a}(x${signed(b)}) = ${fmt(c)}`,
        answer: x,
        explanation: `Divide by ${a}: x${signed(b)} = ${fmt(x + b)}; ${move(b)}: x = ${fmt(x)}`,
      };
    }
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
