import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, randomInt } from './rng.js';

const draws = (seed: string | number, count: number) => {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => rng());
};

describe('createRng', () => {
  it('replays the same sequence for the same seed', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        expect(draws(seed, 20)).toEqual(draws(seed, 20));
      }),
      { numRuns: 500 },
    );
  });

  it('treats a number seed as its string form', () => {
    expect(draws(42, 5)).toEqual(draws('42', 5));
  });

  it('gives different sequences for neighbouring seeds', () => {
    expect(draws('duel-1', 5)).not.toEqual(draws('duel-2', 5));
    expect(draws('', 5)).not.toEqual(draws(' ', 5));
  });

  it('stays in [0, 1) and looks uniform', () => {
    const values = draws('uniformity', 100_000);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.01);
    const buckets = new Array<number>(10).fill(0);
    for (const v of values) buckets[Math.floor(v * 10)]!++;
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });
});

describe('randomInt', () => {
  it('covers [min, max] inclusive and nothing else', () => {
    const rng = createRng('dice');
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(randomInt(rng, -2, 3));
    expect([...seen].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2, 3]);
  });

  it('returns min when min equals max', () => {
    expect(randomInt(createRng('x'), 7, 7)).toBe(7);
  });

  it('rejects reversed or non-integer bounds', () => {
    const rng = createRng('x');
    expect(() => randomInt(rng, 5, 4)).toThrow(RangeError);
    expect(() => randomInt(rng, 0.5, 4)).toThrow(RangeError);
  });
});
