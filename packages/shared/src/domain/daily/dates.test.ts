import { describe, expect, it } from 'vitest';
import { addDays, checkDailyDate, daysBetween, daysToNextSeasonText, isCalendarDate, seasonOf, seasonRange, startOfUtcDay, utcDateOf } from './dates.js';

describe('UTC dates (issue #4)', () => {
  it('takes the UTC date of an instant, whatever the local zone', () => {
    expect(utcDateOf(Date.UTC(2026, 0, 31, 23, 59, 59, 999))).toBe('2026-01-31');
    expect(utcDateOf(Date.UTC(2026, 1, 1, 0, 0, 0, 0))).toBe('2026-02-01');
    expect(startOfUtcDay('2026-02-01')).toBe(Date.UTC(2026, 1, 1));
  });

  it('accepts only real YYYY-MM-DD calendar dates', () => {
    expect(isCalendarDate('2026-01-05')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-5', '20260105', '2026-01-05T00:00:00Z', '', 'yesterday', '1999-12-31']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });

  it('refuses future dates with a message naming today', () => {
    expect(checkDailyDate('2026-01-05', '2026-01-05')).toEqual({ ok: true, date: '2026-01-05' });
    expect(checkDailyDate('2025-12-31', '2026-01-05')).toEqual({ ok: true, date: '2025-12-31' });
    expect(checkDailyDate('2026-01-06', '2026-01-05')).toEqual({ ok: false, error: 'date 2026-01-06 is in the future (today is 2026-01-05 UTC)' });
    expect(checkDailyDate('2026-02-30', '2026-03-05')).toEqual({ ok: false, error: "date must be a UTC date written YYYY-MM-DD, got '2026-02-30'" });
  });

  it('moves across month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(daysBetween('2025-12-30', '2026-01-02')).toBe(3);
  });

  it('maps dates to seasons (UTC months) and their ranges', () => {
    expect(seasonOf('2026-02-14')).toEqual({ year: 2026, month: 2 });
    expect(seasonRange({ year: 2024, month: 2 })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(seasonRange({ year: 2026, month: 12 })).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it("counts the spec's days to the next season as 30 minus the day, never negative", () => {
    expect(daysToNextSeasonText('2026-01-01')).toBe(29);
    expect(daysToNextSeasonText('2026-01-31')).toBe(0);
  });
});
