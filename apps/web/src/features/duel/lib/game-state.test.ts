import { describe, expect, it } from 'vitest';
import { gameNavSchema, parseNavState, resultsNavSchema, savedGameSchema, waitingNavSchema } from './game-state';

describe('navigation state parsing', () => {
  it('accepts the waiting-room state the home screen sends', () => {
    const state = parseNavState(waitingNavSchema, {
      roomCode: 'ABC234',
      players: [{ name: 'Ada', userId: 'u1', score: 0, current: 0 }],
      name: 'Ada',
      isHost: true,
    });
    expect(state).toMatchObject({ roomCode: 'ABC234', isHost: true, name: 'Ada' });
    expect(state?.players).toHaveLength(1);
  });

  it('is null for a missing or foreign state (a refresh, an old history entry)', () => {
    expect(parseNavState(waitingNavSchema, null)).toBeNull();
    expect(parseNavState(gameNavSchema, { roomCode: 'ABC234' })).toBeNull();
    expect(parseNavState(gameNavSchema, { idx: 3 })).toBeNull();
  });

  it('fills defaults for optional parts', () => {
    expect(parseNavState(gameNavSchema, { roomCode: 'X', questions: ['1 + 1'] })).toEqual({
      roomCode: 'X',
      players: [],
      questions: ['1 + 1'],
      mode: 1,
    });
    expect(parseNavState(resultsNavSchema, {})).toEqual({ players: [], score: 0 });
  });

  it('repairs malformed player fields instead of crashing a screen', () => {
    const state = parseNavState(resultsNavSchema, { players: [{ name: 'Ada', score: 'x', current: null }], score: 5 });
    expect(state?.players).toEqual([{ name: 'Ada', score: 0, current: 0 }]);
  });

  it("keeps a single-player run's mode for Play again, and drops a malformed one", () => {
    expect(parseNavState(resultsNavSchema, { players: [{ name: 'You', score: 3, current: 1 }], score: 3, mode: 2 })?.mode).toBe(2);
    const bad = parseNavState(resultsNavSchema, { players: [], score: 3, mode: 'long' });
    expect(bad).not.toBeNull();
    expect(bad?.mode).toBeUndefined();
  });
});

describe('savedGameSchema', () => {
  it('needs a room code', () => {
    expect(savedGameSchema.safeParse({ players: [] }).success).toBe(false);
    expect(savedGameSchema.parse({ roomCode: 'ABC234' })).toEqual({ roomCode: 'ABC234', players: [], questions: [], mode: 1 });
  });
});
