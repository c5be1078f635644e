import { describe, expect, it } from 'vitest';
import { earnedDailyBadges } from './badges.js';

const none = new Set<string>();

describe('earnedDailyBadges (issue #4)', () => {
  it('awards first-solve on the first submission and perfect on a full set', () => {
    expect(earnedDailyBadges({ firstSubmission: true, perfect: false, streak: 1, held: none })).toEqual(['daily-first-solve']);
    expect(earnedDailyBadges({ firstSubmission: true, perfect: true, streak: 1, held: none })).toEqual(['daily-first-solve', 'daily-perfect']);
  });

  it('awards streak milestones at 3, 7 and 30 days', () => {
    expect(earnedDailyBadges({ firstSubmission: false, perfect: false, streak: 2, held: none })).toEqual([]);
    expect(earnedDailyBadges({ firstSubmission: false, perfect: false, streak: 3, held: none })).toEqual(['streak-3']);
    expect(earnedDailyBadges({ firstSubmission: false, perfect: false, streak: 7, held: new Set(['streak-3']) })).toEqual(['streak-7']);
    expect(earnedDailyBadges({ firstSubmission: false, perfect: false, streak: 30, held: new Set(['streak-3', 'streak-7']) })).toEqual(['streak-30']);
  });

  it('never awards a badge twice', () => {
    const held = new Set(['daily-first-solve', 'daily-perfect', 'streak-3', 'streak-7', 'streak-30']);
    expect(earnedDailyBadges({ firstSubmission: true, perfect: true, streak: 40, held })).toEqual([]);
  });
});
