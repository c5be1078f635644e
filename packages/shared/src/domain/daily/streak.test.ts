import { describe, expect, it } from 'vitest';
import { currentStreak, longestStreak, streakDays } from './streak.js';

describe('currentStreak (issue #4)', () => {
  it('counts consecutive solved days ending today', () => {
    expect(currentStreak(['2026-01-03', '2026-01-04', '2026-01-05'], '2026-01-05')).toBe(3);
  });

  it('is not broken by today being unsolved yet', () => {
    expect(currentStreak(['2026-01-03', '2026-01-04'], '2026-01-05')).toBe(2);
  });

  it('is broken by a missed day', () => {
    expect(currentStreak(['2026-01-01', '2026-01-02'], '2026-01-04')).toBe(0);
    expect(currentStreak(['2026-01-01', '2026-01-02', '2026-01-05'], '2026-01-05')).toBe(1);
    expect(currentStreak([], '2026-01-05')).toBe(0);
  });

  it('runs across month and year boundaries', () => {
    expect(currentStreak(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-01'], '2026-01-01')).toBe(3);
  });
});

describe('longestStreak', () => {
  it('finds the longest run in any order', () => {
    expect(longestStreak(['2026-01-10', '2026-01-01', '2026-01-02', '2026-01-03', '2026-01-09'])).toBe(3);
    expect(longestStreak([])).toBe(0);
  });
});

describe('streakDays', () => {
  it('lists the solved days in range with their run length, continuing runs that began before the range', () => {
    const solved = [
      { date: '2026-01-03', count: 1, practicePoints: 5 },
      { date: '2025-12-31', count: 1, practicePoints: 10 },
      { date: '2026-01-01', count: 2, practicePoints: 50 },
      { date: '2026-01-05', count: 1, practicePoints: 7 },
    ];
    expect(streakDays(solved, '2026-01-01', '2026-01-04')).toEqual([
      { date: '2026-01-01', solved: true, count: 2, streakCount: 2, practicePoints: 50 },
      { date: '2026-01-03', solved: true, count: 1, streakCount: 1, practicePoints: 5 },
    ]);
  });

  it('is empty without solved days', () => {
    expect(streakDays([], '2024-01-01', '2026-12-31')).toEqual([]);
  });
});
