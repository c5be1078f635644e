import type { ContestAttempt } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import {
  EARLY_START_HOLD_MARGIN_MS,
  EARLY_START_HOLD_WINDOW_MS,
  EARLY_START_RETRIES,
  earlyStartHoldMs,
  retryEarlyStart,
  startErrorOutcome,
  startResponseOutcome,
} from './start-outcome';

const closeTime = '2026-11-27T15:40:00.000Z';
const close = Date.parse(closeTime);
const contestId: ContestAttempt['contestId'] = {
  _id: 'c1',
  title: 'Weekly Math Contest',
  openTime: '2026-11-27T15:30:00.000Z',
  closeTime,
  questionCount: 20,
};
const question = { questionIndex: 0, question: '1 + 1', points: 5, difficulty: 'easy', difficultyLevel: 1, topics: [] };

describe('startErrorOutcome (spec §2, §8; issue #3)', () => {
  it("shows 'Contest ∉ Available Set' for an unknown contest", () => {
    expect(startErrorOutcome(404, 'CONTEST_NOT_FOUND', 'Contest not found')).toEqual({ kind: 'unavailable' });
    expect(startErrorOutcome(400, 'INVALID_INPUT', 'contestId is required')).toEqual({ kind: 'unavailable' });
  });

  it('sends a closed contest to its results', () => {
    expect(startErrorOutcome(409, 'CONTEST_OVER', 'The contest is over')).toEqual({ kind: 'results' });
  });

  it('asks again when joined a moment before the server opens the contest, then gives up and goes home', () => {
    expect(retryEarlyStart(0, 'CONTEST_NOT_STARTED')).toBe(true);
    expect(retryEarlyStart(EARLY_START_RETRIES - 1, 'CONTEST_NOT_STARTED')).toBe(true);
    expect(retryEarlyStart(EARLY_START_RETRIES, 'CONTEST_NOT_STARTED')).toBe(false);
    expect(startErrorOutcome(409, 'CONTEST_NOT_STARTED', 'The contest has not started yet')).toEqual({ kind: 'home', message: 'The contest has not started yet' });
  });

  it('decides by the code: the sentence without its code is not asked again', () => {
    expect(retryEarlyStart(0, null)).toBe(false);
    expect(startErrorOutcome(409, null, 'The contest has not started yet')).toEqual({ kind: 'results' });
  });

  it('never asks again for any other failure', () => {
    expect(retryEarlyStart(0, 'CONTEST_OVER')).toBe(false);
    expect(retryEarlyStart(0, 'NOT_REGISTERED')).toBe(false);
    expect(retryEarlyStart(0, 'INTERNAL')).toBe(false);
    expect(retryEarlyStart(0, null)).toBe(false);
  });

  it("goes home with the server's message when not registered", () => {
    expect(startErrorOutcome(403, 'NOT_REGISTERED', 'Please register for the contest first')).toEqual({
      kind: 'home',
      message: 'Please register for the contest first',
    });
    expect(startErrorOutcome(403, 'NOT_REGISTERED', '')).toEqual({ kind: 'home', message: 'Please register for the contest first' });
  });

  it('asks an expired session to login again', () => {
    expect(startErrorOutcome(401, 'SESSION_EXPIRED', 'Invalid token')).toEqual({ kind: 'login', message: 'Please login to access the contest' });
  });

  it("goes home with 'Failed to load contest' on any other failure", () => {
    for (const status of [0, 500, 502, 429]) {
      expect(startErrorOutcome(status, null, 'boom')).toEqual({ kind: 'home', message: 'Failed to load contest' });
    }
  });
});

describe('startResponseOutcome', () => {
  it('takes a live contest with questions', () => {
    expect(startResponseOutcome({ attempt: { status: 'in-progress', contestId }, questions: [question] }, close - 60_000)).toEqual({ kind: 'take' });
  });

  it('is still live at the close instant itself (spec §4: inclusive)', () => {
    expect(startResponseOutcome({ attempt: { status: 'in-progress', contestId }, questions: [question] }, close).kind).toBe('take');
  });

  it("shows 'Contest ∉ Available Set' for a contest without questions", () => {
    expect(startResponseOutcome({ attempt: { status: 'in-progress', contestId }, questions: [] }, close - 1)).toEqual({ kind: 'unavailable' });
  });

  it('sends a submitted attempt or a closed contest to the results', () => {
    expect(startResponseOutcome({ attempt: { status: 'submitted', contestId }, questions: [question] }, close - 60_000).kind).toBe('results');
    expect(startResponseOutcome({ attempt: { status: 'in-progress', contestId }, questions: [question] }, close + 1).kind).toBe('results');
  });
});

describe('earlyStartHoldMs', () => {
  const open = Date.parse(contestId.openTime);

  it('holds the start until just after the opening when the page is opened seconds early', () => {
    expect(earlyStartHoldMs(open, open - 4_000)).toBe(4_000 + EARLY_START_HOLD_MARGIN_MS);
    expect(earlyStartHoldMs(open, open - EARLY_START_HOLD_WINDOW_MS)).toBe(EARLY_START_HOLD_WINDOW_MS + EARLY_START_HOLD_MARGIN_MS);
    expect(earlyStartHoldMs(open, open)).toBe(EARLY_START_HOLD_MARGIN_MS);
  });

  it('sends at once once open, when the opening is unknown, or when it is far off (the server says so)', () => {
    expect(earlyStartHoldMs(open, open + 1)).toBe(0);
    expect(earlyStartHoldMs(Number.NaN, open - 4_000)).toBe(0);
    expect(earlyStartHoldMs(open, open - EARLY_START_HOLD_WINDOW_MS - 1)).toBe(0);
  });
});
