import { describe, expect, it } from 'vitest';
import { createRng } from '../../rng.js';
import { drawMultiplication, FACTOR_RANGES } from './multiplication.js';
import { LATEST_RULES } from '../rules.js';

const sample = (difficulty: number, count = 200) =>
  Array.from({ length: count }, (_, i) =>
    drawMultiplication(createRng(`multiplication-${difficulty}-${i}`), difficulty, LATEST_RULES),
  );

describe('drawMultiplication', () => {
  it('writes "a × b" with factors from the level table, in either order', () => {
    for (let level = 1; level <= 10; level++) {
      const [[minA, maxA], [minB, maxB]] = FACTOR_RANGES[level - 1]!;
      const inA = (x: number) => x >= minA && x <= maxA;
      const inB = (x: number) => x >= minB && x <= maxB;
      for (const q of sample(level)) {
        const match = /^(\d+) × (\d+)$/.exec(q.text);
        expect(match).not.toBeNull();
        const [x, y] = [Number(match![1]), Number(match![2])];
        expect((inA(x) && inB(y)) || (inA(y) && inB(x))).toBe(true);
        expect(q.answer).toBe(x * y);
        expect(q.explanation).toBe(`${q.text} = ${q.answer}`);
      }
    }
  });

  it('stays within times tables up to 12 × 12 for levels 1–3', () => {
    for (let level = 1; level <= 3; level++) {
      for (const q of sample(level)) expect(q.answer).toBeLessThanOrEqual(144);
    }
  });
});
