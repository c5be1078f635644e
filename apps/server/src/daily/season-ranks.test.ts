import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeasonRanks } from './season-ranks.js';

describe('SeasonRanks', () => {
  it('gives competition ranks (1, 2, 2, 4) and the rank an unlisted score would hold', () => {
    const ranks = new SeasonRanks([
      { userId: 'a', seasonPoints: 50 },
      { userId: 'b', seasonPoints: 80 },
      { userId: 'c', seasonPoints: 50 },
      { userId: 'd', seasonPoints: 10 },
    ]);
    expect(['b', 'a', 'c', 'd'].map((u) => ranks.rankOf(ranks.pointsOf(u)!))).toEqual([1, 2, 2, 4]);
    expect(ranks.rankOf(0)).toBe(5);
    expect(ranks.pointsOf('z')).toBeUndefined();
  });

  it('stays equal to counting players ahead after any sequence of updates', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 30 })), { maxLength: 60 }), (updates) => {
        const ranks = new SeasonRanks([]);
        const truth = new Map<string, number>();
        for (const [user, points] of updates) {
          ranks.set(`u${user}`, points);
          truth.set(`u${user}`, points);
        }
        expect(ranks.size).toBe(truth.size);
        for (const [user, points] of truth) {
          const ahead = [...truth.values()].filter((p) => p > points).length;
          expect(ranks.rankOf(ranks.pointsOf(user)!)).toBe(ahead + 1);
        }
      }),
    );
  });
});
