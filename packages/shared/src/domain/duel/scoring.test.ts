import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.js';
import { duelQuestionCount, pointsForDifficulty, rankPlayers, roomCode } from './scoring.js';

describe('pointsForDifficulty', () => {
  it('is 10 × difficulty', () => {
    expect(pointsForDifficulty(1)).toBe(10);
    expect(pointsForDifficulty(7)).toBe(70);
    expect(pointsForDifficulty(10)).toBe(100);
    expect(pointsForDifficulty(20)).toBe(200);
  });

  it('rejects levels outside 1..20', () => {
    expect(() => pointsForDifficulty(0)).toThrow(RangeError);
    expect(() => pointsForDifficulty(21)).toThrow(RangeError);
    expect(() => pointsForDifficulty(2.5)).toThrow(RangeError);
  });
});

describe('duelQuestionCount', () => {
  it('prepares 150 questions per minute for every duel mode (issue #47: at least 90)', () => {
    expect([1, 2, 3, 5].map(duelQuestionCount)).toEqual([150, 300, 450, 750]);
  });

  it('rejects non-positive or fractional minutes', () => {
    expect(() => duelQuestionCount(0)).toThrow(RangeError);
    expect(() => duelQuestionCount(1.5)).toThrow(RangeError);
  });
});

describe('roomCode', () => {
  it('is 6 characters from the look-alike-free alphabet', () => {
    const rng = createRng('rooms');
    for (let i = 0; i < 1000; i++) expect(roomCode(rng)).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
  });

  it('is deterministic for a seed and varies between draws', () => {
    expect(roomCode(createRng('s'))).toBe(roomCode(createRng('s')));
    const rng = createRng('many');
    const codes = new Set(Array.from({ length: 1000 }, () => roomCode(rng)));
    expect(codes.size).toBe(1000);
  });

  it('uses every character of the alphabet', () => {
    const rng = createRng('alphabet');
    const used = new Set(Array.from({ length: 500 }, () => roomCode(rng)).join(''));
    expect(used.size).toBe(31);
  });
});

describe('rankPlayers', () => {
  it('sorts by score descending and names the winner by input index', () => {
    const players = [
      { name: 'Ana', score: 40 },
      { name: 'Bo', score: 90 },
    ];
    const result = rankPlayers(players);
    expect(result.ranked.map((p) => p.name)).toEqual(['Bo', 'Ana']);
    expect(result.winnerIndex).toBe(1);
    expect(result.tie).toBe(false);
    expect(players.map((p) => p.name)).toEqual(['Ana', 'Bo']);
  });

  it('reports a tie when first and second are equal, keeping input order', () => {
    const result = rankPlayers([
      { name: 'Ana', score: 70 },
      { name: 'Bo', score: 70 },
      { name: 'Cy', score: 90 },
      { name: 'Di', score: 90 },
    ]);
    expect(result.ranked.map((p) => p.name)).toEqual(['Cy', 'Di', 'Ana', 'Bo']);
    expect(result.tie).toBe(true);
    expect(result.winnerIndex).toBeNull();
  });

  it('is not a tie when only lower places are equal', () => {
    const result = rankPlayers([
      { score: 10 },
      { score: 10 },
      { score: 30 },
    ]);
    expect(result.tie).toBe(false);
    expect(result.winnerIndex).toBe(2);
  });

  it('handles a single player and an empty list', () => {
    expect(rankPlayers([{ score: 0 }])).toEqual({ ranked: [{ score: 0 }], winnerIndex: 0, tie: false });
    expect(rankPlayers([])).toEqual({ ranked: [], winnerIndex: null, tie: false });
  });
});
