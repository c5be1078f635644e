import { describe, expect, it } from 'vitest';
import { answersBody, focusQuestion, invalidAnswers, startClock, stopClock } from './answer-timer';

describe('answer clock', () => {
  it('charges each question the time its input had focus', () => {
    let clock = startClock(3);
    clock = focusQuestion(clock, 0, 1_000);
    clock = focusQuestion(clock, 1, 4_000);
    clock = stopClock(clock, 6_500);
    clock = focusQuestion(clock, 0, 10_000);
    expect(answersBody([' 12 ', '', '7'], clock, 11_000)).toEqual([
      { answer: '12', timeMs: 4_000 },
      { answer: '', timeMs: 2_500 },
      { answer: '7', timeMs: 0 },
    ]);
  });

  it('ignores a refocus of the running question and a clock going backwards', () => {
    let clock = focusQuestion(startClock(1), 0, 5_000);
    expect(focusQuestion(clock, 0, 6_000)).toBe(clock);
    clock = stopClock(clock, 4_000);
    expect(clock.spentMs).toEqual([0]);
  });
});

describe('invalidAnswers', () => {
  it('flags non-numeric answers, not blank ones', () => {
    expect(invalidAnswers(['12', '', ' -3.5 ', 'abc', '1e3', '7x', '0x10', '.5'])).toEqual([3, 4, 5, 6]);
  });
});
