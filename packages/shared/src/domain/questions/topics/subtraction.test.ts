import { describe, expect, it } from 'vitest';
import { createRng } from '../../rng.js';
import { ADDITION_RANGE } from './addition.js';
import { drawSubtraction } from './subtraction.js';
import { LATEST_RULES } from '../rules.js';

const sample = (difficulty: number, count = 200) =>
  Array.from({ length: count }, (_, i) => drawSubtraction(createRng(`subtraction-${difficulty}-${i}`), difficulty, LATEST_RULES));

describe('drawSubtraction', () => {
  it('writes "a − b" (U+2212) with a non-negative difference', () => {
    for (let level = 1; level <= 10; level++) {
      const [min, max] = ADDITION_RANGE[level - 1]!;
      for (const q of sample(level)) {
        const [first, ...rest] = q.text.split(' − ').map(Number);
        expect(rest).toHaveLength(level >= 7 ? 2 : 1);
        for (const t of rest) expect(t >= min && t <= max).toBe(true);
        expect(q.answer).toBe(first! - rest.reduce((s, t) => s + t, 0));
        expect(q.answer).toBeGreaterThanOrEqual(0);
        expect(q.explanation.endsWith(`= ${q.answer}`)).toBe(true);
      }
    }
  });

  it('explains "92 − 37" as "92 − 37 = 55"', () => {
    const q = sample(4)[0]!;
    expect(q.explanation).toBe(`${q.text} = ${q.answer}`);
  });
});
