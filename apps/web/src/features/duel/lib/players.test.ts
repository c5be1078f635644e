import { describe, expect, it } from 'vitest';
import { findCurrentPlayerIndex, hostMayHaveChanged, progressText, isCurrentPlayer, leadingPlayerIndex, withOwnProgress } from './players';

describe('isCurrentPlayer', () => {
  const me = { _id: 'u1', name: 'Ada' };

  it('matches by user id when both sides have one', () => {
    expect(isCurrentPlayer({ name: 'Someone', userId: 'u1' }, me)).toBe(true);
    expect(isCurrentPlayer({ name: 'Ada', userId: 'u2' }, me)).toBe(false);
  });

  it('falls back to the name when the player has no id', () => {
    expect(isCurrentPlayer({ name: 'Ada' }, me)).toBe(true);
    expect(isCurrentPlayer({ name: 'Bob' }, me)).toBe(false);
  });

  it('falls back to the name when the stored user has no id', () => {
    expect(isCurrentPlayer({ name: 'Ada', userId: 'u9' }, { name: 'Ada' })).toBe(true);
  });

  it('never matches without a user or with an empty name', () => {
    expect(isCurrentPlayer({ name: 'Ada' }, null)).toBe(false);
    expect(isCurrentPlayer({ name: '' }, { name: '' })).toBe(false);
  });

  it('finds the index of the current user', () => {
    expect(findCurrentPlayerIndex([{ name: 'Bob', userId: 'u2' }, { name: 'Ada', userId: 'u1' }], me)).toBe(1);
    expect(findCurrentPlayerIndex([{ name: 'Bob', userId: 'u2' }], me)).toBe(-1);
  });
});

describe('leadingPlayerIndex', () => {
  it('marks the single highest scorer', () => {
    expect(leadingPlayerIndex([{ score: 10 }, { score: 40 }])).toBe(1);
    expect(leadingPlayerIndex([{ score: 50 }, { score: 40 }])).toBe(0);
  });

  it('marks nobody at 0 points', () => {
    expect(leadingPlayerIndex([{ score: 0 }, { score: 0 }])).toBe(-1);
    expect(leadingPlayerIndex([{ score: 0 }])).toBe(-1);
  });

  it('marks nobody when the top scores are equal', () => {
    expect(leadingPlayerIndex([{ score: 30 }, { score: 30 }])).toBe(-1);
    expect(leadingPlayerIndex([{ score: 10 }, { score: 30 }, { score: 30 }])).toBe(-1);
  });

  it('marks nobody in an empty list', () => {
    expect(leadingPlayerIndex([])).toBe(-1);
  });
});

describe('withOwnProgress', () => {
  const players = [
    { name: 'Ada', userId: 'u1', score: 20, current: 2 },
    { name: 'Bob', userId: 'u2', score: 50, current: 5 },
  ];

  it("raises the current user's entry to their acknowledged figures", () => {
    expect(withOwnProgress(players, { _id: 'u1' }, 40, 3)).toEqual([
      { name: 'Ada', userId: 'u1', score: 40, current: 3 },
      players[1],
    ]);
  });

  it('never lowers figures and leaves the list alone without a match', () => {
    expect(withOwnProgress(players, { _id: 'u2' }, 10, 1)).toEqual(players);
    expect(withOwnProgress(players, { _id: 'u9' }, 99, 9)).toEqual(players);
  });
});

describe('hostMayHaveChanged', () => {
  it('is true for a non-host who sees the other player leave', () => {
    expect(hostMayHaveChanged(2, 1, false)).toBe(true);
  });

  it('is false for the host, and when nobody left', () => {
    expect(hostMayHaveChanged(2, 1, true)).toBe(false);
    expect(hostMayHaveChanged(1, 2, false)).toBe(false);
    expect(hostMayHaveChanged(2, 2, false)).toBe(false);
  });
});

describe('progressText', () => {
  it("reads 'Question X of N' while the player plays", () => {
    expect(progressText(0, 30)).toBe('Question 1 of 30');
    expect(progressText(29, 30)).toBe('Question 30 of 30');
  });

  it("reads 'All N solved' once every question is solved", () => {
    expect(progressText(30, 30)).toBe('All 30 solved');
  });

  it('has no total before the questions are known', () => {
    expect(progressText(0, 0)).toBe('Question 0');
  });
});
