/**
 * Question quality (issue #47) and difficulty progression, as properties over thousands of seeds.
 * Every check reads the question TEXT with the independent evaluator (testing/), never the
 * generator's trees: from difficulty 4 on no operand is 0 or 1 where that makes a question
 * trivial (x¹, x × 0, x − x, ÷ 1, an answer of 0), and powers are written with superscripts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.js';
import { duelDifficulty } from './difficulty.js';
import { generateQuestion, generateQuestions, generateTopicQuestion } from './generate.js';
import { TOPICS } from './types.js';
import { evaluateExpressionSteps, solveQuestionExact, type Rational } from './testing/independent-evaluator.js';
import { LATEST_RULES } from './rules.js';

const isZero = (v: Rational) => v.n === 0n;
const isOne = (v: Rational) => v.n === v.d;
const same = (a: Rational, b: Rational) => a.n === b.n && a.d === b.d;

/** The trivial steps of a question text, described ("× 1 in '5 × 1 + 3'"); empty when there are none. */
function trivialSteps(text: string): string[] {
  const found: string[] = [];
  if (isZero(solveQuestionExact(text))) found.push('an answer of 0');
  // A literal 0 anywhere (0.5 is not one): "+ 0", "0 ×", "x = 0".
  if (/(?<![\d.])0(?![\d.])/.test(text)) found.push('a literal 0');
  if (text.includes('^')) found.push("a caret instead of a superscript");
  const percent = /^(\d+)% of (\d+)$/.exec(text);
  if (percent) {
    if (['1', '100'].includes(percent[1]!)) found.push(`${percent[1]}%`);
    if (Number(percent[2]) < 2) found.push(`a base of ${percent[2]}`);
  } else if (!text.startsWith('Solve for x:')) {
    expressionSteps(text, found);
  }
  return found.map((step) => `${step} in '${text}'`);
}

function expressionSteps(text: string, found: string[]): void {
  evaluateExpressionSteps(text, (op, left, right) => {
    if (op === '√') {
      if (isZero(left) || isOne(left)) found.push('√ of 0 or 1');
      return;
    }
    const r = right!;
    if (op === '×' && (isZero(left) || isOne(left) || isZero(r) || isOne(r))) found.push('× with 0 or 1');
    if (op === '÷' && (isZero(left) || isOne(r) || same(left, r))) found.push('÷ 1, 0 ÷ or x ÷ x');
    if (op === '−' && same(left, r)) found.push('x − x');
    if (op === '+' && (isZero(left) || isZero(r))) found.push('+ 0');
    if (op === '^' && (isZero(left) || isOne(left) || isZero(r) || isOne(r))) found.push('a power of or to 0 or 1');
  });
}

const seedArb = fc.string({ maxLength: 24 });

describe('question quality from difficulty 4 on (issue #47)', () => {
  it('the checker itself finds the trivial questions players reported', () => {
    for (const text of ['5¹', '5 × (7 − 7)', 'Solve for x: 3x + 6 = 6', '12 ÷ 1 + 3', '8 − 8', '100% of 40', '9⁰ + 2', '2^5']) {
      expect(trivialSteps(text), text).not.toEqual([]);
    }
    for (const text of ['5²', '(6 + 4) × 3 − 5', 'Solve for x: 3x + 7 = 25', '0.5 × 4.2', '15% of 240', '√(36 + 64)']) {
      expect(trivialSteps(text), text).toEqual([]);
    }
  });

  it('no question at levels 4..20 has a trivial step', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 4, max: 20 }), (seed, difficulty) => {
        expect(trivialSteps(generateQuestion(createRng(seed), difficulty, LATEST_RULES).text)).toEqual([]);
      }),
      { numRuns: 10_000 },
    );
  });

  it('no topic question at levels 4..10 has one (the daily sections draw topics directly)', () => {
    fc.assert(
      fc.property(seedArb, fc.constantFrom(...TOPICS), fc.integer({ min: 4, max: 10 }), (seed, topic, difficulty) => {
        expect(trivialSteps(generateTopicQuestion(createRng(seed), topic, difficulty, LATEST_RULES).text)).toEqual([]);
      }),
      { numRuns: 10_000 },
    );
  });

  it('writes every power with superscript digits, never a caret', () => {
    const texts = Array.from({ length: 300 }, (_, i) => generateQuestions(`sup-${i}`, 150, duelDifficulty, LATEST_RULES)).flat();
    const powers = texts.filter((q) => /[²³⁴⁵⁶⁷⁸⁹]/.test(q.text));
    expect(powers.length).toBeGreaterThan(1000);
    for (const q of texts) expect(q.text).not.toContain('^');
  });
});

/** Operations in a question text, counted by the independent evaluator. */
function operationCount(text: string): number {
  let count = 0;
  evaluateExpressionSteps(text, () => void count++);
  return count;
}

describe('difficulty progression (issue #47)', () => {
  it('rises with the index through a whole 5-minute list and passes 10 from question 41 on', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const list = generateQuestions(seed, 750, duelDifficulty, LATEST_RULES);
        list.forEach((q, i) => {
          if (i > 0) expect(q.difficulty).toBeGreaterThanOrEqual(list[i - 1]!.difficulty);
          if (i >= 40) expect(q.difficulty).toBeGreaterThan(10);
        });
        expect(list.at(-1)!.difficulty).toBe(20);
      }),
      { numRuns: 20 },
    );
  });

  it('mixes two topics past level 10: more operations than level 10, and more at 20 than at 11', () => {
    const meanOperations = (difficulty: number) => {
      let total = 0;
      for (let i = 0; i < 400; i++) {
        const q = generateQuestion(createRng(`ops-${difficulty}-${i}`), difficulty, LATEST_RULES);
        // Level 10 also has equations and percentages, which are not expressions; compare expressions.
        if (!q.text.startsWith('Solve') && !q.text.includes('%')) total += operationCount(q.text);
      }
      return total / 400;
    };
    const [ten, eleven, fifteen, twenty] = [10, 11, 15, 20].map(meanOperations) as [number, number, number, number];
    expect(eleven).toBeGreaterThan(ten);
    expect(fifteen).toBeGreaterThan(eleven);
    expect(twenty).toBeGreaterThan(fifteen);
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 11, max: 20 }), (seed, difficulty) => {
        expect(operationCount(generateQuestion(createRng(seed), difficulty, LATEST_RULES).text)).toBeGreaterThanOrEqual(2);
      }),
      { numRuns: 2000 },
    );
  });
});
