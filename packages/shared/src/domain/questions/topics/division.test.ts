import { describe, expect, it } from 'vitest';
import { createRng } from '../../rng.js';
import { drawDivision } from './division.js';
import { LATEST_RULES } from '../rules.js';

const sample = (difficulty: number, count = 200) =>
  Array.from({ length: count }, (_, i) => drawDivision(createRng(`division-${difficulty}-${i}`), difficulty, LATEST_RULES));

describe('drawDivision', () => {
  it('writes "a ÷ b" with an exact integer quotient and a divisor of at least 2', () => {
    for (let level = 1; level <= 10; level++) {
      for (const q of sample(level)) {
        const match = /^(\d+) ÷ (\d+)$/.exec(q.text);
        expect(match).not.toBeNull();
        const [dividend, divisor] = [Number(match![1]), Number(match![2])];
        expect(divisor).toBeGreaterThanOrEqual(2);
        expect(Number.isInteger(q.answer)).toBe(true);
        expect(q.answer * divisor).toBe(dividend);
      }
    }
  });

  it('explains with the inverse multiplication', () => {
    const q = sample(3)[0]!;
    const [dividend, divisor] = q.text.split(' ÷ ');
    expect(q.explanation).toBe(`${q.text} = ${q.answer} because ${divisor} × ${q.answer} = ${dividend}`);
  });
});
