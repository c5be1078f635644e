import { describe, expect, it } from 'vitest';
import { answerVerdict } from './answer-verdict';

describe('answerVerdict', () => {
  it('marks a right answer correct and a wrong one incorrect', () => {
    expect(answerVerdict({ userAnswer: 12, isCorrect: true })).toBe('correct');
    expect(answerVerdict({ userAnswer: 13, isCorrect: false })).toBe('incorrect');
  });

  it('marks a question never answered as unanswered, not incorrect', () => {
    expect(answerVerdict({ userAnswer: null, isCorrect: false })).toBe('unanswered');
    expect(answerVerdict({ userAnswer: null, isCorrect: null })).toBe('unanswered');
  });

  it('is pending while the correct answers are hidden', () => {
    expect(answerVerdict({ userAnswer: 0, isCorrect: null })).toBe('pending');
  });
});
