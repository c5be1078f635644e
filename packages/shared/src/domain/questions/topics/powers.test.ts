import { describe, expect, it } from 'vitest';
import { createRng } from '../../rng.js';
import { drawPowers } from './powers.js';

const sample = (difficulty: number, count = 300) =>
  Array.from({ length: count }, (_, i) => drawPowers(createRng(`powers-${difficulty}-${i}`), difficulty));

describe('drawPowers', () => {
  it('asks "b^e" with the exact power as answer', () => {
    for (let level = 1; level <= 5; level++) {
      for (const q of sample(level, 100)) {
        const [, base, exponent] = /^(\d+)\^(\d+)$/.exec(q.text)!;
        expect(q.answer).toBe(Number(base) ** Number(exponent));
      }
    }
  });

  it('keeps level 1 small and reaches thousands at level 10', () => {
    for (const q of sample(1)) expect(q.answer).toBeLessThanOrEqual(16);
    const single = sample(10).filter((q) => /^\d+\^\d+$/.test(q.text) && q.answer > 100);
    expect(single.length).toBeGreaterThan(0);
    for (const q of single) expect(q.answer).toBeGreaterThanOrEqual(1000);
  });

  it('expands short powers in the explanation: "2^5 = 2 × 2 × 2 × 2 × 2 = 32"', () => {
    const q = sample(2).find((x) => x.text === '2^5')!;
    expect(q.explanation).toBe('2^5 = 2 × 2 × 2 × 2 × 2 = 32');
  });

  it('asks zero and first powers from level 6', () => {
    const rules = sample(6).filter((q) => /\^[01]$/.test(q.text));
    expect(rules.length).toBeGreaterThan(0);
    for (const q of rules) {
      const [, base, exponent] = /^(\d+)\^(\d+)$/.exec(q.text)!;
      expect(q.answer).toBe(exponent === '0' ? 1 : Number(base));
    }
  });

  it('combines two powers from level 8, never going negative', () => {
    const combined = sample(8).filter((q) => / [+−×] /.test(q.text));
    expect(combined.length).toBeGreaterThan(0);
    for (const q of combined) {
      const [, a, m, op, b, n] = /^(\d+)\^(\d+) ([+−×]) (\d+)\^(\d+)$/.exec(q.text)!;
      const [x, y] = [Number(a) ** Number(m), Number(b) ** Number(n)];
      expect(q.answer).toBe(op === '+' ? x + y : op === '−' ? x - y : x * y);
      expect(q.answer).toBeGreaterThanOrEqual(0);
    }
  });
});
