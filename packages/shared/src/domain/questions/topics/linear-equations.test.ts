import { describe, expect, it } from 'vitest';
import { createRng } from '../../rng.js';
import { drawLinearEquation } from './linear-equations.js';
import { LATEST_RULES } from '../rules.js';

const sample = (difficulty: number, count = 300) =>
  Array.from({ length: count }, (_, i) =>
    drawLinearEquation(createRng(`linear-equations-${difficulty}-${i}`), difficulty, LATEST_RULES),
  );

const int = (text: string) => Number(text.replace('−', '-'));
const coefficient = (text: string) => (text === '' ? 1 : Number(text));
const signed = (sign: string, value: string) => (sign === '−' ? -Number(value) : Number(value));

/** Both sides evaluated at the claimed solution, for each of the three forms. */
function sides(text: string, x: number): [number, number] {
  let m = /^Solve for x: (\d*)x ([+−]) (\d+) = (−?\d+)$/.exec(text);
  if (m) return [coefficient(m[1]!) * x + signed(m[2]!, m[3]!), int(m[4]!)];
  m = /^Solve for x: (\d*)x ([+−]) (\d+) = (\d*)x ([+−]) (\d+)$/.exec(text);
  if (m) return [coefficient(m[1]!) * x + signed(m[2]!, m[3]!), coefficient(m[4]!) * x + signed(m[5]!, m[6]!)];
  m = /^Solve for x: (\d+)\(x ([+−]) (\d+)\) = (−?\d+)$/.exec(text);
  if (m) return [Number(m[1]) * (x + signed(m[2]!, m[3]!)), int(m[4]!)];
  throw new Error(`unrecognised equation: ${text}`);
}

describe('drawLinearEquation', () => {
  it('has an integer answer that satisfies the equation at every level', () => {
    for (let level = 1; level <= 10; level++) {
      for (const q of sample(level, 100)) {
        expect(Number.isInteger(q.answer)).toBe(true);
        const [left, right] = sides(q.text, q.answer);
        expect(left).toBe(right);
        expect(q.explanation.endsWith(`x = ${String(q.answer).replace('-', '−')}`)).toBe(true);
      }
    }
  });

  it('starts with "Solve for x: ax + b = c" with positive numbers', () => {
    for (const q of sample(1)) {
      expect(q.text).toMatch(/^Solve for x: 2x \+ \d+ = \d+$/);
      expect(q.answer).toBeGreaterThan(0);
    }
  });

  it('brings negative solutions at level 7 and x on both sides at level 8', () => {
    expect(sample(7).some((q) => q.answer < 0)).toBe(true);
    expect(sample(6).every((q) => q.answer > 0)).toBe(true);
    expect(sample(8).some((q) => /x .* = \d*x /.test(q.text))).toBe(true);
    expect(sample(7).some((q) => q.text.includes('('))).toBe(true);
  });

  it('explains each step on one line', () => {
    const q = sample(1).find((x) => x.text === 'Solve for x: 2x + 5 = 11')!;
    expect(q.explanation).toBe('Subtract 5 from both sides: 2x = 6; divide by 2: x = 3');
  });
});
