import { describe, expect, it } from 'vitest';
import { isStartingRating, ratingDisplay } from './display';

describe('ratingDisplay (spec §2 Home dashboard, §9 Rating)', () => {
  it('shows the defaults as the spec computes them', () => {
    expect(ratingDisplay(1500, 350)).toEqual({ text: '1500 ± 350', rating: 1500, rd: 350, barPercent: 60, confidence: 30, rank: 11 });
  });

  it('rounds rating and deviation to integers', () => {
    const d = ratingDisplay(1464.06, 151.52);
    expect(d.text).toBe('1464 ± 152');
    expect(d.confidence).toBe(70);
    expect(d.rank).toBe(11); // floor(535.94 / 50) + 1
  });

  it('caps the bar at 100% and the rank at 1', () => {
    const d = ratingDisplay(2700, 40);
    expect(d.barPercent).toBe(100);
    expect(d.rank).toBe(1);
    expect(d.confidence).toBe(92);
  });
});

describe('isStartingRating', () => {
  it('is true at the default deviation of 350, before any rated game', () => {
    expect(isStartingRating(350)).toBe(true);
    expect(isStartingRating(349.6)).toBe(true);
  });

  it('is false once a rated game has lowered the deviation', () => {
    expect(isStartingRating(349.4)).toBe(false);
    expect(isStartingRating(151.52)).toBe(false);
  });
});
