/**
 * The line the home dashboard's daily card says about the player's streak: a reminder to keep it
 * while today is unsolved, a well-done once it is safe. Streak rule (lib streak.ts, issue #4):
 * consecutive UTC days with a submission; today unsolved does not break it until the day is over.
 * Pure.
 */
import type { DailyStreakResponse } from '@mathsprint/shared/protocol';
import { counted } from '../../../lib/plural';

/** 'safe': today is solved; 'at-risk': a streak ends at midnight UTC unless a set is solved; 'start': no streak. */
export type StreakNudgeTone = 'safe' | 'at-risk' | 'start';

export interface StreakNudge {
  tone: StreakNudgeTone;
  text: string;
}

/**
 * @param streak - GET /api/daily/streak: `currentStreak` in days, `to` is today (UTC), `days` the
 *   solved days.
 */
export function streakNudge(streak: Pick<DailyStreakResponse, 'currentStreak' | 'to' | 'days'>): StreakNudge {
  const solvedToday = streak.days.some((d) => d.date === streak.to && d.solved);
  const days = Math.max(0, Math.floor(streak.currentStreak));
  if (solvedToday) return { tone: 'safe', text: `Streak safe for today: ${counted(days, 'day')}. See you tomorrow!` };
  if (days > 0) return { tone: 'at-risk', text: `Solve a set today to keep your ${days}-day streak.` };
  return { tone: 'start', text: 'Solve a set today to start a streak.' };
}
