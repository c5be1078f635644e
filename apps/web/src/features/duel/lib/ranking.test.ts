import { describe, expect, it } from 'vitest';
import { bannerText, gameOutcome, rankPlayers, relativeScorePercent } from './ranking';

const ada = { name: 'Ada', userId: 'u1', score: 120, current: 8 };
const bob = { name: 'Bob', userId: 'u2', score: 90, current: 6 };

describe('rankPlayers', () => {
  it('orders by score, highest first, with 1-based ranks', () => {
    const ranked = rankPlayers([bob, ada]);
    expect(ranked.map((r) => [r.rank, r.player.name])).toEqual([
      [1, 'Ada'],
      [2, 'Bob'],
    ]);
  });

  it('gives equal scores the same rank and keeps their order', () => {
    const ranked = rankPlayers([{ ...bob, score: 50 }, { ...ada, score: 50 }, { name: 'Cy', score: 10, current: 1 }]);
    expect(ranked.map((r) => [r.rank, r.player.name])).toEqual([
      [1, 'Bob'],
      [1, 'Ada'],
      [3, 'Cy'],
    ]);
  });

  it('does not mutate its input', () => {
    const players = [bob, ada];
    rankPlayers(players);
    expect(players[0]).toBe(bob);
  });
});

describe('gameOutcome and bannerText', () => {
  it("says 'You Won!' when the current user is first (matched by id)", () => {
    const outcome = gameOutcome(rankPlayers([bob, ada]), { _id: 'u1', name: 'Ada' });
    expect(outcome.kind).toBe('won');
    expect(bannerText(outcome)).toBe('You Won!');
  });

  it("says 'Winner: {name}' when someone else is first", () => {
    const outcome = gameOutcome(rankPlayers([bob, ada]), { _id: 'u2', name: 'Bob' });
    expect(bannerText(outcome)).toBe('Winner: Ada');
  });

  it('matches the current user by name when the players carry no id', () => {
    const outcome = gameOutcome(rankPlayers([{ name: 'Ada', score: 40, current: 4 }, { name: 'Bob', score: 10, current: 1 }]), { name: 'Ada' });
    expect(bannerText(outcome)).toBe('You Won!');
  });

  it("calls a run with one player (single-player) complete, not won", () => {
    const outcome = gameOutcome(rankPlayers([{ name: 'You', score: 40, current: 4 }]), { name: 'You' });
    expect(outcome.kind).toBe('solo');
    expect(bannerText(outcome)).toBe('Challenge Complete!');
  });

  it("says \"It's a Tie!\" when first and second have equal scores", () => {
    const outcome = gameOutcome(rankPlayers([{ ...ada, score: 70 }, { ...bob, score: 70 }]), { _id: 'u1' });
    expect(outcome.kind).toBe('tie');
    expect(bannerText(outcome)).toBe("It's a Tie!");
  });

  it('is a tie at 0 – 0 too', () => {
    expect(gameOutcome(rankPlayers([{ ...ada, score: 0 }, { ...bob, score: 0 }]), null).kind).toBe('tie');
  });

  it('has no banner without players', () => {
    expect(bannerText(gameOutcome([], null))).toBe('');
  });
});

describe('relativeScorePercent', () => {
  it('is the share of the top score, clamped', () => {
    expect(relativeScorePercent(90, 120)).toBe(75);
    expect(relativeScorePercent(120, 120)).toBe(100);
    expect(relativeScorePercent(200, 120)).toBe(100);
    expect(relativeScorePercent(10, 0)).toBe(0);
  });
});
