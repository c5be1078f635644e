import { describe, expect, it } from 'vitest';
import { DAILY } from '../../constants.js';
import { TOPICS } from '../questions/types.js';
import { DAILY_SECTIONS, dailySection, dailySectionQuestions, isDailySectionKey, isSectionUnlocked } from './sections.js';

describe('daily sections (issue #4)', () => {
  it('has four sections with the issue keys, weights and unlock ratings, in order', () => {
    expect(DAILY_SECTIONS.map((s) => [s.key, s.weight, s.unlockRating, s.difficulty, s.count])).toEqual([
      ['basic', 1, 0, 'easy', 10],
      ['intermediate', 2, 1600, 'medium', 10],
      ['advanced', 3, 1800, 'hard', 10],
      ['expert', 4, 1900, 'mixed', 10],
    ]);
    expect(isDailySectionKey('expert')).toBe(true);
    expect(isDailySectionKey('master')).toBe(false);
    expect(() => dailySection('master' as never)).toThrow(RangeError);
  });

  it('unlocks at rating ≥ the threshold', () => {
    expect(isSectionUnlocked('basic', 0)).toBe(true);
    expect(isSectionUnlocked('intermediate', 1599.4)).toBe(false);
    // Compared as shown: 1599.5 is displayed as 1600.
    expect(isSectionUnlocked('intermediate', 1599.5)).toBe(true);
    expect(isSectionUnlocked('intermediate', 1600)).toBe(true);
    expect(isSectionUnlocked('advanced', 1799)).toBe(false);
    expect(isSectionUnlocked('expert', 1900)).toBe(true);
  });

  it('gives everyone the same 10 questions for a date and key, and different ones otherwise', () => {
    for (const key of DAILY.sectionKeys) {
      const a = dailySectionQuestions('2026-01-05', key);
      expect(a).toHaveLength(10);
      expect(dailySectionQuestions('2026-01-05', key)).toEqual(a);
      expect(dailySectionQuestions('2026-01-06', key).map((q) => q.text)).not.toEqual(a.map((q) => q.text));
    }
  });

  it('draws basic at levels 1–3, intermediate 4–6, advanced 7–10', () => {
    const levels = (key: 'basic' | 'intermediate' | 'advanced') => dailySectionQuestions('2026-03-01', key).map((q) => q.difficulty);
    expect(levels('basic').every((l) => l >= 1 && l <= 3)).toBe(true);
    expect(levels('intermediate').every((l) => l >= 4 && l <= 6)).toBe(true);
    expect(levels('advanced').every((l) => l >= 7 && l <= 10)).toBe(true);
  });

  it('mixes every topic once in the expert set, at levels 8–10', () => {
    const expert = dailySectionQuestions('2026-03-01', 'expert');
    expect(new Set(expert.map((q) => q.topic))).toEqual(new Set(TOPICS));
    expect(expert.every((q) => q.difficulty >= 8)).toBe(true);
  });
});
