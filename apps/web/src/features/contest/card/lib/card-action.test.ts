import type { ContestView } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import { cardAction, CONTEST_MESSAGES, isRegistered, joinBlockedReason, registerBlockedReason, statsSource } from './card-action';

function contestView(over: Partial<ContestView> & Pick<ContestView, '_id' | 'openTime' | 'closeTime'>): ContestView {
  return {
    title: 'Weekly Math Contest',
    durationMinutes: 10,
    questionCount: 20,
    registeredUsers: [],
    registeredCount: 0,
    registered: false,
    status: 'upcoming',
    stage: 'upcoming',
    serverTime: over.openTime,
    ...over,
  };
}

describe('cardAction (spec §4 Contest card actions)', () => {
  it.each([
    ['upcoming', false, 'register'],
    ['upcoming', true, 'registered'],
    ['live', true, 'join'],
    ['live', false, 'not-registered'],
    ['completed', true, 'view-results'],
    ['completed', false, 'view-results'],
  ] as const)('%s, registered=%s → %s', (status, registered, action) => {
    expect(cardAction(status, registered)).toBe(action);
  });
});

describe('isRegistered (spec §4 Registration)', () => {
  it("is derived from the user's id among registeredUsers", () => {
    expect(isRegistered({ registered: false, registeredUsers: ['a', 'b'] }, 'b')).toBe(true);
    expect(isRegistered({ registered: false, registeredUsers: ['a', 'b'] }, 'c')).toBe(false);
    expect(isRegistered({ registered: false, registeredUsers: ['a'] }, null)).toBe(false);
  });

  it("honours the server's flag for the caller", () => {
    expect(isRegistered({ registered: true, registeredUsers: [] }, 'x')).toBe(true);
  });
});

describe('registerBlockedReason / joinBlockedReason (spec §5, §6)', () => {
  it('lets a signed-in account register and a registered one join', () => {
    expect(registerBlockedReason({ hasToken: true, isGuest: false })).toBeNull();
    expect(joinBlockedReason({ hasToken: true, isGuest: false }, true)).toBeNull();
  });

  it('asks a signed-out user or a guest to login', () => {
    expect(registerBlockedReason({ hasToken: false, isGuest: false })).toBe('Please login to register for the contest');
    expect(registerBlockedReason({ hasToken: true, isGuest: true })).toBe('Please login to register for the contest');
    expect(joinBlockedReason({ hasToken: false, isGuest: false }, true)).toBe('Please login to join the contest');
    expect(joinBlockedReason({ hasToken: true, isGuest: true }, false)).toBe('Please login to join the contest');
  });

  it('asks a signed-in but unregistered user to register first', () => {
    expect(joinBlockedReason({ hasToken: true, isGuest: false }, false)).toBe(CONTEST_MESSAGES.registerFirst);
    expect(CONTEST_MESSAGES.registerFirst).toBe('Please register for the contest first');
  });
});

describe('statsSource (spec §2 top-5 leaderboard and stats)', () => {
  const next = contestView({ _id: 'n', openTime: '2026-11-27T15:30:00Z', closeTime: '2026-11-27T15:40:00Z' });
  const last = contestView({ _id: 'l', title: 'Last week', openTime: '2026-11-20T15:30:00Z', closeTime: '2026-11-20T15:40:00Z' });
  const open = Date.parse(next.openTime);

  it("shows the card's own contest once it is live, not yet closed", () => {
    expect(statsSource(next, last, open)).toEqual({ contestId: 'n', title: 'Weekly Math Contest', kind: 'this', closed: false });
  });

  it("shows the card's own contest, closed, once completed", () => {
    expect(statsSource(next, last, Date.parse(next.closeTime) + 1)).toMatchObject({ contestId: 'n', kind: 'this', closed: true });
  });

  it('shows the last finished contest while the card is upcoming', () => {
    expect(statsSource(next, last, open - 1)).toEqual({ contestId: 'l', title: 'Last week', kind: 'last', closed: true });
  });

  it('has nothing to show while upcoming without a finished contest', () => {
    expect(statsSource(next, null, open - 1)).toBeNull();
    expect(statsSource(next, next, open - 1)).toBeNull();
    // /contest/current returned a contest that has not closed yet on our clock: not "last" yet.
    const stillLive = contestView({ _id: 'x', openTime: '2026-11-27T15:00:00Z', closeTime: '2026-11-27T15:35:00Z' });
    expect(statsSource(next, stillLive, open - 1)).toBeNull();
  });
});
