import { describe, expect, it } from 'vitest';
import { contestCronProblem, nextContestOpenTime } from './contest-schedule.js';

/** Wednesday 7 January 2026, 12:00 UTC (winter: Berlin is UTC+1). */
const WEDNESDAY_WINTER = Date.UTC(2026, 0, 7, 12, 0);
/** Wednesday 1 July 2026, 12:00 UTC (summer: Berlin is UTC+2). */
const WEDNESDAY_SUMMER = Date.UTC(2026, 6, 1, 12, 0);

describe('nextContestOpenTime', () => {
  it('gives the coming Friday 15:30 in UTC (spec §1)', () => {
    expect(nextContestOpenTime('30 15 * * 5', 'UTC', WEDNESDAY_WINTER).toISOString()).toBe('2026-01-09T15:30:00.000Z');
  });

  it('reads the expression in the configured time zone, daylight saving included', () => {
    expect(nextContestOpenTime('30 15 * * 5', 'Europe/Berlin', WEDNESDAY_WINTER).toISOString()).toBe('2026-01-09T14:30:00.000Z');
    expect(nextContestOpenTime('30 15 * * 5', 'Europe/Berlin', WEDNESDAY_SUMMER).toISOString()).toBe('2026-07-03T13:30:00.000Z');
  });

  it('is strictly after "now": at the very opening it gives the following week', () => {
    const opening = Date.UTC(2026, 0, 9, 15, 30);
    expect(nextContestOpenTime('30 15 * * 5', 'UTC', opening - 1).getTime()).toBe(opening);
    expect(nextContestOpenTime('30 15 * * 5', 'UTC', opening).toISOString()).toBe('2026-01-16T15:30:00.000Z');
  });
});

describe('contestCronProblem', () => {
  it('accepts 5-field expressions', () => {
    expect(contestCronProblem('30 15 * * 5')).toBeNull();
    expect(contestCronProblem('0 9 * * 1-5')).toBeNull();
  });

  it('explains what is wrong with the others', () => {
    expect(contestCronProblem('61 15 * * 5')).toMatch(/5-field cron expression.*got '61 15 \* \* 5'.*59/);
    expect(contestCronProblem('* * * * * *')).toMatch(/6 fields/);
    expect(contestCronProblem('friday')).toMatch(/1 fields/);
    expect(contestCronProblem('0 0 31 2 *')).toMatch(/^CONTEST_CRON must be/);
  });

  it('makes an invalid schedule fail nextContestOpenTime with the same message', () => {
    expect(() => nextContestOpenTime('nope nope * * *', 'UTC', 0)).toThrow(/CONTEST_CRON must be/);
  });
});
