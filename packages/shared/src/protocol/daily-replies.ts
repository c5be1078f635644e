/**
 * Reply bodies of the daily practice calls (spec §7 "Daily", §3 entities; issue #4 rules), one zod
 * schema each with its type from `z.infer`; the inputs, error texts and the endpoint list are in
 * daily.ts. Dates are UTC calendar dates `YYYY-MM-DD`; instants are ISO 8601 strings; durations
 * are in SECONDS when the name ends in `Seconds`, ms when it ends in `Ms`; points are practice points.
 */
import { z } from 'zod';
import { DAILY } from '../constants.js';

const isoTime = z.iso.datetime();
const calendarDate = z.iso.date();

/** A section of the daily set: basic, intermediate, advanced, expert (DAILY.sectionKeys). */
export const dailySectionKeyReplySchema = z.enum(DAILY.sectionKeys);

/** A section's difficulty; 'mixed' is shown as 'Mixed' (issue #4). */
export const dailyDifficultySchema = z.enum(['easy', 'medium', 'hard', 'mixed']);

/** One card of today's set (spec §3 "Daily set" section, plus the unlock rule and the caller's state). */
export const dailySectionSummarySchema = z.object({
  key: dailySectionKeyReplySchema,
  title: z.string(),
  /** Number of questions (10). */
  count: z.number().int(),
  /** Decided by the server from the caller's current rating (issue #4). */
  unlocked: z.boolean(),
  difficulty: dailyDifficultySchema,
  description: z.string(),
  /** Rating needed to unlock it: 0, 1600, 1800, 1900. */
  unlockRating: z.number(),
  /** Practice points per correct answer are 10 × weight (1–4). */
  weight: z.number(),
  /** True once the caller has submitted this section on this date. */
  submitted: z.boolean(),
  /** The caller's practice points for it; null until submitted. */
  practicePoints: z.number().nullable(),
});
export type DailySectionSummary = z.infer<typeof dailySectionSummarySchema>;

/** Reply of GET /api/daily/today. `date` is today's UTC date. */
export const dailyTodayResponseSchema = z.object({
  date: calendarDate,
  sections: z.array(dailySectionSummarySchema),
  /** The server's clock: the client's calendar and season text use it. */
  serverTime: isoTime,
});
export type DailyTodayResponse = z.infer<typeof dailyTodayResponseSchema>;

/** One answered question, shown after submission only (issue #4: answers and explanations after submitting). */
export const dailyAnswerReviewSchema = z.object({
  /** 0-based. */
  questionIndex: z.number().int(),
  question: z.string(),
  /** What the user gave; null when left blank. */
  userAnswer: z.number().nullable(),
  correctAnswer: z.number(),
  isCorrect: z.boolean(),
  explanation: z.string(),
  /** Client-reported ms spent (statistics only). */
  timeMs: z.number(),
  topic: z.string(),
});
export type DailyAnswerReview = z.infer<typeof dailyAnswerReviewSchema>;

/** The fields of the caller's submitted result for one section. */
const dailySectionResultShape = {
  practicePoints: z.number(),
  /** 10 × weight × correctCount. */
  basePoints: z.number(),
  /** See docs/rules.md (daily practice: speed bonus). */
  speedBonus: z.number(),
  correctCount: z.number().int(),
  /** Questions in the set. */
  total: z.number().int(),
  /** Server-measured seconds from the first opening to the submission. */
  timeTakenSeconds: z.number(),
  submittedAt: isoTime,
  answers: z.array(dailyAnswerReviewSchema),
};

/** The caller's submitted result for one section. */
export const dailySectionResultSchema = z.object(dailySectionResultShape);
export type DailySectionResult = z.infer<typeof dailySectionResultSchema>;

/**
 * Reply of GET /api/daily/section/{date}/{sectionKey}: the question texts, never the answers
 * before submission. The first call records when the caller opened the section (the time taken
 * runs from then). 403 "This section unlocks at rating 1800 (yours is 1523)" when locked.
 */
export const dailySectionResponseSchema = z.object({
  date: calendarDate,
  sectionKey: dailySectionKeyReplySchema,
  /** The set's question texts; a preview (`?preview=1`) has only the first DAILY.homeSampleProblems (3). */
  questions: z.array(z.string()),
  /**
   * When the caller first opened this section; null for a preview (`?preview=1`) of a section the
   * caller has not opened yet.
   */
  openedAt: isoTime.nullable(),
  submitted: z.boolean(),
  /** Filled once submitted: points, correct answers and explanations; null in a preview. */
  result: dailySectionResultSchema.nullable(),
});
export type DailySectionResponse = z.infer<typeof dailySectionResponseSchema>;

/** Reply of POST /api/daily/submit (spec: practicePoints, awardedBadges): the result, the new badges and the streak. */
export const dailySubmitResponseSchema = z.object({
  ...dailySectionResultShape,
  /** Badge codes newly awarded by this submission (see DAILY_BADGE_NAMES). */
  awardedBadges: z.array(z.string()),
  /** The streak after this submission, in days. */
  currentStreak: z.number().int(),
});
export type DailySubmitResponse = z.infer<typeof dailySubmitResponseSchema>;

/** A user as daily rankings and comments name them. */
const dailyUserSchema = z.object({ _id: z.string(), name: z.string() });

/** One row of a section's daily rankings (spec §3 "Daily ranking entry"). */
export const dailyRankingEntrySchema = z.object({
  /** 1-based: practice points (higher first), then time taken (lower first), then submission time. */
  rank: z.number().int(),
  user: dailyUserSchema,
  practicePoints: z.number(),
  timeTakenSeconds: z.number(),
  correctCount: z.number().int(),
});
export type DailyRankingEntry = z.infer<typeof dailyRankingEntrySchema>;

/** Reply of GET /api/daily/leaderboard. */
export const dailyLeaderboardResponseSchema = z.object({ top: z.array(dailyRankingEntrySchema) });
export type DailyLeaderboardResponse = z.infer<typeof dailyLeaderboardResponseSchema>;

/** The fields of a season row but its rank. */
const seasonRowShape = {
  _id: z.string(),
  name: z.string(),
  /** Sum of the practice points earned in the month. */
  seasonPoints: z.number(),
  rating: z.number(),
  rd: z.number(),
};

/** One row of the season leaderboard (spec §3 "Season leaderboard entry"). rank 1-based; ties in points share a rank (1, 2, 2, 4). */
export const seasonEntrySchema = z.object({ rank: z.number().int(), ...seasonRowShape });
export type SeasonEntry = z.infer<typeof seasonEntrySchema>;

/** Reply of GET /api/daily/season. */
export const dailySeasonResponseSchema = z.object({
  year: z.number().int(),
  /** 1–12. */
  month: z.number().int(),
  /** Ranks 1–10. */
  top: z.array(seasonEntrySchema),
  /** The caller's own row, even outside the top 10; rank null and seasonPoints 0 without points this month. */
  me: z.object({ rank: z.number().int().nullable(), ...seasonRowShape }),
  /** Users with season points this month. */
  participants: z.number().int(),
});
export type DailySeasonResponse = z.infer<typeof dailySeasonResponseSchema>;

/** One solved day of the streak calendar (spec §3 "Streak data" days, plus what the day analysis panel shows). */
export const dailyStreakDaySchema = z.object({
  date: calendarDate,
  /** Always true: only solved days are listed. */
  solved: z.boolean(),
  /** Sections submitted that day. */
  count: z.number().int(),
  /** Length of the run of solved days ending this day. */
  streakCount: z.number().int(),
  practicePoints: z.number(),
});
export type DailyStreakDay = z.infer<typeof dailyStreakDaySchema>;

/**
 * Reply of GET /api/daily/streak. `days` lists the SOLVED days from `from` to `to` (today), oldest
 * first; a date that is absent was not solved (3 dense years would be ~90 KB per call). `from` is 1
 * January two years before this one (the calendar's 3 years), or the UTC day the account was made
 * when that is later. Days before `from` are out of range: not missed.
 */
export const dailyStreakResponseSchema = z.object({
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  from: calendarDate,
  to: calendarDate,
  days: z.array(dailyStreakDaySchema),
});
export type DailyStreakResponse = z.infer<typeof dailyStreakResponseSchema>;

/** A vote on a comment. */
export const voteTypeSchema = z.enum(['up', 'down']);
export type VoteType = z.infer<typeof voteTypeSchema>;

/** A discussion comment (spec §3 "Daily comment"). `text` is plain text: render it as text, never HTML. */
export const dailyCommentSchema = z.object({
  _id: z.string().min(1),
  text: z.string(),
  user: dailyUserSchema,
  createdAt: isoTime,
  /** User id → their vote. */
  votes: z.record(z.string(), voteTypeSchema),
  date: calendarDate,
  sectionKey: dailySectionKeyReplySchema,
});
export type DailyComment = z.infer<typeof dailyCommentSchema>;

/** Reply of POST /api/daily/comment (201) and POST /api/daily/comments/{id}/vote: the stored or updated comment. */
export const dailyCommentResponseSchema = z.object({ comment: dailyCommentSchema });
export type DailyCommentResponse = z.infer<typeof dailyCommentResponseSchema>;

/** Reply of GET /api/daily/comments: newest first. */
export const dailyCommentsResponseSchema = z.object({ comments: z.array(dailyCommentSchema) });
export type DailyCommentsResponse = z.infer<typeof dailyCommentsResponseSchema>;
