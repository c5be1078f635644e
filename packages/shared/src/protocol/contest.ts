/**
 * Weekly contest wire contract, the inputs and error texts (spec §7 "Weekly contest"; issue #3
 * rules); the reply schemas are in contest-replies.ts. Paths and field names are the spec's.
 * Durations are in SECONDS (`timeSpent`) unless a name ends in `Ms` or `Minutes`; times ISO 8601.
 */
import { z } from 'zod';
import { limitInput, numberInput, parseDecimal } from './common.js';
import { refuseHiddenCharacters } from './display-text.js';

/**
 * The error texts of the weekly contest's HTTP calls (`{ error }`), in one place so the client can
 * recognise them (the contest page waits on `notStarted`). The spec's words where it has them (§5,
 * §8), issue #3's otherwise.
 */
export const CONTEST_ERRORS = {
  notFound: 'Contest not found',
  /** 401 of POST /contest/register without a session (spec §5). */
  loginToRegister: 'Please login to register for the contest',
  /** 401 of POST /contest/start without a session (spec §5). */
  loginToJoin: 'Please login to join the contest',
  guestCannotRegister: 'Please sign up to register for the contest',
  registrationClosed: 'Registration is closed',
  notStarted: 'The contest has not started yet',
  over: 'The contest is over',
  registerFirst: 'Please register for the contest first',
  startFirst: 'Start the contest first',
  alreadySubmitted: 'Your attempt is already submitted',
  noAnswers: 'Please answer at least one question before submitting',
  indexOutOfRange: 'questionIndex is out of range',
  attemptNotFound: 'You did not take part in this contest',
  notRevealed: 'Answers are revealed when the contest closes',
  adminOnly: 'Only administrators can schedule contests',
  openTimeInPast: 'openTime must be in the future',
} as const;

const contestId = z
  .string({ message: 'contestId is required' })
  .trim()
  .min(1, 'contestId is required')
  .max(100, 'contestId is too long');

/** Body of POST /contest/register, /contest/start, /contest/submit. */
export const contestIdBodySchema = z.object({ contestId });

/** Query of GET /contest/stats. */
export const contestIdQuerySchema = z.object({ contestId });

/** Query of GET /contest/leaderboard: limit 1–100, default 50 (spec: 5 on home, 50 on results). */
export const contestLeaderboardQuerySchema = z.object({
  contestId,
  limit: limitInput(100).default(50),
});

/** Query of GET /contest/history: limit 1–200, absent means all. */
export const contestHistoryQuerySchema = z.object({
  limit: limitInput(200).optional(),
});

/**
 * A contest answer (spec §5): blank or missing gives 'Please enter an answer'; anything that is not
 * a finite number (or a string holding one) gives 'Please enter a valid number'.
 */
export const contestAnswerSchema = z.unknown().transform((value, ctx): number => {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    ctx.addIssue({ code: 'custom', message: 'Please enter an answer' });
    return z.NEVER;
  }
  const n = typeof value === 'number' ? value : typeof value === 'string' ? parseDecimal(value) : Number.NaN;
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: 'Please enter a valid number' });
    return z.NEVER;
  }
  return n;
});

/**
 * Body of POST /contest/submit-answer. `answer` must be a number ('Please enter a valid number'
 * otherwise); `timeSpent` is the client's seconds on the question (0–86,400; default 0).
 */
export const contestSubmitAnswerBodySchema = z.object({
  contestId,
  questionIndex: z
    .number({ message: 'questionIndex must be a whole number' })
    .int('questionIndex must be a whole number')
    .min(0, 'questionIndex is out of range'),
  answer: contestAnswerSchema,
  timeSpent: numberInput('timeSpent must be a number of seconds', z.number().min(0, 'timeSpent must be 0–86400 seconds').max(86_400, 'timeSpent must be 0–86400 seconds')).default(0),
});
export type ContestSubmitAnswerBody = z.infer<typeof contestSubmitAnswerBodySchema>;

/**
 * Body of POST /admin/contests. openTime ISO 8601 with offset (e.g. "2026-11-27T15:30:00Z");
 * durationMinutes 1–240; questionCount 1–100; title 1–100 characters, no control or format
 * characters (refuseHiddenCharacters; default "Weekly Math Contest").
 */
export const adminCreateContestBodySchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'title must not be empty')
    .max(100, 'title must be at most 100 characters')
    .check(refuseHiddenCharacters('Contest title'))
    .optional(),
  openTime: z.iso.datetime({ offset: true, message: 'openTime must be an ISO 8601 date-time, e.g. 2026-11-27T15:30:00Z' }),
  durationMinutes: z
    .number({ error: 'durationMinutes must be a number' })
    .int('durationMinutes must be a whole number')
    .min(1, 'durationMinutes must be 1–240')
    .max(240, 'durationMinutes must be 1–240'),
  questionCount: z
    .number({ error: 'questionCount must be a number' })
    .int('questionCount must be a whole number')
    .min(1, 'questionCount must be 1–100')
    .max(100, 'questionCount must be 1–100'),
});
export type AdminCreateContestBody = z.infer<typeof adminCreateContestBodySchema>;
