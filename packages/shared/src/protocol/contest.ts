/**
 * Weekly contest wire contract (spec §7 "Weekly contest", §3 entities; issue #3 rules). Paths and
 * field names are the spec's. Times on the wire are ISO 8601 strings (UTC); durations are in SECONDS
 * (`timeSpent`, `totalTimeSpent`, `totalTime`) unless a name ends in `Ms` or `Minutes`; the
 * server-measured `totalTimeSpent` and `totalTime` are whole seconds (spec §2 shows them as m:ss).
 *
 * Answers and explanations of a contest never leave the server before its close time (issue #3):
 * every field that could reveal them (`correctAnswer`, `isCorrect`, `points` per answer,
 * `explanation`) is absent or null until then, and so is every figure that grades the caller's
 * answers (an attempt's `totalScore`, `correctCount`, `wrongCount`; issue #47).
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

/** Contest status as computed from the clock (spec §4): before openTime, openTime..closeTime inclusive, after. */
export type ContestStatus = 'upcoming' | 'live' | 'completed';

/** Lifecycle stage stored by the server (issue #3): each transition happens exactly once. */
export type ContestStage = 'upcoming' | 'live' | 'closed' | 'finalized';

/**
 * A contest (spec §3 "Contest"), as GET /contest/next, /contest/current, POST /contest/register and
 * POST /admin/contests return it.
 */
export interface ContestView {
  _id: string;
  title: string;
  /** ISO 8601. */
  openTime: string;
  /** ISO 8601; the contest is live from openTime to closeTime inclusive. */
  closeTime: string;
  durationMinutes: number;
  questionCount: number;
  /** Ids of every registered user (spec §4: the registered flag is derived from this list). */
  registeredUsers: string[];
  /** registeredUsers.length, for clients that only need the count. */
  registeredCount: number;
  /** True when the caller (Bearer token) is registered; false when signed out. */
  registered: boolean;
  /** Status on the server's clock at `serverTime`. */
  status: ContestStatus;
  /** Stored lifecycle stage: 'finalized' once ranks, badges and ratings are out. */
  stage: ContestStage;
  /** The server's clock when this response was made (ISO 8601), so clients can correct their countdowns. */
  serverTime: string;
}

/** Response of GET /contest/next (the live contest, else the next upcoming one; always present). */
export interface ContestResponse {
  contest: ContestView;
}

/** Response of GET /contest/current: the live contest, else the most recently closed one, else null. */
export interface CurrentContestResponse {
  contest: ContestView | null;
}

/** Difficulty label (spec §3 "Contest details": easy, medium, anything else hard). Levels 1–3, 4–6, 7–10. */
export type DifficultyLabel = 'easy' | 'medium' | 'hard';

/** A contest question as a participant sees it (spec §3 "Question"): never its answer. */
export interface ContestQuestion {
  /** 0-based index within the contest. */
  questionIndex: number;
  /** The question text, e.g. "37 + 48". */
  question: string;
  /** Points for a correct answer (5 in the weekly contest). */
  points: number;
  difficulty: DifficultyLabel;
  /** Generator level 1..10. */
  difficultyLevel: number;
  /** Topic tags, e.g. ["addition"]. */
  topics: string[];
}

/**
 * One answer of an attempt (spec §3 "Contest answer"). While the contest is open only
 * `questionIndex`, `userAnswer` and `timeSpent` are filled; the rest is null until close.
 */
export interface ContestAnswer {
  questionIndex: number;
  /** The number the user gave; null when the question was never answered (after close only). */
  userAnswer: number | null;
  /** Client-reported seconds spent on the question (kept for statistics; not used to rank). */
  timeSpent: number;
  correctAnswer: number | null;
  isCorrect: boolean | null;
  /** Points earned: 5 when correct, else 0; null before close. */
  points: number | null;
  explanation: string | null;
  question: string | null;
  difficulty: DifficultyLabel | null;
  topics: string[];
}

/** Attempt lifecycle: registered (row made at registration), started, submitted (spec: "status (submitted once final)"). */
export type AttemptStatus = 'registered' | 'in-progress' | 'submitted';

/** The contest an attempt belongs to, as spec §3 nests it ("contestId (with _id)"). */
export interface AttemptContestRef {
  _id: string;
  title: string;
  openTime: string;
  closeTime: string;
  questionCount: number;
}

/** A user's attempt (spec §3 "Contest attempt"). Scores in points, times in seconds. */
export interface ContestAttempt {
  _id: string;
  contestId: AttemptContestRef;
  userId: string;
  status: AttemptStatus;
  /** ISO 8601 or null. */
  startedAt: string | null;
  submittedAt: string | null;
  /** True when the server submitted it at close. */
  autoSubmitted: boolean;
  /**
   * Points, correct and wrong answers: null until the contest's close time has passed, even once
   * submitted (issue #47: a score before close would grade a candidate answer for anyone).
   */
  totalScore: number | null;
  correctCount: number | null;
  wrongCount: number | null;
  /** Questions the user answered. */
  answeredCount: number;
  /** Seconds from start to submission, measured by the server (ranking tie-breaker). */
  totalTimeSpent: number;
  /** 1-based; null until the contest is finalized. */
  rank: number | null;
  /** 0–100, share of the other participants finished ahead of; null until finalized. */
  percentile: number | null;
  /** Badge codes; [] until finalized. */
  badges: string[];
  /** Rating change of the contest's rating period (points), null until finalized or when unrated. */
  ratingChange: { before: number; after: number; rdBefore: number; rdAfter: number } | null;
  answers: ContestAnswer[];
  /**
   * Ours (issue #47 "Bots"), beyond spec §3: "answered faster than a person can" when the server
   * judged the attempt's pace a script's (from finalization on): it is ranked but marked, took no
   * badge and was left out of the rating period. Absent otherwise, or once an operator cleared it.
   */
  paceFlag?: string;
}

/** Response of POST /contest/start. */
export interface ContestStartResponse {
  attempt: ContestAttempt;
  questions: ContestQuestion[];
}

/** Response of POST /contest/submit-answer: the answer is committed to the database before this is sent. */
export interface ContestSubmitAnswerResponse {
  saved: true;
  questionIndex: number;
  /** Server receive time, ISO 8601. */
  receivedAt: string;
}

/**
 * Response of POST /contest/submit: the submitted attempt. Before close it says it is submitted
 * (`status`, `submittedAt`), how many answers it holds (`answeredCount`) and when results come
 * (`contestId.closeTime`); its score fields are null until then (issue #47).
 */
export interface ContestSubmitResponse {
  attempt: ContestAttempt;
}

/** Response of POST /contest/register. */
export interface ContestRegisterResponse {
  registered: true;
  contest: ContestView;
}

/** One leaderboard row (spec §3 "Contest leaderboard entry"). */
export interface ContestLeaderboardEntry {
  _id: string;
  /** `email` is the address's local part only, never the whole address (privacy). */
  userId: { _id: string; name: string; email: string | null };
  rank: number;
  totalScore: number;
  correctCount: number;
  /** Seconds. */
  totalTimeSpent: number;
  badges: string[];
  /** Ours (issue #47): as ContestAttempt.paceFlag, on a flagged attempt's row. */
  paceFlag?: string;
}

/** Response of GET /contest/leaderboard: empty until the contest is finalized. */
export interface ContestLeaderboardResponse {
  leaderboard: ContestLeaderboardEntry[];
  finalized: boolean;
}

/** Spec §3 "Contest stats". averageScore in points over submitted attempts; completionRate in percent (0–100). */
export interface ContestStats {
  totalRegistered: number;
  completedAttempts: number;
  averageScore: number;
  completionRate: number;
  /** Extra: submitted attempts' mean server-measured time in seconds, and mean correct count. */
  averageTimeSpent: number;
  averageCorrect: number;
  /**
   * Extra: whether the averages are the field's. The server publishes them once the contest has
   * closed (issue #3); before that they are sent as 0 (spec §3 has them as numbers), and this is false.
   */
  averagesPublished: boolean;
}

export interface ContestStatsResponse {
  stats: ContestStats;
}

/** Spec §3 "History entry". score in points, accuracy in percent of the questions answered (spec §2), totalTime in seconds. */
export interface ContestHistoryEntry {
  contestId: string;
  contestTitle: string;
  /** The contest's openTime, ISO 8601. */
  contestDate: string;
  score: number;
  accuracy: number;
  rank: number | null;
  totalTime: number;
  correctAnswers: number;
  totalQuestions: number;
  badges: string[];
}

/** Spec §3 "Progress summary": over the caller's finalized contests. avgAccuracy in percent. */
export interface ContestProgress {
  totalContests: number;
  avgScore: number;
  avgAccuracy: number;
  totalBadges: number;
  /** Badge display names of every badge earned (with repeats removed). */
  badges: string[];
  /** Most recent first. */
  history: ContestHistoryEntry[];
}

/** Response of GET /contest/history?limit=: `attempts` are the caller's attempts, most recent first. */
export interface ContestHistoryResponse {
  progress: ContestProgress;
  attempts: ContestAttempt[];
}

/** One question of the details view (spec §3 "Contest details"; numeric answers instead of options, issue #3). */
export interface ContestDetailsQuestion {
  questionNumber: number;
  difficulty: DifficultyLabel;
  /** Seconds (client-reported). */
  timeSpent: number;
  question: string;
  /** Always []: our questions take numeric answers (issue #3). */
  options: string[];
  correctAnswer: number;
  userAnswer: number | null;
  isCorrect: boolean;
  explanation: string;
  topics: string[];
}

/** Response of GET /contest/past/{contestId} (after close only). */
export interface ContestDetailsResponse {
  contestDetails: {
    contest: { _id: string; title: string; openTime: string; closeTime: string };
    attempt: {
      score: number;
      correctAnswers: number;
      totalQuestions: number;
      rank: number | null;
      /** Seconds. */
      totalTime: number;
      badges: string[];
    };
    questions: ContestDetailsQuestion[];
  };
}

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
