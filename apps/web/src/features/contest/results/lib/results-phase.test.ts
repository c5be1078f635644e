import type { ContestAttempt } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import { attemptFromNavState } from './attempt-nav';
import { FINALIZATION_POLL_MS, isClosed, pickAttempt, pollDelayMs, resultsPhase } from './results-phase';

const close = Date.parse('2026-11-27T15:40:00Z');
const before = close - 60_000;
const after = close + 1;

function attempt(over: Partial<ContestAttempt> = {}): ContestAttempt {
  return {
    _id: 'a1',
    contestId: { _id: 'c1', title: 'Weekly Math Contest', openTime: '2026-11-27T15:30:00Z', closeTime: '2026-11-27T15:40:00Z', questionCount: 20 },
    userId: 'u1',
    status: 'submitted',
    startedAt: '2026-11-27T15:30:02Z',
    submittedAt: '2026-11-27T15:36:40Z',
    autoSubmitted: false,
    totalScore: 60,
    correctCount: 12,
    wrongCount: 3,
    answeredCount: 15,
    totalTimeSpent: 398,
    rank: null,
    percentile: null,
    badges: [],
    ratingChange: null,
    answers: [],
    ...over,
  };
}

describe('isClosed (spec §4: live up to closeTime inclusive)', () => {
  it('is closed only after closeTime, or once the leaderboard is final', () => {
    expect(isClosed(close, close, false)).toBe(false);
    expect(isClosed(close, after, false)).toBe(true);
    expect(isClosed(Number.NaN, after, false)).toBe(false);
    expect(isClosed(Number.NaN, before, true)).toBe(true);
  });
});

describe('resultsPhase (spec §2; issue #3)', () => {
  it('shows everything once the attempt is ranked', () => {
    expect(resultsPhase({ attempt: attempt({ rank: 3, percentile: 90 }), closeMs: close, nowMs: after, leaderboardFinal: true })).toBe('final');
  });

  it('shows the own score and a note before close', () => {
    expect(resultsPhase({ attempt: attempt(), closeMs: close, nowMs: before, leaderboardFinal: false })).toBe('pending');
    expect(resultsPhase({ attempt: attempt(), closeMs: close, nowMs: close, leaderboardFinal: false })).toBe('pending');
  });

  it('offers to return to an attempt not submitted while the contest runs', () => {
    expect(resultsPhase({ attempt: attempt({ status: 'in-progress' }), closeMs: close, nowMs: before, leaderboardFinal: false })).toBe('open');
  });

  it('waits for finalization after close', () => {
    expect(resultsPhase({ attempt: attempt(), closeMs: close, nowMs: after, leaderboardFinal: false })).toBe('finalizing');
    expect(resultsPhase({ attempt: attempt({ status: 'in-progress' }), closeMs: close, nowMs: after, leaderboardFinal: false })).toBe('finalizing');
  });

  it('keeps waiting when the leaderboard is final but the attempt read before it is not ranked yet', () => {
    expect(resultsPhase({ attempt: attempt(), closeMs: close, nowMs: after, leaderboardFinal: true })).toBe('finalizing');
    expect(resultsPhase({ attempt: attempt({ status: 'in-progress' }), closeMs: close, nowMs: after, leaderboardFinal: true })).toBe('finalizing');
    expect(pollDelayMs(resultsPhase({ attempt: attempt(), closeMs: close, nowMs: after, leaderboardFinal: true }), true)).toBe(5_000);
  });

  it('shows a user who did not take part the leaderboard and statistics of a closed contest', () => {
    expect(resultsPhase({ attempt: null, closeMs: close, nowMs: after, leaderboardFinal: true })).toBe('spectator');
    expect(resultsPhase({ attempt: null, closeMs: Number.NaN, nowMs: after, leaderboardFinal: true })).toBe('spectator');
    expect(resultsPhase({ attempt: attempt({ status: 'registered' }), closeMs: close, nowMs: after, leaderboardFinal: true })).toBe('spectator');
  });

  it("shows 'Attempt ∉ Database' without an attempt before close or when nothing is known", () => {
    expect(resultsPhase({ attempt: null, closeMs: close, nowMs: before, leaderboardFinal: false })).toBe('missing');
    expect(resultsPhase({ attempt: null, closeMs: Number.NaN, nowMs: after, leaderboardFinal: false })).toBe('missing');
  });
});

describe('pollDelayMs', () => {
  it('polls about every 5 s only while the final standings are awaited', () => {
    expect(FINALIZATION_POLL_MS).toBe(5_000);
    expect(pollDelayMs('finalizing', false)).toBe(5_000);
    expect(pollDelayMs('spectator', false)).toBe(5_000);
    expect(pollDelayMs('spectator', true)).toBe(false);
    expect(pollDelayMs('final', true)).toBe(false);
    expect(pollDelayMs('pending', false)).toBe(false);
    expect(pollDelayMs('missing', false)).toBe(false);
  });
});

describe('pickAttempt (spec §4: navigation state, else history matching contestId._id)', () => {
  const nav = attempt();
  it('uses the navigation state when history does not have it yet', () => {
    expect(pickAttempt(nav, [], 'c1')).toBe(nav);
    expect(pickAttempt(nav, undefined, 'c1')).toBe(nav);
  });

  it('finds the attempt in history by contestId._id', () => {
    const other = attempt({ _id: 'a0', contestId: { ...nav.contestId, _id: 'c0' } });
    const mine = attempt({ _id: 'a2' });
    expect(pickAttempt(null, [other, mine], 'c1')).toBe(mine);
    expect(pickAttempt(null, [other], 'c1')).toBeNull();
  });

  it("prefers history's copy once it is ranked or as far along", () => {
    const ranked = attempt({ rank: 2, percentile: 95 });
    expect(pickAttempt(nav, [ranked], 'c1')).toBe(ranked);
    const stored = attempt();
    expect(pickAttempt(nav, [stored], 'c1')).toBe(stored);
    const behind = attempt({ status: 'in-progress' });
    expect(pickAttempt(nav, [behind], 'c1')).toBe(nav);
  });

  it("ignores a navigation attempt of another contest", () => {
    expect(pickAttempt(nav, [], 'c9')).toBeNull();
  });
});

describe('attemptFromNavState', () => {
  it('reads a well-formed {attempt}', () => {
    expect(attemptFromNavState({ attempt: nav() })).toEqual(nav());
  });

  it('ignores anything else', () => {
    expect(attemptFromNavState(null)).toBeNull();
    expect(attemptFromNavState({ attempt: { _id: 'x' } })).toBeNull();
    expect(attemptFromNavState({ players: [] })).toBeNull();
  });

  function nav() {
    return attempt({ answers: [{ questionIndex: 0, userAnswer: 4, timeSpent: 3, correctAnswer: null, isCorrect: null, points: null, explanation: null, question: null, difficulty: null, topics: [] }] });
  }
});
