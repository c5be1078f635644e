/**
 * UTC calendar dates of daily practice (issue #4: "Dates are UTC calendar dates (YYYY-MM-DD); the
 * season is the UTC month"). A date travels as its `YYYY-MM-DD` string everywhere: those strings
 * sort and compare in calendar order, and no time zone can shift them.
 */

/** A UTC calendar date, `YYYY-MM-DD`. */
export type DailyDate = string;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The UTC calendar date of an instant. @param ms - epoch milliseconds. */
export function utcDateOf(ms: number): DailyDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Epoch ms of 00:00:00 UTC on `date`. @throws RangeError when `date` is not a valid `YYYY-MM-DD`. */
export function startOfUtcDay(date: DailyDate): number {
  const parts = DATE_PATTERN.exec(date);
  if (!parts || !isCalendarDate(date)) throw new RangeError(`date must be a real YYYY-MM-DD date, got '${date}'`);
  return Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
}

/** True for a real calendar date written `YYYY-MM-DD` (years 2000–2999; "2026-02-30" is false). */
export function isCalendarDate(text: string): boolean {
  const parts = DATE_PATTERN.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < 2000 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** Days in a month. @param month - 1..12. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `date` moved by `days` (negative goes back). */
export function addDays(date: DailyDate, days: number): DailyDate {
  return utcDateOf(startOfUtcDay(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: DailyDate, to: DailyDate): number {
  return Math.round((startOfUtcDay(to) - startOfUtcDay(from)) / DAY_MS);
}

/** Result of checking a requested date against today (see `checkDailyDate`). */
export type DateCheck = { ok: true; date: DailyDate } | { ok: false; error: string };

/**
 * Checks a requested daily date (issue #4 "bad dates … future dates … get a clear 400"): it must be
 * a real `YYYY-MM-DD` calendar date and not after `today` (the server's UTC date).
 *
 * @returns `{ok:false, error}` with "date must be a UTC date written YYYY-MM-DD, got '…'" or
 *   "date 2026-01-09 is in the future (today is 2026-01-08 UTC)".
 */
export function checkDailyDate(text: string, today: DailyDate): DateCheck {
  if (!isCalendarDate(text)) return { ok: false, error: `date must be a UTC date written YYYY-MM-DD, got '${text.slice(0, 20)}'` };
  if (text > today) return { ok: false, error: `date ${text} is in the future (today is ${today} UTC)` };
  return { ok: true, date: text };
}

/** A season: one UTC calendar month (issue #4). */
export interface Season {
  year: number;
  /** 1..12. */
  month: number;
}

/** The season (UTC month) a date belongs to. */
export function seasonOf(date: DailyDate): Season {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/** First and last date of a season, inclusive. */
export function seasonRange(season: Season): { from: DailyDate; to: DailyDate } {
  const mm = String(season.month).padStart(2, '0');
  return {
    from: `${season.year}-${mm}-01`,
    to: `${season.year}-${mm}-${String(daysInMonth(season.year, season.month)).padStart(2, '0')}`,
  };
}

/**
 * Days to the next season as the spec's hub text counts them (spec §2, §9): 30 minus the UTC day
 * of month, never below 0.
 */
export function daysToNextSeasonText(today: DailyDate): number {
  return Math.max(0, 30 - Number(today.slice(8, 10)));
}
