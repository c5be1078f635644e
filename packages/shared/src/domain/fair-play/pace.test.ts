import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duelDifficulty } from '../questions/difficulty.js';
import { DEFAULT_PACE_THRESHOLDS, judgePace, PACE_FLAG_MESSAGE, paceFloorMs, type TimedAnswer } from './pace.js';

/** Answers to questions 0…n−1 of a duel list, each `gaps[i]` ms after the previous one. */
function timed(gaps: number[], difficulty: (i: number) => number = duelDifficulty): TimedAnswer[] {
  let at = 0;
  return gaps.map((gap, i) => ({ atMs: (at += gap), difficulty: difficulty(i) }));
}

describe('paceFloorMs (issue #47)', () => {
  it('is 250 ms at level 1 and rises by 50 ms a level to 700 ms at level 10', () => {
    expect(paceFloorMs(1)).toBe(250);
    expect(paceFloorMs(2)).toBe(300);
    expect(paceFloorMs(10)).toBe(700);
    expect(paceFloorMs(0)).toBe(250);
    expect(paceFloorMs(42)).toBe(700);
  });

  it('refuses negative thresholds', () => {
    expect(() => paceFloorMs(1, { ...DEFAULT_PACE_THRESHOLDS, easyFloorMs: -1 })).toThrow(RangeError);
  });
});

describe('judgePace (issue #47)', () => {
  it('flags a script answering 30 questions in 16 ms', () => {
    const verdict = judgePace(0, timed(Array.from({ length: 30 }, () => 0.5)));
    expect(verdict.flagged).toBe(true);
    expect(verdict.reason).toContain(PACE_FLAG_MESSAGE);
    expect(verdict.answers).toBe(30);
  });

  it('does not flag a fast person: 350–900 ms on the easy questions, 1–3 s on the hard ones', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 350, max: 900 }), { minLength: 8, maxLength: 8 }),
        fc.array(fc.integer({ min: 1000, max: 3000 }), { minLength: 1, maxLength: 142 }),
        (easy, hard) => !judgePace(0, timed([...easy, ...hard])).flagged,
      ),
    );
  });

  it('flags every script whose answers mostly come under the floor, whatever it does on the rest', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 240 }), { minLength: 16, maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 0, maxLength: 15 }),
        (fast, slow) => fast.length > slow.length && judgePace(0, timed([...fast, ...slow])).flagged,
      ),
    );
  });

  it('never flags fewer answers than minAnswers, however fast', () => {
    expect(judgePace(0, timed([1, 1, 1, 1])).flagged).toBe(false);
    expect(judgePace(0, timed([1, 1, 1, 1, 1])).flagged).toBe(true);
    expect(judgePace(0, []).flagged).toBe(false);
  });

  it('orders answers by time and measures the first from the start', () => {
    const verdict = judgePace(1000, [
      { atMs: 3000, difficulty: 1 },
      { atMs: 2000, difficulty: 1 },
    ]);
    expect(verdict.medianGapMs).toBe(1000);
  });

  it('follows configured floors: a 0 ms floor flags nothing', () => {
    const zero = { easyFloorMs: 0, floorStepMs: 0, minAnswers: 5 };
    expect(judgePace(0, timed(Array.from({ length: 30 }, () => 0)), zero).flagged).toBe(false);
  });
});
