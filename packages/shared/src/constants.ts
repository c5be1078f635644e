/**
 * Business constants of the product, from the specification's section 9 ("Business constants and
 * limits") unless a line says otherwise. Times are in milliseconds unless the name ends in
 * `Seconds` or `Minutes`.
 */

/** Rating defaults and display scales (spec §9 "Rating"; Glicko-2 defaults from Glickman's paper). */
export const RATING = {
  defaultRating: 1500,
  defaultRd: 350,
  /** Glickman, "Example of the Glicko-2 system": a reasonable starting volatility. */
  defaultVolatility: 0.06,
  /** System constant τ; Glickman suggests 0.3–1.2. 0.5 is the default. */
  defaultTau: 0.5,
  /** The rating bar is rating / 2500, capped at 100%. */
  barScale: 2500,
  /** Confidence is (1 − rd/500) × 100%. */
  confidenceRdScale: 500,
} as const;

/** Two-player Math Challenge (spec §9 "Multiplayer"). */
export const DUEL = {
  maxPlayers: 2,
  modes: [1, 2, 3, 5] as const,
  defaultMode: 1,
  /**
   * Questions per minute of mode (issue #2 asked for at least 30, issue #47 for at least 90). A
   * fast player clears 30 easy ones in about 12 s, i.e. 2.5 a second; 150 a minute is that pace
   * held for the whole game, so nobody reaches the end of the list before the clock's end.
   */
  questionsPerMinute: 150,
  startCountdownSeconds: 3,
  resultsDelayMs: 1000,
  decorativeSymbols: 25,
  /** Issue #2: 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
  roomCodeLength: 6,
  roomCodeAlphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
} as const;

export type DuelMode = (typeof DUEL.modes)[number];

/** Single-player timed challenge (spec §9 "Single-player"). */
export const SOLO = {
  defaultMode: 1,
  timerPollMs: 1000,
  resultsDelayMs: 1000,
  nextQuestionDelayMs: 500,
} as const;

/** Weekly contest (spec §9 "Weekly contest"). */
export const CONTEST = {
  durationMinutes: 10,
  questionCount: 20,
  pointsPerQuestion: 5,
  maxScore: 100,
  homeLeaderboardLimit: 5,
  resultsLeaderboardLimit: 50,
  resultsHistoryLimit: 10,
  chartContests: 10,
} as const;

/**
 * Daily practice (spec §9 "Daily practice"; issue #4 "Rules" for the section keys, weights, question
 * count and unlock ratings).
 */
export const DAILY = {
  homeSampleProblems: 3,
  homeTopN: 3,
  leaderboardLimit: 20,
  /** Largest `limit` GET /api/daily/leaderboard accepts. */
  leaderboardMaxLimit: 100,
  commentsLimit: 50,
  /** Largest `limit` GET /api/daily/comments accepts. */
  commentsMaxLimit: 200,
  commentMaxLength: 500,
  commentWarnLength: 450,
  calendarYears: 3,
  /** Issue #4: 10 questions per section. */
  questionsPerSection: 10,
  /**
   * First UTC date (YYYY-MM-DD) whose sets are drawn by question generator version 2 (issue #47);
   * earlier dates keep version 1. Daily sets store no questions, they are regenerated from the
   * date whenever read, so each date must keep the version it was first served with. The cut-over
   * is a date no server had served when version 2 was written (2026-12-01; the API refuses future
   * dates), so no set anyone has seen changes, provided version 2 is deployed before it begins.
   * Deploying later: move this date past the deploy first (docs/operations.md).
   */
  generatorVersion2From: '2026-12-08',
  /** Section keys in display order (issue #4: the fourth is `expert`). */
  sectionKeys: ['basic', 'intermediate', 'advanced', 'expert'] as const,
  /** Rating needed to open a section (spec §5, §9; issue #4). */
  unlockRatings: { basic: 0, intermediate: 1600, advanced: 1800, expert: 1900 },
  /** Practice points per correct answer are 10 × the section's weight (issue #4). */
  weights: { basic: 1, intermediate: 2, advanced: 3, expert: 4 },
  pointsPerCorrectPerWeight: 10,
  /** The spec's next-season text: 30 minus the UTC day of month. */
  seasonTextDays: 30,
  /** seasonUpdate is emitted at most once per this many ms (issue #4). */
  seasonUpdateIntervalMs: 1000,
} as const;

/** A daily section key (issue #4). */
export type DailySectionKey = (typeof DAILY.sectionKeys)[number];

/** Display and real-time constants (spec §9 "Display", "Real-time"). */
export const DISPLAY = {
  countdownRefreshMs: 1000,
  leaderboardMaxHeightPx: 420,
  toastSuccessMs: 3000,
  toastBadgeMs: 4000,
  toastDefaultMs: 5000,
} as const;

export const REALTIME = {
  connectionTimeoutMs: 20000,
} as const;

/** Home dashboard formulas (spec §2 "Home dashboard", §9 "Rating"). */
export function ratingBarPercent(rating: number): number {
  return Math.min(100, Math.max(0, (rating / RATING.barScale) * 100));
}

/** Confidence in percent: (1 − rd/500) × 100, clamped to 0–100. */
export function confidencePercent(rd: number): number {
  return Math.min(100, Math.max(0, (1 - rd / RATING.confidenceRdScale) * 100));
}

/** Approximate rank: floor((2000 − rating)/50) + 1, at least 1 (spec §2). */
export function approximateRank(rating: number): number {
  return Math.max(1, Math.floor((2000 - rating) / 50) + 1);
}
