import { describe, expect, it } from 'vitest';
import { isLastPlace, rankHonours, RANK_HONOUR_MIN_FIELD } from './rank-honours.js';
import { percentileForRank } from './standings.js';

const at = (rank: number, participants: number) => ({ rank, participants, percentile: percentileForRank(rank, participants), last: rank === participants });

describe('rankHonours', () => {
  it('congratulates the last of 4 on nothing (issue #47: it read "You made the top 10!")', () => {
    expect(Object.values(rankHonours(at(4, 4))).some(Boolean)).toBe(false);
  });

  it('needs a field larger than the rank: top 3 from 4 players, top 10 from 11, the top tenth from 10', () => {
    expect(rankHonours(at(3, 3)).top3).toBe(false);
    expect(rankHonours(at(2, 3)).top3).toBe(false);
    expect(rankHonours(at(3, 4)).top3).toBe(true);
    expect(rankHonours(at(2, 10)).top10).toBe(false);
    expect(rankHonours(at(10, 11)).top10).toBe(true);
    expect(rankHonours(at(1, 9)).topPerformer).toBe(false);
    expect(rankHonours(at(1, 10)).topPerformer).toBe(true);
    expect(rankHonours(at(1, 2)).winner).toBe(true);
    expect(rankHonours(at(1, 1)).winner).toBe(false);
    expect(RANK_HONOUR_MIN_FIELD).toMatchObject({ top3: 4, top10: 11, topPerformer: 10 });
  });

  it('gives the percentile honours only in fields big enough and never to the last', () => {
    expect(rankHonours(at(2, 4))).toMatchObject({ top25Percent: false, aboveAverage: true }); // 66
    expect(rankHonours(at(2, 5))).toMatchObject({ top25Percent: true }); // 75
    expect(rankHonours(at(1, 3))).toMatchObject({ top25Percent: false, aboveAverage: true });
    expect(rankHonours({ rank: 2, percentile: 50, participants: 3, last: true }).aboveAverage).toBe(false);
  });

  it('earns nothing for an invalid place', () => {
    expect(Object.values(rankHonours({ rank: 0, percentile: 100, participants: 5, last: false })).some(Boolean)).toBe(false);
    expect(Object.values(rankHonours({ rank: 6, percentile: 0, participants: 5, last: false })).some(Boolean)).toBe(false);
  });
});

describe('isLastPlace', () => {
  it('is true for the last rank and for everyone tied on it', () => {
    expect(isLastPlace(4, 4, [])).toBe(true);
    expect(isLastPlace(3, 4, [1, 2, 3, 3])).toBe(true);
    expect(isLastPlace(2, 4, [1, 2, 3, 3])).toBe(false);
  });

  it('is false when the known ranks do not cover the field and the rank is not its size', () => {
    expect(isLastPlace(3, 60, [1, 2, 3])).toBe(false);
  });
});
