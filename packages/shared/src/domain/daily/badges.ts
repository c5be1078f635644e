/**
 * Daily-practice badges (issue #4 "Badges"): awarded on submit, each at most once per user.
 */

/** Badge codes in display order. */
export const DAILY_BADGES = ['daily-first-solve', 'daily-perfect', 'streak-3', 'streak-7', 'streak-30'] as const;
export type DailyBadge = (typeof DAILY_BADGES)[number];

/** Display names for the badge toast (the spec does not give them; these are ours). */
export const DAILY_BADGE_NAMES: Record<DailyBadge, string> = {
  'daily-first-solve': 'First Solve',
  'daily-perfect': 'Perfect Set',
  'streak-3': '3-Day Streak',
  'streak-7': '7-Day Streak',
  'streak-30': '30-Day Streak',
};

/** Streak milestones and their badges. */
const STREAK_BADGES: ReadonlyArray<readonly [number, DailyBadge]> = [
  [3, 'streak-3'],
  [7, 'streak-7'],
  [30, 'streak-30'],
];

/** What a submission tells the badge rules. */
export interface BadgeFacts {
  /** True for the user's first daily submission ever. */
  firstSubmission: boolean;
  /** True when every answer of the submitted section is correct. */
  perfect: boolean;
  /** The streak including this submission's day (`currentStreak` after it). */
  streak: number;
  /** Badges the user already holds. */
  held: ReadonlySet<string>;
}

/**
 * Badges a submission earns (issue #4): daily-first-solve on the first submission ever,
 * daily-perfect when every answer of the section is correct, streak-N when the streak reaches N
 * (3, 7, 30). A badge already held is never returned again. A milestone counts as reached at N or
 * more, so a streak that passes 7 without the badge (impossible unless a write was lost) still
 * earns it.
 *
 * @returns codes in `DAILY_BADGES` order.
 */
export function earnedDailyBadges(facts: BadgeFacts): DailyBadge[] {
  const earned = new Set<DailyBadge>();
  if (facts.firstSubmission) earned.add('daily-first-solve');
  if (facts.perfect) earned.add('daily-perfect');
  for (const [days, badge] of STREAK_BADGES) if (facts.streak >= days) earned.add(badge);
  return DAILY_BADGES.filter((badge) => earned.has(badge) && !facts.held.has(badge));
}
