import { describe, expect, it } from 'vitest';
import { finishedDuelSchema, type FinishedDuel, type FinishedDuelPlayer } from '../duel/duel.service.js';
import { duelOutcome } from './finished-game.js';

const player = (seat: number, score: number, over: Partial<FinishedDuelPlayer> = {}): FinishedDuelPlayer => ({
  seat,
  userId: `u${seat}`,
  name: `P${seat}`,
  isGuest: false,
  score,
  solved: score / 10,
  ...over,
});
const game = (players: FinishedDuelPlayer[]): FinishedDuel => ({
  gameId: 'g1',
  roomCode: 'ABCDEF',
  mode: 1,
  startedAt: 0,
  endedAt: 60_000,
  players,
});

describe('duelOutcome', () => {
  it('gives the win to the higher score, from either seat', () => {
    expect(duelOutcome(game([player(0, 50), player(1, 20)]))).toMatchObject({ tie: false, rated: true, scoreA: 1 });
    const o = duelOutcome(game([player(0, 20), player(1, 50)]));
    expect(o).toMatchObject({ tie: false, rated: true, scoreA: 0 });
    expect(o.winner?.seat).toBe(1);
  });

  it('makes equal scores a draw with no winner', () => {
    expect(duelOutcome(game([player(0, 40), player(1, 40)]))).toEqual({ tie: true, winner: null, rated: true, scoreA: 0.5 });
  });

  it('rates only two distinct signed-in non-guests', () => {
    expect(duelOutcome(game([player(0, 1), player(1, 0, { isGuest: true })])).rated).toBe(false);
    expect(duelOutcome(game([player(0, 1), player(1, 0, { userId: null })])).rated).toBe(false);
    expect(duelOutcome(game([player(0, 1), player(1, 0, { userId: 'u0' })])).rated).toBe(false);
    expect(duelOutcome(game([player(0, 1)])).rated).toBe(false);
    expect(duelOutcome(game([player(0, 1)])).winner?.seat).toBe(0);
  });
});

describe('finishedDuelSchema', () => {
  it('accepts a well-formed record and refuses malformed ones', () => {
    expect(finishedDuelSchema.safeParse(game([player(0, 10), player(1, 0)])).success).toBe(true);
    expect(finishedDuelSchema.safeParse(game([])).success).toBe(false);
    expect(finishedDuelSchema.safeParse(game([player(0, 1.5)])).success).toBe(false);
    expect(finishedDuelSchema.safeParse(game([player(0, -10)])).success).toBe(false);
    expect(finishedDuelSchema.safeParse(game([player(0, 10), player(0, 0)])).success).toBe(false);
    expect(finishedDuelSchema.safeParse({ ...game([player(0, 1)]), gameId: '' }).success).toBe(false);
  });
});
