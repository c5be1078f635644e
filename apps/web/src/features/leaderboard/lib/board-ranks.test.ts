import { describe, expect, it } from 'vitest';
import { BOARD_SIZE, boardRanks, medalOf, missingSignedInPlayer } from './board-ranks';

const rankNumbers = (ratings: number[]) => boardRanks(ratings.map((rating) => ({ rating }))).map((r) => r.rank);

describe('boardRanks', () => {
  it('numbers distinct ratings 1, 2, 3', () => {
    expect(rankNumbers([1700, 1600, 1500])).toEqual([1, 2, 3]);
  });

  it('gives equal ratings the same rank and skips the ranks they take', () => {
    expect(rankNumbers([1700, 1500, 1500, 1500, 1400])).toEqual([1, 2, 2, 2, 5]);
  });

  it('compares the ratings as shown, rounded', () => {
    expect(rankNumbers([1500.4, 1499.6, 1499.4])).toEqual([1, 1, 3]);
  });

  it('ranks a board of new accounts all first', () => {
    expect(rankNumbers([1500, 1500, 1500, 1500])).toEqual([1, 1, 1, 1]);
  });

  it('marks every entry of a tie, the first included', () => {
    expect(boardRanks([{ rating: 1700 }, { rating: 1500 }, { rating: 1500 }, { rating: 1400 }]).map((r) => r.tied)).toEqual([false, true, true, false]);
  });

  it('gives an empty board no ranks', () => {
    expect(boardRanks([])).toEqual([]);
  });
});

describe('medalOf', () => {
  it('gives the first three distinct ranks gold, silver and bronze', () => {
    expect(boardRanks([{ rating: 1700 }, { rating: 1600 }, { rating: 1550 }, { rating: 1500 }]).map(medalOf)).toEqual([1, 2, 3, null]);
  });

  it('gives a shared rank no medal', () => {
    expect(boardRanks([{ rating: 1700 }, { rating: 1500 }, { rating: 1500 }]).map(medalOf)).toEqual([1, null, null]);
    expect(boardRanks([{ rating: 1500 }, { rating: 1500 }]).map(medalOf)).toEqual([null, null]);
  });
});

describe('missingSignedInPlayer', () => {
  const me = { _id: 'me', isGuest: false };

  it('is true for a signed-in player absent from a board that is not full', () => {
    expect(missingSignedInPlayer([], me)).toBe(true);
    expect(missingSignedInPlayer([{ _id: 'a' }], me)).toBe(true);
  });

  it('is false once the player is listed', () => {
    expect(missingSignedInPlayer([{ _id: 'a' }, { _id: 'me' }], me)).toBe(false);
  });

  it('is false for guests, who are never listed, and without a user', () => {
    expect(missingSignedInPlayer([], { _id: 'g', isGuest: true })).toBe(false);
    expect(missingSignedInPlayer([], null)).toBe(false);
  });

  it('is false on a full board, which may rightly leave the player out', () => {
    const full = Array.from({ length: BOARD_SIZE }, (_, i) => ({ _id: `p${i}` }));
    expect(missingSignedInPlayer(full, me)).toBe(false);
  });
});
