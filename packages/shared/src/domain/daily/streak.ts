/**
 * Daily-practice streaks (issue #4 "Streak"): consecutive UTC days with at least one submission.
 * Today not yet solved does not break the streak until the day is over.
 */
import { addDays, type DailyDate } from './dates.js';

/** What the calendar needs of one solved day. */
export interface SolvedDay {
  date: DailyDate;
  /** Sections submitted that day (≥ 1). */
  count: number;
  /** Practice points earned that day. */
  practicePoints: number;
}

/** One day of the streak calendar (spec §3 "Streak data": date, solved, count, streakCount). */
export interface StreakDay {
  date: DailyDate;
  solved: boolean;
  /** Sections submitted that day. */
  count: number;
  /** Length of the run of solved days ending on this day; 0 when not solved. */
  streakCount: number;
  /** Practice points earned that day. */
  practicePoints: number;
}

/**
 * The current streak on `today`: the run of solved days ending today when today is solved, else the
 * run ending yesterday (today unsolved does not break it; a missed yesterday does).
 *
 * @param solved - the solved dates (any order, duplicates allowed).
 */
export function currentStreak(solved: Iterable<DailyDate>, today: DailyDate): number {
  const days = new Set(solved);
  let day = days.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (days.has(day)) {
    streak++;
    day = addDays(day, -1);
  }
  return streak;
}

/** The longest run of consecutive solved days in `solved`. */
export function longestStreak(solved: Iterable<DailyDate>): number {
  const sorted = [...new Set(solved)].sort();
  let best = 0;
  let run = 0;
  let previous: DailyDate | undefined;
  for (const day of sorted) {
    run = previous !== undefined && addDays(previous, 1) === day ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  return best;
}

/**
 * The solved days from `from` to `to` inclusive, in date order, each with its `streakCount` (the
 * run ending that day). Unsolved days are left out: the calendar treats an absent date as not
 * solved, and three years of mostly empty days would be ~90 KB per response instead of ~1 KB.
 * Runs that began before `from` are counted in full when `solved` includes their earlier days.
 *
 * @param solved - solved days in any order, at most one entry per date.
 */
export function streakDays(solved: readonly SolvedDay[], from: DailyDate, to: DailyDate): StreakDay[] {
  const sorted = [...solved].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const days: StreakDay[] = [];
  let run = 0;
  let previous: DailyDate | undefined;
  for (const day of sorted) {
    run = previous !== undefined && addDays(previous, 1) === day.date ? run + 1 : 1;
    previous = day.date;
    if (day.date >= from && day.date <= to) {
      days.push({ date: day.date, solved: true, count: day.count, streakCount: run, practicePoints: day.practicePoints });
    }
  }
  return days;
}
