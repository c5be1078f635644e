import { describe, expect, it } from 'vitest';
import { createRng } from '../../rng.js';
import { drawPowers } from './powers.js';
import { LATEST_RULES } from '../rules.js';

const sample = (difficulty: number, count = 300) =>
  Array.from({ length: count }, (_, i) => drawPowers(createRng(`powers-${difficulty}-${i}`), difficulty, LATEST_RULES));

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
/** "2⁵" → [2, 5], read without the generator's code; null for any other text. */
function single(text: string): [number, number] | null {
  const match = /^(\d+)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/.exec(text);
  if (!match) return null;
  return [Number(match[1]), Number([...match[2]!].map((c) => SUPERSCRIPTS.indexOf(c)).join(''))];
}

describe('drawPowers', () => {
  it('writes "bᵉ" with superscript digits, as a person writes a power, and the exact power as answer', () => {
    for (let level = 1; level <= 7; level++) {
      for (const q of sample(level, 100)) {
        const [base, exponent] = single(q.text)!;
        expect(q.answer).toBe(base ** exponent);
        expect(q.text).not.toContain('^');
      }
    }
  });

  it('keeps level 1 small and reaches thousands at level 10', () => {
    for (const q of sample(1)) expect(q.answer).toBeLessThanOrEqual(16);
    const singles = sample(10).filter((q) => single(q.text) && q.answer > 100);
    expect(singles.length).toBeGreaterThan(0);
    for (const q of singles) expect(q.answer).toBeGreaterThanOrEqual(1000);
  });

  it('expands short powers in the explanation: "2⁵ = 2 × 2 × 2 × 2 × 2 = 32"', () => {
    const q = sample(2).find((x) => x.text === '2⁵')!;
    expect(q.explanation).toBe('2⁵ = 2 × 2 × 2 × 2 × 2 = 32');
  });

  it('never asks a zeroth or first power, nor a power of 0 or 1 (issue #47)', () => {
    for (let level = 1; level <= 10; level++) {
      for (const q of sample(level)) {
        for (const [, base, exponent] of q.text.matchAll(/(\d+)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)/g)) {
          expect(['⁰', '¹']).not.toContain(exponent);
          expect(Number(base)).toBeGreaterThanOrEqual(2);
        }
      }
    }
  });

  it('combines two powers from level 8, never going negative nor to 0', () => {
    const combined = sample(8).filter((q) => / [+−×] /.test(q.text));
    expect(combined.length).toBeGreaterThan(0);
    for (const q of combined) {
      const [first, op, second] = q.text.split(' ');
      const [x, y] = [single(first!)!, single(second!)!].map(([b, e]) => b ** e) as [number, number];
      expect(q.answer).toBe(op === '+' ? x + y : op === '−' ? x - y : x * y);
      expect(q.answer).toBeGreaterThan(0);
    }
  });
});
