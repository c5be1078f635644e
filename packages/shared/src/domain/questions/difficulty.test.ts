import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertDifficulty, contestDifficulty, duelDifficulty } from './difficulty.js';

describe('duelDifficulty', () => {
  it('is min(20, 1 + floor(index / 4)): past 10 from index 40, 20 from index 76', () => {
    expect([0, 3, 4, 7, 8, 35, 36, 39, 40, 75, 76, 149, 749].map(duelDifficulty)).toEqual([
      1, 1, 2, 2, 3, 9, 10, 10, 11, 19, 20, 20, 20,
    ]);
  });

  it('never decreases and stays in 1..20', () => {
    fc.assert(
      fc.property(fc.nat(100_000), (index) => {
        const level = duelDifficulty(index);
        expect(level).toBeGreaterThanOrEqual(1);
        expect(level).toBeLessThanOrEqual(20);
        expect(duelDifficulty(index + 1)).toBeGreaterThanOrEqual(level);
      }),
    );
  });

  it('rejects negative or fractional indexes', () => {
    expect(() => duelDifficulty(-1)).toThrow(RangeError);
    expect(() => duelDifficulty(1.5)).toThrow(RangeError);
  });
});

describe('contestDifficulty', () => {
  it('gives the 20-question weekly contest two questions per level, 1 to 10', () => {
    const levels = Array.from({ length: 20 }, (_, i) => contestDifficulty(i, 20));
    expect(levels).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10]);
  });

  it('starts at 1, ends at 10 and never decreases for any length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 500 }), (count) => {
        const levels = Array.from({ length: count }, (_, i) => contestDifficulty(i, count));
        expect(levels[0]).toBe(1);
        expect(levels[count - 1]).toBe(10);
        levels.slice(1).forEach((level, i) => expect(level).toBeGreaterThanOrEqual(levels[i]!));
      }),
    );
    expect(contestDifficulty(0, 1)).toBe(1);
  });

  it('rejects indexes outside [0, count) and non-positive counts', () => {
    expect(() => contestDifficulty(20, 20)).toThrow(RangeError);
    expect(() => contestDifficulty(-1, 20)).toThrow(RangeError);
    expect(() => contestDifficulty(0, 0)).toThrow(RangeError);
  });
});

describe('assertDifficulty', () => {
  it('accepts integers 1..10 only', () => {
    for (let d = 1; d <= 10; d++) expect(() => assertDifficulty(d)).not.toThrow();
    for (const bad of [0, 11, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => assertDifficulty(bad)).toThrow(RangeError);
    }
  });
});
