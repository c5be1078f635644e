import type { ContestStats } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import { fieldFigures, vsAverageText } from './field-stats';

/** What GET /contest/stats sends before close: counts, and the averages as 0, unpublished (server statsView). */
const beforeClose: ContestStats = { totalRegistered: 2, completedAttempts: 1, averageScore: 0, completionRate: 50, averageTimeSpent: 0, averageCorrect: 0, averagesPublished: false };
const afterClose: ContestStats = { totalRegistered: 2, completedAttempts: 2, averageScore: 17.5, completionRate: 100, averageTimeSpent: 157.4, averageCorrect: 3.5, averagesPublished: true };

describe('fieldFigures', () => {
  it("before close shows no average and no 'you vs average' (the audit's '0 pts' and '+25 pts')", () => {
    expect(fieldFigures(beforeClose, 25)).toEqual({ state: 'at-close' });
    expect(fieldFigures(null, 25)).toEqual({ state: 'at-close' });
  });

  it('after close gives the averages, rounded, and your score against the average', () => {
    expect(fieldFigures(afterClose, 25)).toEqual({ state: 'ready', averageScore: 17.5, averageCorrect: 3.5, averageTimeSpent: 157, vsAverage: 8 });
    expect(fieldFigures(afterClose, null)).toMatchObject({ state: 'ready', vsAverage: null });
  });

  it('has no average when nobody submitted', () => {
    expect(fieldFigures({ ...afterClose, completedAttempts: 0, averageScore: 0 }, null)).toEqual({ state: 'none' });
  });
});

describe('vsAverageText', () => {
  it('signs whole points', () => {
    expect(vsAverageText(8)).toBe('+8 pts');
    expect(vsAverageText(-5)).toBe('−5 pts');
    expect(vsAverageText(0)).toBe('±0 pts');
  });
});
