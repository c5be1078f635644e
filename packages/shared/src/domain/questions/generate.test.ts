import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.js';
import { contestDifficulty, duelDifficulty } from './difficulty.js';
import { generateQuestion, generateQuestions, generateTopicQuestion } from './generate.js';
import { TOPICS, type Question, type Topic } from './types.js';
import { solveQuestionExact as solveQuestion, toHundredths } from './testing/independent-evaluator.js';
import { LATEST_RULES } from './rules.js';

function expectExactAnswer(q: Question): void {
  const hundredths = toHundredths(solveQuestion(q.text));
  // (a) the generator's answer equals the independent evaluation, compared in hundredths
  expect(Math.round(q.answer * 100)).toBe(Number(hundredths));
  // (b) and it is an exact ≤2-decimal value: the double nearest to that decimal
  expect(Number.isFinite(q.answer)).toBe(true);
  expect(Math.abs(Math.round(q.answer * 100) - q.answer * 100)).toBeLessThan(1e-9);
  expect(q.answer).toBe(Number(hundredths) / 100);
}

describe('independent evaluator (self-check)', () => {
  it.each([
    ['37 + 48', 85],
    ['144 ÷ 12', 12],
    ['(6 + 4) × 3 − 5', 25],
    ['7 + 3 × 4', 19],
    ['10 − (4 − 3)', 9],
    ['√169', 13],
    ['√(36 + 64)', 10],
    ['√36 + 12²', 150],
    ['2⁷', 128],
    ['2¹⁰', 1024],
    ['2³ × 3²', 72],
    ['(2 + 3)²', 25],
    ['2^3 × 3^2', 72],
    ['15% of 240', 36],
    ['63% of 706', 444.78],
    ['3.25 + 1.5', 4.75],
    ['0.1 + 0.2', 0.3],
    ['4.2 × 1.5', 6.3],
    ['Solve for x: 3x + 7 = 25', 6],
    ['Solve for x: 5x − 12 = 2x + 9', 7],
    ['Solve for x: 4(x − 3) = 20', 8],
    ['Solve for x: x + 10 = −2', -12],
  ])('%s = %d', (text, expected) => {
    expect(Number(toHundredths(solveQuestion(text))) / 100).toBe(expected);
  });

  it('refuses what it cannot evaluate exactly', () => {
    expect(() => toHundredths(solveQuestion('10 ÷ 3'))).toThrow();
    expect(() => solveQuestion('√10')).toThrow();
    expect(() => solveQuestion('Solve for x: 2x = 2x + 1')).toThrow();
  });
});

// ---------------------------------------------------------------------------------------------

const seedArb = fc.string({ maxLength: 24 });
const difficultyArb = fc.integer({ min: 1, max: 10 });
/** Duels and single-player runs go on past 10 with mixed questions. */
const anyDifficultyArb = fc.integer({ min: 1, max: 20 });

describe('generateQuestion', () => {
  it('(a, b) answers equal an independent evaluation of the text and are exact', () => {
    fc.assert(
      fc.property(seedArb, anyDifficultyArb, (seed, difficulty) => {
        expectExactAnswer(generateQuestion(createRng(seed), difficulty, LATEST_RULES));
      }),
      { numRuns: 5000 },
    );
  });

  it('(a, b) holds for every topic at every level', () => {
    fc.assert(
      fc.property(seedArb, fc.constantFrom(...TOPICS), difficultyArb, (seed, topic, difficulty) => {
        const q = generateTopicQuestion(createRng(seed), topic, difficulty, LATEST_RULES);
        expect(q.topic).toBe(topic);
        expectExactAnswer(q);
      }),
      { numRuns: 5000 },
    );
  });

  it('(d) records the requested difficulty and a one-line explanation', () => {
    fc.assert(
      fc.property(seedArb, anyDifficultyArb, (seed, difficulty) => {
        const q = generateQuestion(createRng(seed), difficulty, LATEST_RULES);
        expect(q.difficulty).toBe(difficulty);
        expect(q.explanation).not.toMatch(/\n/);
        expect(q.explanation.length).toBeGreaterThan(0);
        expect(TOPICS).toContain(q.topic);
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects difficulties that are not integers in 1..20, and topic questions past 10', () => {
    const rng = createRng('x');
    for (const bad of [0, 21, 2.5, 10.5, -1, Number.NaN]) expect(() => generateQuestion(rng, bad, LATEST_RULES)).toThrow(RangeError);
    expect(() => generateTopicQuestion(rng, 'addition', 11, LATEST_RULES)).toThrow(RangeError);
  });

  const topicCounts = (difficulty: number, seeds: number): Map<Topic, number> => {
    const counts = new Map<Topic, number>();
    for (let i = 0; i < seeds; i++) {
      const { topic } = generateQuestion(createRng(`mix-${difficulty}-${i}`), difficulty, LATEST_RULES);
      counts.set(topic, (counts.get(topic) ?? 0) + 1);
    }
    return counts;
  };

  it('(e) mixes all 10 topics at high difficulty', () => {
    for (const difficulty of [9, 10]) {
      const counts = topicCounts(difficulty, 3000);
      expect(new Set(counts.keys())).toEqual(new Set(TOPICS));
    }
  });

  it('asks only +, −, × at level 1 and mostly those up to level 4', () => {
    expect(new Set(topicCounts(1, 1000).keys())).toEqual(new Set(['addition', 'subtraction', 'multiplication']));
    for (const difficulty of [2, 3, 4]) {
      const counts = topicCounts(difficulty, 2000);
      const basic = (counts.get('addition') ?? 0) + (counts.get('subtraction') ?? 0) + (counts.get('multiplication') ?? 0);
      expect(basic / 2000).toBeGreaterThan(0.5);
    }
    expect(topicCounts(5, 2000).has('linear-equations')).toBe(false);
  });
});

describe('generateQuestions', () => {
  it('(c) is deterministic: the same seed gives the same list', () => {
    fc.assert(
      fc.property(seedArb, fc.nat(40), (seed, count) => {
        const first = generateQuestions(seed, count, duelDifficulty, LATEST_RULES);
        expect(first).toHaveLength(count);
        expect(generateQuestions(seed, count, duelDifficulty, LATEST_RULES)).toEqual(first);
      }),
      { numRuns: 2000 },
    );
  });

  it('(a, b, d) every question of a duel or contest list is exact and at its scheduled level', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const duel = generateQuestions(seed, 30, duelDifficulty, LATEST_RULES);
        duel.forEach((q, i) => {
          expect(q.difficulty).toBe(duelDifficulty(i));
          expectExactAnswer(q);
        });
        const contest = generateQuestions(seed, 20, (i) => contestDifficulty(i, 20), LATEST_RULES);
        contest.forEach((q, i) => {
          expect(q.difficulty).toBeGreaterThanOrEqual(1);
          expect(q.difficulty).toBeLessThanOrEqual(10);
          expect(q.difficulty).toBe(contestDifficulty(i, 20));
          expectExactAnswer(q);
        });
      }),
      // 50 questions per run; the single-question properties above cover 10,000 more seeds.
      { numRuns: 200 },
    );
  });

  it('differs between seeds', () => {
    const texts = (seed: string) => generateQuestions(seed, 20, duelDifficulty, LATEST_RULES).map((q) => q.text);
    expect(texts('room-A')).not.toEqual(texts('room-B'));
  });

  it('avoids repeating a question within a list', () => {
    let repeats = 0;
    for (let i = 0; i < 200; i++) {
      const texts = generateQuestions(`repeat-${i}`, 150, duelDifficulty, LATEST_RULES).map((q) => q.text);
      repeats += texts.length - new Set(texts).size;
    }
    expect(repeats).toBe(0);
  });

  it('rejects a negative or fractional count and bad scheduled difficulties', () => {
    expect(() => generateQuestions('s', -1, duelDifficulty, LATEST_RULES)).toThrow(RangeError);
    expect(() => generateQuestions('s', 1.5, duelDifficulty, LATEST_RULES)).toThrow(RangeError);
    expect(() => generateQuestions('s', 3, () => 21, LATEST_RULES)).toThrow(RangeError);
  });
});
