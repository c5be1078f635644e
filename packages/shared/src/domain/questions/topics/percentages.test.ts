import { describe, expect, it } from 'vitest';
import { createRng } from '../../rng.js';
import { drawPercentages } from './percentages.js';
import { LATEST_RULES } from '../rules.js';

const sample = (difficulty: number, count = 300) =>
  Array.from({ length: count }, (_, i) => drawPercentages(createRng(`percentages-${difficulty}-${i}`), difficulty, LATEST_RULES));

const parse = (text: string) => {
  const [, percent, base] = /^(\d+)% of (\d+)$/.exec(text)!;
  return [Number(percent), Number(base)] as const;
};

describe('drawPercentages', () => {
  it('asks "p% of m" with answer p × m / 100 exactly, at most 2 decimals', () => {
    for (let level = 1; level <= 10; level++) {
      for (const q of sample(level, 100)) {
        const [percent, base] = parse(q.text);
        expect(q.answer).toBe((percent * base) / 100);
        expect(Math.round(q.answer * 100)).toBe(percent * base);
        expect(q.explanation).toBe(`${q.text} = ${base} × ${percent} ÷ 100 = ${q.answer}`);
      }
    }
  });

  it('uses friendly percents with whole answers early on', () => {
    for (const q of sample(1)) {
      expect([10, 50, 100]).toContain(parse(q.text)[0]);
      expect(Number.isInteger(q.answer)).toBe(true);
    }
    for (const q of sample(7)) expect(Number.isInteger(q.answer)).toBe(true);
  });

  it('allows decimal answers from level 8 and percents above 100 at level 10', () => {
    expect(sample(8).some((q) => !Number.isInteger(q.answer))).toBe(true);
    expect(sample(10).some((q) => parse(q.text)[0] > 100)).toBe(true);
  });
});
