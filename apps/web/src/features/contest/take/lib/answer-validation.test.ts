import { describe, expect, it } from 'vitest';
import { sanitizeAnswerInput } from '../../../../lib/answer-input';
import { answerText, checkContestAnswer } from './answer-validation';
import { TAKE_MESSAGES } from './messages';

describe('checkContestAnswer (spec §5 Contest answer)', () => {
  it("rejects blank and whitespace with 'Please enter an answer'", () => {
    expect(checkContestAnswer('')).toEqual({ ok: false, error: 'Please enter an answer' });
    expect(checkContestAnswer('   ')).toEqual({ ok: false, error: TAKE_MESSAGES.answerEmpty });
  });

  it("rejects what is not a finite number with 'Please enter a valid number'", () => {
    for (const raw of ['-', '.', '-.', 'abc', '1..2', '12a', 'Infinity']) {
      expect(checkContestAnswer(raw)).toEqual({ ok: false, error: 'Please enter a valid number' });
    }
    expect(TAKE_MESSAGES.answerInvalid).toBe('Please enter a valid number');
  });

  it('accepts any decimal, negative numbers and surrounding spaces', () => {
    expect(checkContestAnswer('42')).toEqual({ ok: true, value: 42 });
    expect(checkContestAnswer('-7')).toEqual({ ok: true, value: -7 });
    expect(checkContestAnswer('3.14159')).toEqual({ ok: true, value: 3.14159 });
    expect(checkContestAnswer('.5')).toEqual({ ok: true, value: 0.5 });
    expect(checkContestAnswer(' 12.5 ')).toEqual({ ok: true, value: 12.5 });
  });

  it('accepts what the field lets a user type, a comma read as a decimal point', () => {
    expect(checkContestAnswer(sanitizeAnswerInput('2,75'))).toEqual({ ok: true, value: 2.75 });
  });
});

describe('answerText (spec §4: jumping loads the saved answer)', () => {
  it('shows a saved number as typed, nothing when none is saved', () => {
    expect(answerText(12.5)).toBe('12.5');
    expect(answerText(-3)).toBe('-3');
    expect(answerText(0)).toBe('0');
    expect(answerText(undefined)).toBe('');
  });
});
