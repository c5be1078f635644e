/**
 * Order of operations: random expression trees such as "7 + 3 × 4" or "(6 + 4) × 3 − 5", always
 * mixing a multiplicative operator with an additive one so precedence matters.
 */
import { randomInt, type Rng } from '../../rng.js';
import { atLevel, pick } from '../draw.js';
import { bin, evaluate, fromExpression, hasTrivialStep, num, type BinaryOperator, type Expr } from '../expression.js';
import { isStrict, since, type QuestionRules } from '../rules.js';
import type { DrawnQuestion, LevelTable } from '../types.js';

interface Shape {
  /** Number of operators, inclusive range. */
  operations: readonly [number, number];
  /** Largest literal; the smallest is 2, since × 1 and ÷ 1 make a step trivial. */
  maxLeaf: number;
  operators: readonly BinaryOperator[];
  /** Largest accepted answer, so a hard level is long rather than a big multiplication. */
  maxAnswer: number;
}

const BASIC: readonly BinaryOperator[] = ['+', '−', '×'];
const WITH_DIVISION: readonly BinaryOperator[] = ['+', '−', '×', '÷'];
const ALL: readonly BinaryOperator[] = ['+', '−', '×', '÷', '^'];

/** More operators, larger literals, then ÷ and ^ as the level rises. */
const SHAPES: LevelTable<Shape> = [
  { operations: [2, 2], maxLeaf: 6, operators: BASIC, maxAnswer: 100 },
  { operations: [2, 2], maxLeaf: 9, operators: BASIC, maxAnswer: 100 },
  { operations: [2, 2], maxLeaf: 10, operators: WITH_DIVISION, maxAnswer: 200 },
  { operations: [2, 3], maxLeaf: 12, operators: WITH_DIVISION, maxAnswer: 500 },
  { operations: [3, 3], maxLeaf: 12, operators: ALL, maxAnswer: 1000 },
  { operations: [3, 3], maxLeaf: 15, operators: ALL, maxAnswer: 1000 },
  { operations: [3, 4], maxLeaf: 15, operators: ALL, maxAnswer: 2000 },
  { operations: [4, 4], maxLeaf: 20, operators: ALL, maxAnswer: 5000 },
  { operations: [4, 5], maxLeaf: 20, operators: ALL, maxAnswer: 10000 },
  { operations: [5, 5], maxLeaf: 25, operators: ALL, maxAnswer: 10000 },
];

/** Rejection sampling gives up after this many trees and uses the fixed fallback shape. */
const MAX_ATTEMPTS = 100;

/**
 * A random tree with exactly `operations` operators. ÷ and ^ only take literal operands, which is
 * how exact division and small powers are guaranteed; − puts the larger side first so no step is
 * negative.
 */
function buildTree(rng: Rng, operations: number, shape: Shape): Expr {
  if (operations === 0) return num(randomInt(rng, 2, shape.maxLeaf));
  const allowed = operations === 1 ? shape.operators : shape.operators.filter((op) => op !== '÷' && op !== '^');
  const op = pick(rng, allowed);
  if (op === '÷') {
    const divisor = randomInt(rng, 2, Math.min(12, shape.maxLeaf));
    return bin('÷', num(divisor * randomInt(rng, 1, shape.maxLeaf)), num(divisor));
  }
  if (op === '^') {
    const base = randomInt(rng, 2, Math.min(12, shape.maxLeaf));
    return bin('^', num(base), num(base <= 5 ? randomInt(rng, 2, 3) : 2));
  }
  const leftOperations = randomInt(rng, 0, operations - 1);
  const left = buildTree(rng, leftOperations, shape);
  const right = buildTree(rng, operations - 1 - leftOperations, shape);
  return op === '−' && evaluate(left) < evaluate(right) ? bin(op, right, left) : bin(op, left, right);
}

function operatorsIn(expr: Expr, into: Set<BinaryOperator> = new Set()): Set<BinaryOperator> {
  if (expr.kind === 'binary') {
    into.add(expr.op);
    operatorsIn(expr.left, into);
    operatorsIn(expr.right, into);
  }
  return into;
}

/** Precedence only matters when an additive and a multiplicative (or power) operator meet. */
function mixesPrecedence(expr: Expr): boolean {
  const ops = operatorsIn(expr);
  return (ops.has('+') || ops.has('−')) && (ops.has('×') || ops.has('÷') || ops.has('^'));
}

/**
 * The expression as a tree, for mixed questions (mixed.ts) and for `drawOrderOfOperations`. From
 * `nonTrivialFrom` a tree with a trivial step ("5 × (7 − 7)", "× (6 ÷ 6)") is drawn again.
 */
export function orderOfOperationsExpr(rng: Rng, difficulty: number, rules: QuestionRules): Expr {
  const shape = atLevel(SHAPES, difficulty);
  const strict = isStrict(rules, difficulty);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const tree = buildTree(rng, randomInt(rng, shape.operations[0], shape.operations[1]), shape);
    if (mixesPrecedence(tree) && evaluate(tree) <= shape.maxAnswer && !(strict && hasTrivialStep(tree))) return tree;
  }
  // Practically unreachable (most trees qualify); keeps the generator total and deterministic.
  // Version 1 allowed a 1 in the sum.
  const least = since(rules, 2) ? 2 : 1;
  const [a, b, c] = [randomInt(rng, least, 9), randomInt(rng, least, 9), randomInt(rng, 2, 9)];
  return bin('×', bin('+', num(a), num(b)), num(c));
}

export function drawOrderOfOperations(rng: Rng, difficulty: number, rules: QuestionRules): DrawnQuestion {
  return fromExpression(orderOfOperationsExpr(rng, difficulty, rules), rules.powerNotation);
}
