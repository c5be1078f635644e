import { describe, expect, it } from 'vitest';
import { solveQuestionText } from '../questions/testing/independent-evaluator.js';
import { contestQuestions, difficultyLabel } from './questions.js';

describe('contestQuestions', () => {
  it('gives every participant the same 20 questions for a seed, rising from level 1 to 10', () => {
    const a = contestQuestions('contest-seed', 20, 2);
    expect(contestQuestions('contest-seed', 20, 2)).toEqual(a);
    expect(a.map((q) => q.difficulty)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10]);
    expect(contestQuestions('another-seed', 20, 2)).not.toEqual(a);
  });

  it.each([1, 2] as const)('has answers an independent evaluator agrees with (version %i)', (version) => {
    for (const q of contestQuestions('check', 20, version)) expect(solveQuestionText(q.text)).toBeCloseTo(q.answer, 9);
  });

  it('refuses a non-positive count', () => {
    expect(() => contestQuestions('x', 0, 2)).toThrow(RangeError);
  });
});

describe('difficultyLabel', () => {
  it('maps levels 1–3, 4–6, 7–10 to easy, medium, hard', () => {
    expect([1, 3, 4, 6, 7, 10].map(difficultyLabel)).toEqual(['easy', 'easy', 'medium', 'medium', 'hard', 'hard']);
  });
});
