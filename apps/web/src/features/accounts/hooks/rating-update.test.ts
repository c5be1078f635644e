import type { PublicUser } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import { applyRatingUpdate, parseRatingUpdate } from './rating-update';

const ada: PublicUser = { _id: 'u1', name: 'Ada', email: 'ada@example.com', rating: 1500, rd: 350, isGuest: false };

describe('applyRatingUpdate (spec §4 "Live rating update")', () => {
  it('replaces rating and rd when matched by _id', () => {
    const next = applyRatingUpdate(ada, [
      { _id: 'u2', name: 'Ada', rating: 1400, rd: 300 },
      { _id: 'u1', name: 'Someone else', rating: 1662.3, rd: 290.2 },
    ]);
    expect(next).toEqual({ ...ada, rating: 1662.3, rd: 290.2 });
  });

  it('matches by name only when the entry has no _id', () => {
    expect(applyRatingUpdate(ada, [{ name: 'Ada', rating: 1600, rd: 200 }])).toMatchObject({ rating: 1600, rd: 200 });
    // An entry with another _id but the same name is someone else.
    expect(applyRatingUpdate(ada, [{ _id: 'u9', name: 'Ada', rating: 1600, rd: 200 }])).toBeNull();
  });

  it('returns null when the user is absent or nothing changed', () => {
    expect(applyRatingUpdate(ada, [])).toBeNull();
    expect(applyRatingUpdate(ada, [{ _id: 'u1', name: 'Ada', rating: 1500, rd: 350 }])).toBeNull();
  });
});

describe('parseRatingUpdate', () => {
  it('keeps well-formed entries of a bare array', () => {
    expect(
      parseRatingUpdate([
        { _id: 'u1', name: 'Ada', rating: 1510, rd: 300 },
        { name: 'Bob', rating: 'high', rd: 1 },
        null,
        { name: 'Cy', rating: 1490, rd: 310 },
      ]),
    ).toEqual([
      { _id: 'u1', name: 'Ada', rating: 1510, rd: 300 },
      { name: 'Cy', rating: 1490, rd: 310 },
    ]);
  });

  it('turns anything that is not an array into an empty list', () => {
    expect(parseRatingUpdate({ players: [] })).toEqual([]);
    expect(parseRatingUpdate(undefined)).toEqual([]);
  });
});
