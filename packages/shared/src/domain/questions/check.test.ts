import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCorrectAnswer, parseNumericAnswer } from './check.js';

describe('isCorrectAnswer', () => {
  it('accepts the exact answer and rejects others', () => {
    expect(isCorrectAnswer({ answer: 85 }, 85)).toBe(true);
    expect(isCorrectAnswer({ answer: 85 }, 84)).toBe(false);
    expect(isCorrectAnswer({ answer: -7 }, -7)).toBe(true);
    expect(isCorrectAnswer({ answer: 58.65 }, 58.65)).toBe(true);
    expect(isCorrectAnswer({ answer: 58.65 }, 58.66)).toBe(false);
  });

  it('compares in hundredths, so float artefacts do not matter', () => {
    expect(isCorrectAnswer({ answer: 0.3 }, 0.1 + 0.2)).toBe(true);
    expect(isCorrectAnswer({ answer: 3 }, 2.5 * 1.2)).toBe(true);
  });

  it('rejects non-finite submissions', () => {
    expect(isCorrectAnswer({ answer: 1 }, Number.NaN)).toBe(false);
    expect(isCorrectAnswer({ answer: 1 }, Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('accepts every 2-decimal value typed as its own decimal string', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (hundredths) => {
        const answer = hundredths / 100;
        expect(isCorrectAnswer({ answer }, Number(answer.toFixed(2)))).toBe(true);
        expect(isCorrectAnswer({ answer }, (hundredths + 1) / 100)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseNumericAnswer', () => {
  it('accepts finite numbers and numeric strings, trimmed', () => {
    expect(parseNumericAnswer(12)).toEqual({ ok: true, value: 12 });
    expect(parseNumericAnswer(' 12.5 ')).toEqual({ ok: true, value: 12.5 });
    expect(parseNumericAnswer('-3')).toEqual({ ok: true, value: -3 });
    expect(parseNumericAnswer('0')).toEqual({ ok: true, value: 0 });
  });

  it('asks for an answer when blank', () => {
    for (const blank of ['', '   ', '\t', null, undefined]) {
      expect(parseNumericAnswer(blank)).toEqual({ ok: false, error: 'Enter an answer before submitting.' });
    }
  });

  it('says what arrived when it is not a finite number', () => {
    expect(parseNumericAnswer('abc')).toEqual({ ok: false, error: "answer must be a finite number, got 'abc'" });
    expect(parseNumericAnswer('12abc')).toEqual({ ok: false, error: "answer must be a finite number, got '12abc'" });
    expect(parseNumericAnswer(Number.NaN)).toEqual({ ok: false, error: "answer must be a finite number, got 'NaN'" });
    expect(parseNumericAnswer('Infinity')).toEqual({
      ok: false,
      error: "answer must be a finite number, got 'Infinity'",
    });
    expect(parseNumericAnswer(true)).toEqual({ ok: false, error: "answer must be a finite number, got 'true'" });
  });

  it('round-trips any finite number, as a number or as its string', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(parseNumericAnswer(value)).toEqual({ ok: true, value });
        const parsed = parseNumericAnswer(String(value));
        expect(parsed.ok && Object.is(parsed.value, value === 0 ? 0 : value)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
