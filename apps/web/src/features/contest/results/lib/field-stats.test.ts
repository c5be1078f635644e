import type { ContestStats } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import { fieldFigures, STATS_CLOCK_MARGIN_MS, statsRevealed, vsAverageText } from './field-stats';

const closeMs = Date.parse('2026-11-27T15:40:00Z');

/** What GET /contest/stats sends before close: counts, and the averages as 0 (server statsView). */
const beforeClose: ContestStats = { totalRegistered: 2, completedAttempts: 1, averageScore: 0, completionRate: 50, averageTimeSpent: 0, averageCorrect: 0 };
const afterClose: ContestStats = { totalRegistered: 2, completedAttempts: 2, averageScore: 17.5, completionRate: 100, averageTimeSpent: 157.4, averageCorrect: 3.5 };

describe('statsRevealed', () => {
  it('trusts a response only when it arrived after close on the server clock, with a margin', () => {
    expect(statsRevealed({ closeMs, statsServerMs: closeMs - 60_000, leaderboardFinal: false })).toBe(false);
    // Live up to closeTime inclusive (spec §4), and the clock estimate may be a little off.
    expect(statsRevealed({ closeMs, statsServerMs: closeMs, leaderboardFinal: false })).toBe(false);
    expect(statsRevealed({ closeMs, statsServerMs: closeMs + STATS_CLOCK_MARGIN_MS, leaderboardFinal: true })).toBe(false);
    expect(statsRevealed({ closeMs, statsServerMs: closeMs + STATS_CLOCK_MARGIN_MS + 1, leaderboardFinal: false })).toBe(true);
  });

  it('is false without a response', () => {
    expect(statsRevealed({ closeMs, statsServerMs: Number.NaN, leaderboardFinal: true })).toBe(false);
  });

  it('falls back on a finalized leaderboard when the close time is unknown', () => {
    expect(statsRevealed({ closeMs: Number.NaN, statsServerMs: closeMs, leaderboardFinal: false })).toBe(false);
    expect(statsRevealed({ closeMs: Number.NaN, statsServerMs: closeMs, leaderboardFinal: true })).toBe(true);
  });
});

describe('fieldFigures', () => {
  it("before close shows no average and no 'you vs average' (the audit's '0 pts' and '+25 pts')", () => {
    expect(fieldFigures(beforeClose, false, 25)).toEqual({ state: 'at-close' });
    expect(fieldFigures(null, false, 25)).toEqual({ state: 'at-close' });
  });

  it('after close gives the averages, rounded, and your score against the average', () => {
    expect(fieldFigures(afterClose, true, 25)).toEqual({ state: 'ready', averageScore: 17.5, averageCorrect: 3.5, averageTimeSpent: 157, vsAverage: 8 });
    expect(fieldFigures(afterClose, true, null)).toMatchObject({ state: 'ready', vsAverage: null });
  });

  it('has no average when nobody submitted', () => {
    expect(fieldFigures({ ...afterClose, completedAttempts: 0, averageScore: 0 }, true, null)).toEqual({ state: 'none' });
  });
});

describe('vsAverageText', () => {
  it('signs whole points', () => {
    expect(vsAverageText(8)).toBe('+8 pts');
    expect(vsAverageText(-5)).toBe('−5 pts');
    expect(vsAverageText(0)).toBe('±0 pts');
  });
});
