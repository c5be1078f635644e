/**
 * Integer expression trees: one structure renders the question text, computes the answer and
 * writes the step-by-step explanation, so the three cannot disagree. Generators build trees whose
 * every step is an exact integer (exact division, perfect squares under √, non-negative
 * differences), and `evaluate` refuses anything else as a generator bug.
 */
import { formatInteger } from './format.js';
import type { DrawnQuestion } from './types.js';

export type BinaryOperator = '+' | '−' | '×' | '÷' | '^';

export type Expr =
  | { kind: 'number'; value: number }
  | { kind: 'binary'; op: BinaryOperator; left: Expr; right: Expr }
  | { kind: 'sqrt'; operand: Expr };

export function num(value: number): Expr {
  return { kind: 'number', value };
}

export function bin(op: BinaryOperator, left: Expr, right: Expr): Expr {
  return { kind: 'binary', op, left, right };
}

export function sqrt(operand: Expr): Expr {
  return { kind: 'sqrt', operand };
}

/** Usual school precedence; √ and literals bind tighter than any operator. */
const PRECEDENCE: Record<BinaryOperator, number> = { '+': 1, '−': 1, '×': 2, '÷': 2, '^': 3 };
const ATOM = 4;

function precedence(expr: Expr): number {
  return expr.kind === 'binary' ? PRECEDENCE[expr.op] : ATOM;
}

/**
 * Whether `child` needs parentheses as the right operand of `op`. Equal precedence needs them
 * unless regrouping is harmless (a + (b + c), a × (b × c)), so the text always parses back to the
 * same tree and the explanation's steps match what the player reads.
 */
function rightNeedsParens(op: BinaryOperator, child: Expr): boolean {
  const own = PRECEDENCE[op];
  const theirs = precedence(child);
  if (theirs !== own) return theirs < own;
  return !(child.kind === 'binary' && child.op === op && (op === '+' || op === '×'));
}

/** Superscript digits, so a power reads as a person writes it: 2⁵, 13², (2 + 3)². */
const SUPERSCRIPT_DIGITS = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

/**
 * A non-negative integer exponent in superscript digits: `10` → `"¹⁰"`.
 *
 * @throws RangeError for anything else: generators only raise to literal natural exponents.
 */
export function superscript(exponent: number): string {
  if (!Number.isInteger(exponent) || exponent < 0) throw new RangeError(`exponent must be a natural number, got ${exponent}`);
  let text = '';
  for (const digit of String(exponent)) text += SUPERSCRIPT_DIGITS[digit.charCodeAt(0) - 48];
  return text;
}

/**
 * How a power is written: `'superscript'` as a person writes it (`2⁵`, generator version 2) or
 * `'caret'` (`2^5`), the text of generator version 1 that past contests and daily sets keep.
 */
export type PowerNotation = 'superscript' | 'caret';

/** The tree as question text, e.g. `"(6 + 4) × 3 − 5"`, `"√(36 + 64)"`, `"2⁷"` (or `"2^7"` in caret notation). */
export function render(expr: Expr, notation: PowerNotation = 'superscript'): string {
  switch (expr.kind) {
    case 'number':
      return formatInteger(expr.value);
    case 'sqrt':
      return expr.operand.kind === 'number'
        ? `√${render(expr.operand, notation)}`
        : `√(${render(expr.operand, notation)})`;
    case 'binary': {
      // A power's base is bracketed unless it is a plain number: "(2 + 3)²", "(√9)²".
      const leftParens =
        expr.op === '^' ? expr.left.kind !== 'number' : precedence(expr.left) < PRECEDENCE[expr.op];
      const left = leftParens ? `(${render(expr.left, notation)})` : render(expr.left, notation);
      if (expr.op === '^') {
        if (expr.right.kind !== 'number') throw new RangeError('a power needs a literal exponent');
        return notation === 'caret' ? `${left}^${formatInteger(expr.right.value)}` : `${left}${superscript(expr.right.value)}`;
      }
      const right = rightNeedsParens(expr.op, expr.right)
        ? `(${render(expr.right, notation)})`
        : render(expr.right, notation);
      return `${left} ${expr.op} ${right}`;
    }
  }
}

function apply(op: BinaryOperator, left: number, right: number): number {
  switch (op) {
    case '+':
      return left + right;
    case '−':
      return left - right;
    case '×':
      return left * right;
    case '÷':
      if (right === 0 || left % right !== 0) throw new RangeError(`inexact division ${left} ÷ ${right}`);
      return left / right;
    case '^':
      if (!Number.isInteger(right) || right < 0) throw new RangeError(`unsupported exponent ${right}`);
      return left ** right;
  }
}

function integerSqrt(value: number): number {
  const root = Math.round(Math.sqrt(value));
  if (root * root !== value) throw new RangeError(`√${value} is not an integer`);
  return root;
}

/**
 * The exact integer value of the tree.
 *
 * @throws RangeError on an inexact division, a non-square under √ or a result beyond
 *   `Number.MAX_SAFE_INTEGER`: generators must never build those.
 */
export function evaluate(expr: Expr): number {
  let value: number;
  switch (expr.kind) {
    case 'number':
      value = expr.value;
      break;
    case 'sqrt':
      value = integerSqrt(evaluate(expr.operand));
      break;
    case 'binary':
      value = apply(expr.op, evaluate(expr.left), evaluate(expr.right));
      break;
  }
  if (!Number.isSafeInteger(value)) throw new RangeError(`non-integer or unsafe value ${value}`);
  return value;
}

/** Replaces the first operation (left to right, innermost first) whose operands are both numbers. */
function reduceOnce(expr: Expr): Expr {
  switch (expr.kind) {
    case 'number':
      return expr;
    case 'sqrt':
      return expr.operand.kind === 'number' ? num(evaluate(expr)) : sqrt(reduceOnce(expr.operand));
    case 'binary':
      if (expr.left.kind !== 'number') return bin(expr.op, reduceOnce(expr.left), expr.right);
      if (expr.right.kind !== 'number') return bin(expr.op, expr.left, reduceOnce(expr.right));
      return num(evaluate(expr));
  }
}

/**
 * A one-line worked solution, one operation per step:
 * `"(6 + 4) × 3 − 5 = 10 × 3 − 5 = 30 − 5 = 25"`.
 */
export function explainSteps(expr: Expr, notation: PowerNotation = 'superscript'): string {
  const steps = [render(expr, notation)];
  let current = expr;
  while (current.kind !== 'number') {
    current = reduceOnce(current);
    steps.push(render(current, notation));
  }
  return steps.join(' = ');
}

/**
 * Whether a tree has a step that makes the question trivial (issue #47): a result of 0, a
 * difference or quotient of equal sides, × or ÷ with 0 or 1 on either side, a power of 0 or 1 (or
 * with exponent 0 or 1), + 0, or √ of 0 or 1. Generators redraw such trees from difficulty 4 on.
 */
export function hasTrivialStep(expr: Expr): boolean {
  return nonTrivialValue(expr) === null;
}

/** The tree's value, or null as soon as a step is trivial: one pass, each node evaluated once. */
function nonTrivialValue(expr: Expr): number | null {
  if (expr.kind === 'number') return expr.value;
  if (expr.kind === 'sqrt') {
    const operand = nonTrivialValue(expr.operand);
    return operand === null || operand <= 1 ? null : integerSqrt(operand);
  }
  const left = nonTrivialValue(expr.left);
  const right = left === null ? null : nonTrivialValue(expr.right);
  if (left === null || right === null) return null;
  const dull = left <= 1 || right <= 1;
  const trivial =
    expr.op === '−' ? left === right : expr.op === '+' ? left === 0 || right === 0 : expr.op === '÷' ? left === right || dull : dull;
  if (trivial) return null;
  const value = apply(expr.op, left, right);
  return value === 0 ? null : value;
}

/**
 * A question drawn from a tree: text, exact answer and the stepwise explanation. The explanation
 * is written when first read (and kept): a duel's 150 questions a minute never show theirs, and
 * writing one renders the tree once per step.
 */
export function fromExpression(expr: Expr, notation: PowerNotation): DrawnQuestion {
  let explanation: string | undefined;
  return {
    text: render(expr, notation),
    answer: evaluate(expr),
    get explanation() {
      explanation ??= explainSteps(expr, notation);
      return explanation;
    },
  };
}
