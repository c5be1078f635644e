import { describe, expect, it } from 'vitest';
import { createRng } from '../../rng.js';
import { ADDITION_RANGE, drawAddition } from './addition.js';
import { LATEST_RULES } from '../rules.js';

const sample = (difficulty: number, count = 300) =>
  Array.from({ length: count }, (_, i) => drawAddition(createRng(`addition-${difficulty}-${i}`), difficulty, LATEST_RULES));

describe('drawAddition', () => {
  it('writes "a + b" with the sum as answer and a one-line explanation', () => {
    for (const q of sample(1)) {
      const match = /^(\d+) \+ (\d+)$/.exec(q.text);
      expect(match).not.toBeNull();
      const [a, b] = [Number(match![1]), Number(match![2])];
      expect(a).toBeGreaterThanOrEqual(1);
      expect(b).toBeLessThanOrEqual(9);
      expect(q.answer).toBe(a + b);
      expect(q.explanation).toBe(`${q.text} = ${q.answer}`);
    }
  });

  it('keeps operands in the level range and adds a third term from level 7', () => {
    for (let level = 1; level <= 10; level++) {
      const [min, max] = ADDITION_RANGE[level - 1]!;
      for (const q of sample(level, 100)) {
        const terms = q.text.split(' + ').map(Number);
        expect(terms).toHaveLength(level >= 7 ? 3 : 2);
        for (const t of terms) expect(t >= min && t <= max).toBe(true);
        expect(q.answer).toBe(terms.reduce((s, t) => s + t, 0));
        expect(q.explanation.endsWith(`= ${q.answer}`)).toBe(true);
      }
    }
  });

  it('grows with difficulty', () => {
    const mean = (level: number) => sample(level).reduce((s, q) => s + q.answer, 0) / 300;
    expect(mean(1)).toBeLessThan(mean(4));
    expect(mean(4)).toBeLessThan(mean(7));
    expect(mean(7)).toBeLessThan(mean(10));
  });
});
