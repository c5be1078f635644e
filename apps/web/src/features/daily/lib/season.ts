/**
 * The season leaderboard of /daily (spec §2 "Season leaderboard"): the month is the current UTC month
 * (spec §9; `seasonOf` in the shared domain); a top-3 podium, then ranks 4–10; the user's own row
 * when not among them; and text counting the days to the next season as 30 minus the day of month
 * (spec §2, §9). Pure: today's UTC date ('YYYY-MM-DD', from GET /api/daily/today) comes in.
 */
import { DAILY } from '@mathsprint/shared/constants';
import { counted } from '../../../lib/plural';

/**
 * 30 minus the UTC day of month (spec §9), never below 0: the spec's formula reads 0 on the 30th and
 * would read −1 on the 31st.
 */
export function daysToNextSeason(today: string): number {
  return Math.max(0, DAILY.seasonTextDays - Number(today.slice(8, 10)));
}

/** "12 days to next season", "1 day to next season", "Next season starts soon" at 0. */
export function nextSeasonText(today: string): string {
  const days = daysToNextSeason(today);
  if (days === 0) return 'Next season starts soon';
  return `${counted(days, 'day')} to next season`;
}

/** "November 2025": a season's name in the reader's locale. @param month - 1..12. */
export function seasonName(year: number, month: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1));
}

/** Splits the top 10 into the podium (ranks 1–3) and the table (ranks 4–10). */
export function splitBoard<T>(top: readonly T[]): { podium: T[]; rest: T[] } {
  return { podium: top.slice(0, 3), rest: top.slice(3, 10) };
}

/** Whether the user's own row must be shown under the table: they are not in the top 10. */
export function showOwnRow(top: readonly { _id: string }[], userId: string | null | undefined): boolean {
  if (!userId) return false;
  return !top.slice(0, 10).some((e) => e._id === userId);
}

/** The hub summary's line for the user's own season row: "148 season points · rank #1". */
export function seasonNote(me: { seasonPoints: number; rank: number | null } | undefined): string {
  if (!me) return '\u00a0';
  if (me.rank === null || me.seasonPoints === 0) return 'No season points yet';
  return `${me.seasonPoints} season points · rank #${me.rank}`;
}
