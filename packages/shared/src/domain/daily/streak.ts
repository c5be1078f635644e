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
 * Every day from `from` to `to` inclusive, in date order, with its solved state and `streakCount`
 * (the run ending that day). Runs that began before `from` are counted in full when `solved`
 * includes their earlier days.
 *
 * @throws RangeError when `from` is after `to`.
 */
export function streakDays(solved: readonly SolvedDay[], from: DailyDate, to: DailyDate): StreakDay[] {
  if (from > to) throw new RangeError(`from ${from} is after to ${to}`);
  const byDate = new Map(solved.map((d) => [d.date, d]));
  // The run length the day before `from`.
  let run = 0;
  for (let day = addDays(from, -1); byDate.has(day); day = addDays(day, -1)) run++;
  const days: StreakDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const hit = byDate.get(day);
    run = hit ? run + 1 : 0;
    days.push({ date: day, solved: hit !== undefined, count: hit?.count ?? 0, streakCount: run, practicePoints: hit?.practicePoints ?? 0 });
  }
  return days;
}
