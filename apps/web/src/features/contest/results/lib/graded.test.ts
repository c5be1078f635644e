import { describe, expect, it } from 'vitest';
import { isGraded, resultsTimeText } from './graded';

const base = { totalScore: null, correctCount: null, wrongCount: null } as const;

describe('isGraded', () => {
  it('is false while any score field is null (before close) and true once all are numbers', () => {
    expect(isGraded(base as never)).toBe(false);
    expect(isGraded({ ...base, totalScore: 0 } as never)).toBe(false);
    expect(isGraded({ totalScore: 0, correctCount: 0, wrongCount: 0 } as never)).toBe(true);
  });
});

describe('resultsTimeText', () => {
  it('states the close time with weekday, date and minute, and nothing for a bad instant', () => {
    expect(resultsTimeText('2026-11-27T15:40:00.000Z', 'en-GB', 'UTC')).toBe('Fri 27 Nov, 15:40');
    expect(resultsTimeText('soon', 'en-GB', 'UTC')).toBe('');
  });
});
