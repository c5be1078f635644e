/**
 * Daily practice wire contract, the inputs and error texts (spec §7 "Daily", §3 entities; issue #4
 * rules); the reply schemas named below are in daily-replies.ts. Paths and field names are the
 * spec's. Dates are UTC calendar dates `YYYY-MM-DD`; durations are in ms when the name ends in `Ms`.
 *
 * Every call needs a signed-in, non-guest user: 401 otherwise (issue #4). Errors are `{error}` with
 * 400 (bad input), 401, 403 (locked section), 404 (unknown comment), 409 (second submission, or a
 * submission without opening the section) or 429 (comment rate limit).
 *
 * Endpoints:
 *  - GET  /api/daily/today                          → DailyTodayResponse
 *  - GET  /api/daily/section/{date}/{sectionKey}    → DailySectionResponse   (403 when locked)
 *  - POST /api/daily/submit      DailySubmitBody     → DailySubmitResponse    (409 "Already submitted today")
 *  - GET  /api/daily/leaderboard?date&sectionKey&limit=20 → DailyLeaderboardResponse
 *  - GET  /api/daily/season?year&month&_ts          → DailySeasonResponse
 *  - GET  /api/daily/streak                         → DailyStreakResponse
 *  - POST /api/daily/comment     DailyCommentBody    → DailyCommentResponse   (429 when rate limited)
 *  - GET  /api/daily/comments?date&sectionKey&limit=50 → DailyCommentsResponse
 *  - POST /api/daily/comments/{id}/vote  DailyVoteBody → DailyCommentResponse (404 unknown comment)
 */
import { z } from 'zod';
import { DAILY, type DailySectionKey } from '../constants.js';
import { isCalendarDate } from '../domain/daily/dates.js';
import { isInvisibleText, limitInput, numberInput, parseDecimal } from './common.js';
import { refuseHiddenCharacters } from './display-text.js';

export type { DailySectionKey } from '../constants.js';
export type { DailyDifficulty } from '../domain/daily/sections.js';
// socket.ts reads the comment from here.
export type { DailyComment } from './daily-replies.js';

/** Messages fixed by the spec or issue #4, so client and tests can recognise them. */
export const DAILY_ERRORS = {
  alreadySubmitted: 'Already submitted today',
  notOpened: 'Open the section before submitting it',
  signInRequired: 'Please sign in with an account to use daily practice',
  emptyComment: "Comment can't be empty.",
  /** 401 of POST /api/daily/comment without a session (spec §5). */
  loginToComment: 'Please login to post comments.',
  /** 401 of POST /api/daily/comments/{id}/vote without a session (spec §5). */
  loginToVote: 'Please login to vote',
  commentTooLong: `Comment must be at most ${DAILY.commentMaxLength} characters`,
  commentNotFound: 'Comment not found',
  commentRateLimited: 'You are posting comments too quickly. Please wait a moment.',
  /**
   * 403 of reading, joining, posting and voting in a section's discussion before the caller has
   * submitted that section on that date (issue #47: comments can give its answers away).
   */
  submitToDiscuss: 'Submit this set to read and join its discussion',
} as const;

/** Room of a section's live discussion (spec §7: 'comments:{date}:{sectionKey}'). */
export function commentRoom(date: string, sectionKey: DailySectionKey): string {
  return `comments:${date}:${sectionKey}`;
}

/** A UTC date `YYYY-MM-DD`. Whether it is in the future is checked by the server (it owns the clock). */
export const dailyDateSchema = z
  .string({ message: 'date is required (YYYY-MM-DD)' })
  .check((ctx) => {
    if (!isCalendarDate(ctx.value)) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: `date must be a UTC date written YYYY-MM-DD, got '${ctx.value.slice(0, 20)}'` });
    }
  });

/**
 * A refused input as the enums' messages quote it: a string cut to 20 characters, another primitive
 * as written, a list or an object by its kind. Never String() of a client's object or list: its
 * toString may throw (`{"toString": 1}`) or recurse thousands of levels deep, which turned a bad
 * field into a 500 (or a socket's generic error) instead of this message.
 */
function received(input: unknown): string {
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'object' && input !== null) return 'an object';
  return `'${String(input).slice(0, 20)}'`;
}

export const sectionKeySchema = z.enum(DAILY.sectionKeys, {
  error: (issue) =>
    issue.input === undefined
      ? `sectionKey is required (one of ${DAILY.sectionKeys.join(', ')})`
      : `sectionKey must be one of ${DAILY.sectionKeys.join(', ')}, got ${received(issue.input)}`,
});

/** Path of GET /api/daily/section/{date}/{sectionKey}. */
export const dailySectionParamsSchema = z.object({ date: dailyDateSchema, sectionKey: sectionKeySchema });

/**
 * Query of GET /api/daily/section/{date}/{sectionKey} (ours, beyond spec §7): `preview=1` reads the
 * home card's sample problems, the set's first DAILY.homeSampleProblems (3), without opening the
 * section, so they do not start the caller's clock; the time taken runs from the first opening that
 * hands out the whole set (issues #4, #47: a preview of the whole set let it be solved off the clock).
 */
export const dailySectionQuerySchema = z.object({
  preview: z
    .enum(['1', 'true', '0', 'false'], { message: 'preview must be 1 or 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/**
 * One answer: a finite number, or a string holding one; blank (null, '' or missing) means left
 * unanswered. Non-numeric text is refused with 400 ("answer must be a number, got 'abc'").
 * `timeMs` is the client's ms on the question, 0–86,400,000 (statistics only).
 */
export const dailyAnswerSchema = z.object({
  answer: z
    .union([z.number(), z.string().max(40, 'answer is too long'), z.null()])
    .optional()
    .transform((value, ctx): number | null => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
      const n = typeof value === 'number' ? value : parseDecimal(value);
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: `answer must be a number, got '${String(value)}'` });
        return z.NEVER;
      }
      return n;
    }),
  timeMs: numberInput('timeMs must be a number of milliseconds', z.number().min(0, 'timeMs must be 0–86400000 ms').max(86_400_000, 'timeMs must be 0–86400000 ms')).default(0),
});

/** Body of POST /api/daily/submit: answers in question order, at most the set's 10 (missing ones count as blank). */
export const dailySubmitBodySchema = z.object({
  date: dailyDateSchema,
  sectionKey: sectionKeySchema,
  answers: z
    .array(dailyAnswerSchema, { message: 'answers must be a list of {answer, timeMs}' })
    .max(DAILY.questionsPerSection, `answers must hold at most ${DAILY.questionsPerSection} entries`),
});
export type DailySubmitBody = z.input<typeof dailySubmitBodySchema>;

const limitSchema = (fallback: number, max: number) =>
  limitInput(max).default(fallback);

/** Query of GET /api/daily/leaderboard: limit 1–100, default 20. */
export const dailyLeaderboardQuerySchema = z.object({
  date: dailyDateSchema,
  sectionKey: sectionKeySchema,
  limit: limitSchema(DAILY.leaderboardLimit, DAILY.leaderboardMaxLimit),
});

/** Query of GET /api/daily/season: year and month (1–12) default to the current UTC month; `_ts` is ignored. */
export const dailySeasonQuerySchema = z.object({
  year: numberInput('year must be a number', z.number().int('year must be a whole number').min(2000, 'year must be 2000–2999').max(2999, 'year must be 2000–2999')).optional(),
  month: numberInput('month must be a number', z.number().int('month must be a whole number').min(1, 'month must be 1–12').max(12, 'month must be 1–12')).optional(),
  _ts: z.unknown().optional(),
});

/**
 * Comment text: trimmed, 1–500 characters, not only invisible ones (issue #4), and no control or
 * format characters (refuseHiddenCharacters, issue #46); enforced by the server whatever the client does.
 */
export const commentTextSchema = z
  .string({ message: DAILY_ERRORS.emptyComment })
  .trim()
  .min(1, DAILY_ERRORS.emptyComment)
  .max(DAILY.commentMaxLength, DAILY_ERRORS.commentTooLong)
  // Zero-width spaces and the like survive trim() but show nothing: empty too.
  .refine((text) => text === '' || !isInvisibleText(text), DAILY_ERRORS.emptyComment)
  .check(refuseHiddenCharacters('Comment', { lineBreaks: true }));

/** Body of POST /api/daily/comment. */
export const dailyCommentBodySchema = z.object({ date: dailyDateSchema, sectionKey: sectionKeySchema, text: commentTextSchema });
export type DailyCommentBody = z.input<typeof dailyCommentBodySchema>;

/** Query of GET /api/daily/comments: limit 1–200, default 50. */
export const dailyCommentsQuerySchema = z.object({
  date: dailyDateSchema,
  sectionKey: sectionKeySchema,
  limit: limitSchema(DAILY.commentsLimit, DAILY.commentsMaxLimit),
});

/** Path of POST /api/daily/comments/{id}/vote. */
export const commentIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** Body of POST /api/daily/comments/{id}/vote: the same direction again removes the vote, the other switches it. */
export const dailyVoteBodySchema = z.object({
  voteType: z.enum(['up', 'down'], {
    error: (issue) => (issue.input === undefined ? "voteType is required ('up' or 'down')" : `voteType must be 'up' or 'down', got ${received(issue.input)}`),
  }),
});
export type DailyVoteBody = z.input<typeof dailyVoteBodySchema>;

/** A comment room's name as spec §7 writes it: 'comments:{date}:{sectionKey}'. */
export type CommentRoomName = `comments:${string}:${string}`;

/** The room name of spec §7 → its date and section; any other input unchanged (for the schema's messages). */
function commentRoomParts(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  const match = /^comments:([^:]*):([^:]*)$/.exec(input);
  return match ? { date: match[1], sectionKey: match[2] } : input;
}

/**
 * Payload of the socket events joinCommentRoom and leaveCommentRoom: `{date, sectionKey}`, or the
 * room's name as spec §7 gives it ('comments:2026-11-27:basic'), since the spec does not show the
 * join's format and a client written against it may send the name.
 */
export const commentRoomPayloadSchema = z.preprocess(
  commentRoomParts,
  z.object(
    { date: dailyDateSchema, sectionKey: sectionKeySchema },
    {
      error: (issue) =>
        typeof issue.input === 'string'
          ? `Name the comment room 'comments:{date}:{sectionKey}' or send {date, sectionKey}, got ${received(issue.input)}`
          : undefined,
    },
  ),
);
export type CommentRoomPayload = { date: string; sectionKey: DailySectionKey } | CommentRoomName;
