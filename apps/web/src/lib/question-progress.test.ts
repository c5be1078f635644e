import { describe, expect, it } from 'vitest';
import { progressPercent, questionNumber } from './question-progress';

describe('progressPercent', () => {
  it('is the rounded share of questions solved', () => {
    expect(progressPercent(0, 30)).toBe(0);
    expect(progressPercent(10, 30)).toBe(33);
    expect(progressPercent(15, 30)).toBe(50);
    expect(progressPercent(30, 30)).toBe(100);
  });

  it('is clamped to 0–100 (spec §9)', () => {
    expect(progressPercent(45, 30)).toBe(100);
    expect(progressPercent(-3, 30)).toBe(0);
  });

  it('is 0 without questions or with non-finite input', () => {
    expect(progressPercent(3, 0)).toBe(0);
    expect(progressPercent(Number.NaN, 30)).toBe(0);
    expect(progressPercent(3, Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('questionNumber', () => {
  it('is the 1-based number of the current question, capped at the count', () => {
    expect(questionNumber(0, 30)).toBe(1);
    expect(questionNumber(29, 30)).toBe(30);
    expect(questionNumber(30, 30)).toBe(30);
    expect(questionNumber(0, 0)).toBe(0);
  });
});
