import { describe, expect, it } from 'vitest';
import { practicePoints } from './points.js';

describe('practicePoints (issue #4 + the speed bonus of docs/rules.md)', () => {
  it('gives 10 × weight per correct answer plus up to 50% for speed', () => {
    expect(practicePoints(1, 10, 10, 0)).toEqual({ basePoints: 100, speedBonus: 50, practicePoints: 150 });
    expect(practicePoints(4, 10, 10, 0)).toEqual({ basePoints: 400, speedBonus: 200, practicePoints: 600 });
  });

  it('lowers the bonus linearly to 0 at one minute per question', () => {
    expect(practicePoints(1, 10, 10, 300_000).speedBonus).toBe(25);
    expect(practicePoints(2, 7, 10, 120_000)).toEqual({ basePoints: 140, speedBonus: 56, practicePoints: 196 });
    expect(practicePoints(3, 10, 10, 600_000).speedBonus).toBe(0);
    expect(practicePoints(3, 10, 10, 3_600_000)).toEqual({ basePoints: 300, speedBonus: 0, practicePoints: 300 });
  });

  it('floors exactly (no floating-point drift) and gives nothing for no correct answers', () => {
    // 100 × 0.5 × (1 − 180/600) = 35 exactly.
    expect(practicePoints(1, 10, 10, 180_000).speedBonus).toBe(35);
    expect(practicePoints(1, 0, 10, 1_000)).toEqual({ basePoints: 0, speedBonus: 0, practicePoints: 0 });
    expect(practicePoints(1, 3, 10, -5)).toEqual({ basePoints: 30, speedBonus: 15, practicePoints: 45 });
  });

  it('refuses impossible counts', () => {
    expect(() => practicePoints(1, 11, 10, 0)).toThrow(RangeError);
    expect(() => practicePoints(1, 1.5, 10, 0)).toThrow(RangeError);
  });
});
