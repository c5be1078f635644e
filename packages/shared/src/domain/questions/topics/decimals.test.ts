import { describe, expect, it } from 'vitest';
import { createRng } from '../../rng.js';
import { drawDecimals } from './decimals.js';
import { LATEST_RULES } from '../rules.js';

const sample = (difficulty: number, count = 300) =>
  Array.from({ length: count }, (_, i) => drawDecimals(createRng(`decimals-${difficulty}-${i}`), difficulty, LATEST_RULES));

/** "3.25" → 325, checked to be a decimal with at most 2 places. */
const hundredths = (text: string): number => {
  expect(text).toMatch(/^\d+(\.\d{1,2})?$/);
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/** Independent check in integer hundredths of "a op b" and "a + b − c". */
const expectedHundredths = (text: string): number => {
  const parts = text.split(' ');
  const [a, op, b, op2, c] = parts;
  const x = hundredths(a!);
  const y = hundredths(b!);
  if (op2 !== undefined) return x + y - hundredths(c!);
  switch (op) {
    case '+':
      return x + y;
    case '−':
      return x - y;
    case '×':
      expect((x * y) % 100).toBe(0);
      return (x * y) / 100;
    case '÷':
      expect((x * 100) % y).toBe(0);
      return (x * 100) / y;
  }
  throw new Error(`unexpected text ${text}`);
};

describe('drawDecimals', () => {
  it('answers exactly in hundredths at every level', () => {
    for (let level = 1; level <= 10; level++) {
      for (const q of sample(level, 150)) {
        const expected = expectedHundredths(q.text);
        expect(q.answer).toBe(expected / 100);
        expect(q.answer).toBeGreaterThanOrEqual(0);
        // A decimal in the question, or a decimal result such as "11 ÷ 5" = 2.2.
        expect(q.text.includes('.') || !Number.isInteger(q.answer)).toBe(true);
        expect(q.explanation.startsWith(`${q.text} = `)).toBe(true);
      }
    }
  });

  it('has no float artefacts: answers print with at most 2 decimals', () => {
    for (let level = 1; level <= 10; level++) {
      for (const q of sample(level, 150)) expect(String(q.answer)).toMatch(/^\d+(\.\d{1,2})?$/);
    }
  });

  it('adds tenths at level 1 and multiplies and divides at higher levels', () => {
    for (const q of sample(1)) expect(q.text).toMatch(/^\d+\.\d \+ \d+\.\d$/);
    const top = sample(10).map((q) => q.text);
    expect(top.some((t) => t.includes('×'))).toBe(true);
    expect(top.some((t) => t.includes('÷'))).toBe(true);
  });
});
