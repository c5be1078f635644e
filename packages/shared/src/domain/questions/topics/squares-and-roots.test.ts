import { describe, expect, it } from 'vitest';
import { createRng } from '../../rng.js';
import { drawSquaresAndRoots } from './squares-and-roots.js';
import { LATEST_RULES } from '../rules.js';

const sample = (difficulty: number, count = 300) =>
  Array.from({ length: count }, (_, i) =>
    drawSquaresAndRoots(createRng(`squares-and-roots-${difficulty}-${i}`), difficulty, LATEST_RULES),
  );

describe('drawSquaresAndRoots', () => {
  it('asks "n²" or "√(n²)" up to level 6, explained by the multiplication', () => {
    for (let level = 1; level <= 6; level++) {
      for (const q of sample(level, 100)) {
        const square = /^(\d+)²$/.exec(q.text);
        const root = /^√(\d+)$/.exec(q.text);
        expect(square ?? root).not.toBeNull();
        if (square) expect(q.answer).toBe(Number(square[1]) ** 2);
        if (square) expect(q.explanation).toBe(`${q.text} = ${square[1]} × ${square[1]} = ${q.answer}`);
        if (root) expect(q.answer ** 2).toBe(Number(root[1]));
        if (root) expect(q.explanation).toBe(`${q.text} = ${q.answer} because ${q.answer} × ${q.answer} = ${root[1]}`);
      }
    }
  });

  it('uses bigger numbers as the level rises', () => {
    const biggest = (level: number) => Math.max(...sample(level).map((q) => Number(/\d+/.exec(q.text)![0])));
    expect(biggest(1)).toBeLessThanOrEqual(25);
    expect(biggest(6)).toBeGreaterThan(25);
  });

  it('combines a root with another operation from level 7 and roots a sum from level 9', () => {
    expect(sample(7).some((q) => /^√\d+ [+×] /.test(q.text))).toBe(true);
    const sums = sample(9).filter((q) => q.text.startsWith('√('));
    expect(sums.length).toBeGreaterThan(0);
    for (const q of sums) {
      const [, a, b] = /^√\((\d+) \+ (\d+)\)$/.exec(q.text)!;
      expect(q.answer ** 2).toBe(Number(a) + Number(b));
      expect(q.explanation).toBe(`${q.text} = √${q.answer ** 2} = ${q.answer}`);
    }
  });
});
