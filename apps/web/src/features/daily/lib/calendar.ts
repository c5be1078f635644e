/**
 * The streak calendar matrix of /daily (spec §2 "Daily practice hub": the last 3 years selectable,
 * multi-select with all and clear, day kinds today / solved / missed / future / outside month, and a
 * day analysis panel of Solved / Missed / Out of Range). Pure: today's date comes in as an argument.
 *
 * Dates are UTC calendar dates 'YYYY-MM-DD' (issue #4). Weeks start on Monday (ISO 8601), and every
 * month is drawn as 6 weeks so the months of a year line up in the matrix.
 */

/**
 * How a day cell is drawn (spec §2), plus 'before': a day before the streak record starts (the day
 * the account was made, GET /api/daily/streak `from`), which was never there to be missed.
 */
export type DayKind = 'today' | 'solved' | 'missed' | 'future' | 'before' | 'outside';

export interface CalendarDay {
  /** 'YYYY-MM-DD' (UTC). */
  date: string;
  /** Day of month, 1–31. */
  day: number;
  kind: DayKind;
  /** Today, when it has a submission already: drawn as today with a solved mark. */
  solvedToday: boolean;
  /** Submissions that day (0 when none or unknown). */
  count: number;
}

export interface CalendarMonth {
  year: number;
  /** 0–11. */
  month: number;
  /** 6 rows of 7 days, Monday first; days of the neighbouring months are 'outside'. */
  weeks: CalendarDay[][];
}

/** What the server says of a day (GET /api/daily/streak `days`); only these fields are read. */
export interface StreakDayLike {
  date: string;
  solved: boolean;
  count?: number;
}

const DAY_MS = 86_400_000;
const WEEKS_PER_MONTH = 6;

/** 'YYYY-MM-DD' of a UTC instant (ms). */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function utcMs(year: number, month: number, day: number): number {
  return Date.UTC(year, month, day);
}

/**
 * The years the calendar offers (spec §9: the calendar shows 3 years): the current UTC year and the
 * ones before it, newest first.
 */
export function selectableYears(today: string, years = 3): number[] {
  const current = Number(today.slice(0, 4));
  return Array.from({ length: years }, (_, i) => current - i);
}

/** Indexes streak days by date; a day absent from the list counts as not solved. */
export function indexDays<T extends StreakDayLike>(days: readonly T[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const d of days) map.set(d.date, d);
  return map;
}

/**
 * The kind of an in-month day relative to today and to `from`, the first day the record covers
 * (string comparison works on 'YYYY-MM-DD'; undefined: no lower bound).
 */
export function dayKind(date: string, today: string, solved: boolean, from?: string): Exclude<DayKind, 'outside'> {
  if (date === today) return 'today';
  if (date > today) return 'future';
  if (solved) return 'solved';
  return from !== undefined && date < from ? 'before' : 'missed';
}

/** One month as 6 Monday-first weeks. `from`: the first day the record covers (see dayKind). */
export function buildMonth(year: number, month: number, today: string, days: ReadonlyMap<string, StreakDayLike>, from?: string): CalendarMonth {
  const first = utcMs(year, month, 1);
  // getUTCDay: 0 = Sunday; shift so Monday is column 0.
  const lead = (new Date(first).getUTCDay() + 6) % 7;
  const start = first - lead * DAY_MS;
  const weeks: CalendarDay[][] = [];
  for (let w = 0; w < WEEKS_PER_MONTH; w++) {
    const week: CalendarDay[] = [];
    for (let d = 0; d < 7; d++) {
      const ms = start + (w * 7 + d) * DAY_MS;
      const at = new Date(ms);
      const date = isoDate(ms);
      const inMonth = at.getUTCMonth() === month;
      const info = days.get(date);
      const solved = info?.solved === true;
      week.push({
        date,
        day: at.getUTCDate(),
        kind: inMonth ? dayKind(date, today, solved, from) : 'outside',
        solvedToday: inMonth && date === today && solved,
        count: info?.count ?? (solved ? 1 : 0),
      });
    }
    weeks.push(week);
  }
  return { year, month, weeks };
}

/** The 12 months of a year. */
export function buildYear(year: number, today: string, days: ReadonlyMap<string, StreakDayLike>, from?: string): CalendarMonth[] {
  return Array.from({ length: 12 }, (_, m) => buildMonth(year, m, today, days, from));
}

/** Every in-month date of a year, for 'All'. */
export function datesOfYear(year: number): string[] {
  const out: string[] = [];
  for (let ms = utcMs(year, 0, 1); ms < utcMs(year + 1, 0, 1); ms += DAY_MS) out.push(isoDate(ms));
  return out;
}

/** Adds the date to the selection, or removes it when present (multi-select by clicking). */
export function toggleDate(selected: ReadonlySet<string>, date: string): Set<string> {
  const next = new Set(selected);
  if (next.has(date)) next.delete(date);
  else next.add(date);
  return next;
}

export interface DayAnalysis {
  solved: number;
  missed: number;
  /**
   * Days the record cannot judge: future days, today while it has no submission yet (issue #4: it
   * does not break the streak until it is over), and days before the first day the server covers.
   */
  outOfRange: number;
  /** Submissions on the solved days. */
  submissions: number;
}

/**
 * Solved / Missed / Out of Range over the selected days (spec §2 day analysis panel).
 *
 * @param firstCovered - the earliest date the server's streak record covers ('YYYY-MM-DD'); days
 *   before it are out of range. Undefined: no lower bound.
 */
export function analyseDays(
  selected: Iterable<string>,
  today: string,
  days: ReadonlyMap<string, StreakDayLike>,
  firstCovered?: string,
): DayAnalysis {
  const result: DayAnalysis = { solved: 0, missed: 0, outOfRange: 0, submissions: 0 };
  for (const date of selected) {
    const info = days.get(date);
    if (info?.solved) {
      result.solved += 1;
      result.submissions += info.count ?? 1;
    } else if (date >= today || (firstCovered !== undefined && date < firstCovered)) {
      result.outOfRange += 1;
    } else {
      result.missed += 1;
    }
  }
  return result;
}

/** The date `days` days after `date` (negative: before), 'YYYY-MM-DD' in UTC. */
export function shiftDate(date: string, days: number): string {
  return isoDate(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
}

/**
 * The same day of the month `months` months after `date` (negative: before), clamped to the target
 * month's length: 31 March minus one month is 28 or 29 February.
 */
export function shiftMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const lastDay = new Date(utcMs(year, month + 1, 0)).getUTCDate();
  return isoDate(utcMs(year, month, Math.min(Number(date.slice(8, 10)), lastDay)));
}

/**
 * Where a key moves the calendar's focus from `date` (WAI-ARIA APG "Date picker dialog" grid
 * keys): arrows a day or a week, Home and End the start (Monday) and end (Sunday) of the week,
 * Page Up and Page Down a month, with Shift a year. Undefined for any other key.
 */
export function keyTarget(date: string, key: string, shiftKey = false): string | undefined {
  const weekday = (new Date(Date.parse(`${date}T00:00:00Z`)).getUTCDay() + 6) % 7;
  switch (key) {
    case 'ArrowLeft':
      return shiftDate(date, -1);
    case 'ArrowRight':
      return shiftDate(date, 1);
    case 'ArrowUp':
      return shiftDate(date, -7);
    case 'ArrowDown':
      return shiftDate(date, 7);
    case 'Home':
      return shiftDate(date, -weekday);
    case 'End':
      return shiftDate(date, 6 - weekday);
    case 'PageUp':
      return shiftMonths(date, shiftKey ? -12 : -1);
    case 'PageDown':
      return shiftMonths(date, shiftKey ? 12 : 1);
    default:
      return undefined;
  }
}

/** Whether a date lies in one of the selectable years (the calendar draws nothing else). */
export function inSelectableYears(date: string, years: readonly number[]): boolean {
  return years.includes(Number(date.slice(0, 4)));
}

/**
 * How much of a year the streak record covers, given `from`, its first day: 'none' when the whole
 * year is before it (the player had not joined yet), 'partial' when it starts during the year,
 * 'full' otherwise (also when `from` is unknown).
 */
export function yearCoverage(year: number, from: string | undefined): 'none' | 'partial' | 'full' {
  if (from === undefined) return 'full';
  if (from > `${year}-12-31`) return 'none';
  if (from > `${year}-01-01`) return 'partial';
  return 'full';
}

/** Solved and missed days of a month's grid (its own days only), for the month's heading on phones. */
export function monthTally(month: CalendarMonth): { solved: number; missed: number } {
  let solved = 0;
  let missed = 0;
  for (const d of month.weeks.flat()) {
    if (d.kind === 'solved' || d.solvedToday) solved += 1;
    else if (d.kind === 'missed') missed += 1;
  }
  return { solved, missed };
}

/** The first date the calendar covers: 1 January of the oldest selectable year. */
export function firstCoveredDate(today: string, years = 3): string {
  const oldest = selectableYears(today, years).at(-1) ?? Number(today.slice(0, 4));
  return `${oldest}-01-01`;
}

/** Month names for headings, in the reader's locale ('January'); the month is UTC. */
export function monthName(year: number, month: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(utcMs(year, month, 1));
}

/**
 * A formatter of 'YYYY-MM-DD' dates in UTC with `options`, one Intl.DateTimeFormat per locale (the
 * calendar labels ~370 day buttons on every render). A string that is not a date comes back as is.
 */
function utcDateFormatter(options: Intl.DateTimeFormatOptions): (date: string, locale?: string) => string {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (date, locale) => {
    const ms = Date.parse(`${date}T00:00:00Z`);
    if (!Number.isFinite(ms)) return date;
    const key = locale ?? '';
    let format = formats.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
      formats.set(key, format);
    }
    return format.format(ms);
  };
}

/** A date for screen readers ('Monday, 3 March 2025'), in UTC. */
export const longDate = utcDateFormatter({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** A date in running text ('10 March 2025'), in UTC. */
export const mediumDate = utcDateFormatter({ day: 'numeric', month: 'long', year: 'numeric' });

/** Monday-first weekday initials for the column headings. */
export const WEEKDAYS = [
  { short: 'M', long: 'Monday' },
  { short: 'T', long: 'Tuesday' },
  { short: 'W', long: 'Wednesday' },
  { short: 'T', long: 'Thursday' },
  { short: 'F', long: 'Friday' },
  { short: 'S', long: 'Saturday' },
  { short: 'S', long: 'Sunday' },
] as const;
