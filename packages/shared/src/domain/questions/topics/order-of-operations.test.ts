import { describe, expect, it } from 'vitest';
import { createRng } from '../../rng.js';
import { drawOrderOfOperations } from './order-of-operations.js';
import { LATEST_RULES } from '../rules.js';

const sample = (difficulty: number, count = 300) =>
  Array.from({ length: count }, (_, i) =>
    drawOrderOfOperations(createRng(`order-of-operations-${difficulty}-${i}`), difficulty, LATEST_RULES),
  );

/** The operators of a text; a power is written with superscript digits (3²), one operator per run. */
const operators = (text: string) =>
  [...text.replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, '^')].filter((c) => '+−×÷^'.includes(c));
const hasPower = (text: string) => /[⁰¹²³⁴⁵⁶⁷⁸⁹]/.test(text);

describe('drawOrderOfOperations', () => {
  it('always mixes an additive operator with a multiplicative one', () => {
    for (let level = 1; level <= 10; level++) {
      for (const q of sample(level, 100)) {
        const ops = operators(q.text);
        expect(ops.some((op) => op === '+' || op === '−')).toBe(true);
        expect(ops.some((op) => op === '×' || op === '÷' || op === '^')).toBe(true);
      }
    }
  });

  it('uses only +, −, × at levels 1–2, adds ÷ from 3 and ^ from 5', () => {
    for (const q of [...sample(1), ...sample(2)]) expect(q.text).toMatch(/^[\d +−×()]+$/);
    for (const q of [...sample(3), ...sample(4)]) expect(hasPower(q.text)).toBe(false);
    expect(sample(3).some((q) => q.text.includes('÷'))).toBe(true);
    expect(sample(6).some((q) => hasPower(q.text))).toBe(true);
    for (const q of sample(10)) expect(q.text).not.toContain('^');
  });

  it('has more operations at higher levels: 2 at level 1, 5 at level 10', () => {
    for (const q of sample(1, 50)) expect(operators(q.text)).toHaveLength(2);
    for (const q of sample(10, 50)) expect(operators(q.text)).toHaveLength(5);
  });

  it('produces brackets, non-negative integer answers and a stepwise explanation', () => {
    const questions = sample(5);
    expect(questions.some((q) => q.text.includes('('))).toBe(true);
    for (const q of questions) {
      expect(Number.isInteger(q.answer) && q.answer >= 0).toBe(true);
      const steps = q.explanation.split(' = ');
      expect(steps[0]).toBe(q.text);
      expect(steps.at(-1)).toBe(String(q.answer));
      expect(steps).toHaveLength(operators(q.text).length + 1);
    }
  });
});
