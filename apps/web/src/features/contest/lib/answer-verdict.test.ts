import { describe, expect, it } from 'vitest';
import { answerVerdict, VERDICT_TEXT } from './answer-verdict';

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

describe('answerVerdict on the analytics details (GET /contest/past)', () => {
  it('marks a blank question not answered, as the Answers tab does, though isCorrect is false', () => {
    const blank = { questionNumber: 3, userAnswer: null, correctAnswer: 24, isCorrect: false };
    expect(answerVerdict(blank)).toBe('unanswered');
    expect(VERDICT_TEXT[answerVerdict(blank)]).toBe('Not answered');
    expect(VERDICT_TEXT[answerVerdict({ userAnswer: 25, isCorrect: false })]).toBe('Incorrect');
  });
});
