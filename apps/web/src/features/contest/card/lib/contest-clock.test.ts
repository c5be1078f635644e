import { describe, expect, it } from 'vitest';
import { clockOffsetMs, contestStatusAt, countdownText, DURATION, formatCountdown, nextTickDelayMs, statusLabel } from './contest-clock';

const { SECOND, MINUTE, HOUR, DAY } = DURATION;
const open = Date.parse('2026-11-27T15:30:00Z');
const close = Date.parse('2026-11-27T15:40:00Z');
const contest = { openTime: '2026-11-27T15:30:00.000Z', closeTime: '2026-11-27T15:40:00.000Z' };

describe('contestStatusAt (spec §4 Contest status)', () => {
  it('is upcoming before openTime, even 1 ms before', () => {
    expect(contestStatusAt(contest, open - DAY)).toBe('upcoming');
    expect(contestStatusAt(contest, open - 1)).toBe('upcoming');
  });

  it('is live from openTime to closeTime inclusive', () => {
    expect(contestStatusAt(contest, open)).toBe('live');
    expect(contestStatusAt(contest, open + 5 * MINUTE)).toBe('live');
    expect(contestStatusAt(contest, close)).toBe('live');
  });

  it('is completed after closeTime', () => {
    expect(contestStatusAt(contest, close + 1)).toBe('completed');
    expect(contestStatusAt(contest, close + DAY)).toBe('completed');
  });

  it('labels each status with the spec wording', () => {
    expect(statusLabel('upcoming')).toBe('Upcoming');
    expect(statusLabel('live')).toBe('Live Now!');
    expect(statusLabel('completed')).toBe('Completed');
  });
});

describe('formatCountdown (spec §4 Countdown forms)', () => {
  it('shows days/hours/minutes when a day or more is left', () => {
    expect(formatCountdown(2 * DAY + 5 * HOUR + 30 * MINUTE + 12 * SECOND)).toBe('2d 5h 30m');
    expect(formatCountdown(DAY)).toBe('1d 0h 0m');
  });

  it('shows hours/minutes/seconds under a day', () => {
    expect(formatCountdown(DAY - SECOND)).toBe('23h 59m 59s');
    expect(formatCountdown(5 * HOUR + 3 * MINUTE + 9 * SECOND)).toBe('5h 03m 09s');
  });

  it('shows minutes/seconds under an hour', () => {
    expect(formatCountdown(HOUR - SECOND)).toBe('59m 59s');
    expect(formatCountdown(4 * MINUTE + 9 * SECOND)).toBe('4m 09s');
    expect(formatCountdown(MINUTE)).toBe('1m 00s');
  });

  it('shows seconds alone under a minute', () => {
    expect(formatCountdown(59 * SECOND)).toBe('59s');
    expect(formatCountdown(9 * SECOND)).toBe('9s');
  });

  it('rounds partial seconds up, and never goes below 0s', () => {
    expect(formatCountdown(1)).toBe('1s');
    expect(formatCountdown(59 * SECOND + 1)).toBe('1m 00s');
    expect(formatCountdown(0)).toBe('0s');
    expect(formatCountdown(-5 * SECOND)).toBe('0s');
    expect(formatCountdown(Number.NaN)).toBe('0s');
  });
});

describe('countdownText (spec §4)', () => {
  it('counts down to openTime before the contest', () => {
    expect(countdownText(contest, open - (3 * DAY + 2 * HOUR + 7 * MINUTE))).toBe('3d 2h 7m');
    expect(countdownText(contest, open - 42 * SECOND)).toBe('42s');
  });

  it("reads 'Ends in ...' during the contest, counting to closeTime", () => {
    expect(countdownText(contest, open)).toBe('Ends in 10m 00s');
    expect(countdownText(contest, close - 9 * SECOND)).toBe('Ends in 9s');
    expect(countdownText(contest, close)).toBe('Ends in 0s');
  });

  it("reads 'Contest ended' after it", () => {
    expect(countdownText(contest, close + 1)).toBe('Contest ended');
  });
});

describe('clockOffsetMs', () => {
  it('is server minus client time', () => {
    expect(clockOffsetMs('2026-11-27T15:30:00.000Z', open - 2_500)).toBe(2_500);
    expect(clockOffsetMs('2026-11-27T15:30:00.000Z', open + 1_000)).toBe(-1_000);
  });

  it('trusts the client clock when serverTime is missing or bad', () => {
    expect(clockOffsetMs(undefined, open)).toBe(0);
    expect(clockOffsetMs('not a date', open)).toBe(0);
    expect(clockOffsetMs('2026-11-27T15:30:00.000Z', 0)).toBe(0);
  });
});

describe('nextTickDelayMs', () => {
  it('waits until just after the next whole second', () => {
    expect(nextTickDelayMs(open)).toBe(1_005);
    expect(nextTickDelayMs(open + 250)).toBe(755);
    expect(nextTickDelayMs(open + 999, [], 0)).toBe(1);
  });

  it('lands a 1 s tick within the margin after openTime', () => {
    const before = open - 400;
    expect(before + nextTickDelayMs(before)).toBe(open + 5);
    expect(contestStatusAt(contest, before + nextTickDelayMs(before))).toBe('live');
  });

  it('ticks early for a boundary that is not on a whole second', () => {
    const odd = open + 300; // an openTime 300 ms into a second
    expect(nextTickDelayMs(open + 100, [odd])).toBe(205);
    // A boundary further away than the next second does not delay the regular tick.
    expect(nextTickDelayMs(open + 100, [open + 5_000])).toBe(905);
    // Past boundaries are ignored; the instant itself still gets a tick just after it.
    expect(nextTickDelayMs(open + 100, [open])).toBe(905);
    expect(nextTickDelayMs(close, [close])).toBe(5);
  });
});
