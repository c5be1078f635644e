import { describe, expect, it } from 'vitest';
import { isGraded, resultsTime } from './graded';

const base = { totalScore: null, correctCount: null, wrongCount: null } as const;

describe('isGraded', () => {
  it('is false while any score field is null (before close) and true once all are numbers', () => {
    expect(isGraded(base as never)).toBe(false);
    expect(isGraded({ ...base, totalScore: 0 } as never)).toBe(false);
    expect(isGraded({ totalScore: 0, correctCount: 0, wrongCount: 0 } as never)).toBe(true);
  });
});

describe('resultsTime', () => {
  it('states the close time to the minute and its day apart, and nothing for a bad instant', () => {
    expect(resultsTime('2026-11-27T15:40:00.000Z', 'en-GB', 'UTC')).toEqual({ time: '15:40', day: 'Fri 27 Nov' });
    expect(resultsTime('soon', 'en-GB', 'UTC')).toEqual({ time: '', day: '' });
  });
});
