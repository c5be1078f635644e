import { describe, expect, it } from 'vitest';
import { cardContestId, RESULTS_HOLD_MS, type CardCandidate } from './contest-card.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FRIDAY = Date.UTC(2026, 0, 9, 15, 30);

const contest = (id: string, openMs: number, minutes = 10): CardCandidate => ({ id, openMs, closeMs: openMs + minutes * 60_000 });
const closed = contest('closed', FRIDAY);
const nextWeek = contest('next-week', FRIDAY + 7 * DAY);

describe('cardContestId (the contest of the home card)', () => {
  it('keeps a weekly contest on the card for 24 h after its close, then moves to the next one', () => {
    expect(RESULTS_HOLD_MS).toBe(DAY);
    expect(cardContestId(nextWeek, closed, closed.closeMs + 1)).toBe('closed');
    expect(cardContestId(nextWeek, closed, closed.closeMs + DAY - 1)).toBe('closed');
    expect(cardContestId(nextWeek, closed, closed.closeMs + DAY)).toBe('next-week');
  });

  it('holds a closed contest for at most half the gap to the next opening, leaving the rest for registration', () => {
    const soon = contest('soon', closed.closeMs + 2 * HOUR);
    expect(cardContestId(soon, closed, closed.closeMs + HOUR - 1)).toBe('closed');
    expect(cardContestId(soon, closed, closed.closeMs + HOUR)).toBe('soon');
  });

  it('shows a live contest even when another closed moments ago', () => {
    const live = contest('live', closed.closeMs);
    expect(cardContestId(live, closed, closed.closeMs + 1)).toBe('live');
  });

  it('answers the one candidate there is, or null', () => {
    expect(cardContestId(nextWeek, null, FRIDAY)).toBe('next-week');
    expect(cardContestId(null, closed, closed.closeMs + 1)).toBe('closed');
    expect(cardContestId(null, closed, closed.closeMs + DAY)).toBeNull();
    expect(cardContestId(null, null, FRIDAY)).toBeNull();
  });
});
