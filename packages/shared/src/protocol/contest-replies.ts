/**
 * Reply bodies of the weekly contest's HTTP calls (spec §7 "Weekly contest", §3 entities; issue #3
 * rules), one zod schema each with its type from `z.infer`; the inputs and error texts are in
 * contest.ts. Times are ISO 8601 strings (UTC); durations are in SECONDS (`timeSpent`,
 * `totalTimeSpent`, `totalTime`), the server-measured ones whole seconds (spec §2 shows them as
 * m:ss); scores in points.
 *
 * Answers and explanations of a contest never leave the server before its close time (issue #3):
 * every field that could reveal them (`correctAnswer`, `isCorrect`, `points` per answer,
 * `explanation`) is null until then, and so is every figure that grades the caller's answers (an
 * attempt's `totalScore`, `correctCount`, `wrongCount`; issue #47).
 */
import { z } from 'zod';
import { paceFlagSchema } from './fair-play.js';

const isoTime = z.iso.datetime();

/** Contest status as computed from the clock (spec §4): before openTime, openTime..closeTime inclusive, after. */
export const contestStatusSchema = z.enum(['upcoming', 'live', 'completed']);
export type ContestStatus = z.infer<typeof contestStatusSchema>;

/** Lifecycle stage stored by the server (issue #3): each transition happens exactly once. */
export const contestStageSchema = z.enum(['upcoming', 'live', 'closed', 'finalized']);
export type ContestStage = z.infer<typeof contestStageSchema>;

/**
 * A contest (spec §3 "Contest"), as GET /contest/next, /contest/current, POST /contest/register and
 * POST /admin/contests return it.
 */
export const contestViewSchema = z.object({
  _id: z.string().min(1),
  title: z.string(),
  openTime: isoTime,
  /** The contest is live from openTime to closeTime inclusive. */
  closeTime: isoTime,
  durationMinutes: z.number(),
  questionCount: z.number().int(),
  /** Ids of every registered user (spec §4: the registered flag is derived from this list). */
  registeredUsers: z.array(z.string()),
  /** registeredUsers.length, for clients that only need the count. */
  registeredCount: z.number().int(),
  /** True when the caller (Bearer token) is registered; false when signed out. */
  registered: z.boolean(),
  /** Status on the server's clock at `serverTime`. */
  status: contestStatusSchema,
  /** Stored lifecycle stage: 'finalized' once ranks, badges and ratings are out. */
  stage: contestStageSchema,
  /** The server's clock when this reply was made, so clients can correct their countdowns. */
  serverTime: isoTime,
});
export type ContestView = z.infer<typeof contestViewSchema>;

/** Reply of GET /contest/next (the home card's contest, always present) and of POST /admin/contests (201). */
export const contestResponseSchema = z.object({ contest: contestViewSchema });
export type ContestResponse = z.infer<typeof contestResponseSchema>;

/** Reply of GET /contest/current: the live contest, else the most recently closed one, else null. */
export const currentContestResponseSchema = z.object({ contest: contestViewSchema.nullable() });
export type CurrentContestResponse = z.infer<typeof currentContestResponseSchema>;

/** Difficulty label (spec §3 "Contest details": easy, medium, anything else hard). Levels 1–3, 4–6, 7–10. */
export const difficultyLabelSchema = z.enum(['easy', 'medium', 'hard']);
export type DifficultyLabel = z.infer<typeof difficultyLabelSchema>;

/** A contest question as a participant sees it (spec §3 "Question"): never its answer. */
export const contestQuestionSchema = z.object({
  /** 0-based index within the contest. */
  questionIndex: z.number().int(),
  /** The question text, e.g. "37 + 48". */
  question: z.string(),
  /** Points for a correct answer (5 in the weekly contest). */
  points: z.number(),
  difficulty: difficultyLabelSchema,
  /** Generator level 1..10. */
  difficultyLevel: z.number().int(),
  /** Topic tags, e.g. ["addition"]. */
  topics: z.array(z.string()),
});
export type ContestQuestion = z.infer<typeof contestQuestionSchema>;

/**
 * One answer of an attempt (spec §3 "Contest answer"). While the contest is open only
 * `questionIndex`, `userAnswer` and `timeSpent` are filled; the rest is null (topics []) until close.
 */
export const contestAnswerReplySchema = z.object({
  questionIndex: z.number().int(),
  /** The number the user gave; null when the question was never answered (after close only). */
  userAnswer: z.number().nullable(),
  /** Client-reported seconds spent on the question (kept for statistics; not used to rank). */
  timeSpent: z.number(),
  correctAnswer: z.number().nullable(),
  isCorrect: z.boolean().nullable(),
  /** Points earned: 5 when correct, else 0; null before close. */
  points: z.number().nullable(),
  explanation: z.string().nullable(),
  question: z.string().nullable(),
  difficulty: difficultyLabelSchema.nullable(),
  topics: z.array(z.string()),
});
export type ContestAnswer = z.infer<typeof contestAnswerReplySchema>;

/** Attempt lifecycle: registered (row made at registration), started, submitted (spec: "status (submitted once final)"). */
export const attemptStatusSchema = z.enum(['registered', 'in-progress', 'submitted']);
export type AttemptStatus = z.infer<typeof attemptStatusSchema>;

/** The contest an attempt belongs to, as spec §3 nests it ("contestId (with _id)"). */
export const attemptContestRefSchema = contestViewSchema.pick({ _id: true, title: true, openTime: true, closeTime: true, questionCount: true });
export type AttemptContestRef = z.infer<typeof attemptContestRefSchema>;

/** A contest's rating change (rating points), before and after its rating period. */
export const contestRatingChangeSchema = z.object({
  before: z.number(),
  after: z.number(),
  rdBefore: z.number(),
  rdAfter: z.number(),
});

/** A user's attempt (spec §3 "Contest attempt"). Scores in points, times in seconds. */
export const contestAttemptSchema = z.object({
  _id: z.string().min(1),
  contestId: attemptContestRefSchema,
  userId: z.string(),
  status: attemptStatusSchema,
  /** ISO 8601 or null. */
  startedAt: isoTime.nullable(),
  submittedAt: isoTime.nullable(),
  /** True when the server submitted it at close. */
  autoSubmitted: z.boolean(),
  /**
   * Points, correct and wrong answers: null until the contest's close time has passed, even once
   * submitted (issue #47: a score before close would grade a candidate answer for anyone).
   */
  totalScore: z.number().nullable(),
  correctCount: z.number().int().nullable(),
  wrongCount: z.number().int().nullable(),
  /** Questions the user answered. */
  answeredCount: z.number().int(),
  /** Seconds from start to submission, measured by the server (ranking tie-breaker). */
  totalTimeSpent: z.number(),
  /** 1-based; null until the contest is finalized. */
  rank: z.number().int().nullable(),
  /** 0–100, share of the other participants finished ahead of; null until finalized. */
  percentile: z.number().nullable(),
  /** Badge codes; [] until finalized. */
  badges: z.array(z.string()),
  /** Rating change of the contest's rating period, null until finalized or when unrated. */
  ratingChange: contestRatingChangeSchema.nullable(),
  answers: z.array(contestAnswerReplySchema),
  /**
   * Ours (issue #47 "Bots"), beyond spec §3: "answered faster than a person can" when the server
   * judged the attempt's pace a script's (from finalization on): it is ranked but marked, took no
   * badge and was left out of the rating period. Absent otherwise, or once an operator cleared it.
   */
  paceFlag: paceFlagSchema.optional(),
});
export type ContestAttempt = z.infer<typeof contestAttemptSchema>;

/** Reply of POST /contest/start: the caller's attempt (made or resumed) and the questions, never their answers. */
export const contestStartResponseSchema = z.object({
  attempt: contestAttemptSchema,
  questions: z.array(contestQuestionSchema),
});
export type ContestStartResponse = z.infer<typeof contestStartResponseSchema>;

/** Reply of POST /contest/submit-answer: the answer is committed to the database before this is sent. */
export const contestSubmitAnswerResponseSchema = z.object({
  saved: z.literal(true),
  questionIndex: z.number().int(),
  /** Server receive time. */
  receivedAt: isoTime,
});
export type ContestSubmitAnswerResponse = z.infer<typeof contestSubmitAnswerResponseSchema>;

/**
 * Reply of POST /contest/submit: the submitted attempt. Before close it says it is submitted
 * (`status`, `submittedAt`), how many answers it holds (`answeredCount`) and when results come
 * (`contestId.closeTime`); its score fields are null until then (issue #47).
 */
export const contestSubmitResponseSchema = z.object({ attempt: contestAttemptSchema });
export type ContestSubmitResponse = z.infer<typeof contestSubmitResponseSchema>;

/** Reply of POST /contest/register. */
export const contestRegisterResponseSchema = z.object({
  registered: z.literal(true),
  contest: contestViewSchema,
});
export type ContestRegisterResponse = z.infer<typeof contestRegisterResponseSchema>;

/** One leaderboard row (spec §3 "Contest leaderboard entry"). */
export const contestLeaderboardEntrySchema = z.object({
  _id: z.string(),
  /** `email` is the address's local part only, never the whole address (privacy). */
  userId: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() }),
  rank: z.number().int(),
  totalScore: z.number(),
  correctCount: z.number().int(),
  /** Seconds. */
  totalTimeSpent: z.number(),
  badges: z.array(z.string()),
  /** Ours (issue #47): as ContestAttempt.paceFlag, on a flagged attempt's row. */
  paceFlag: paceFlagSchema.optional(),
});
export type ContestLeaderboardEntry = z.infer<typeof contestLeaderboardEntrySchema>;

/** Reply of GET /contest/leaderboard: empty until the contest is finalized. */
export const contestLeaderboardResponseSchema = z.object({
  leaderboard: z.array(contestLeaderboardEntrySchema),
  finalized: z.boolean(),
});
export type ContestLeaderboardResponse = z.infer<typeof contestLeaderboardResponseSchema>;

/** Spec §3 "Contest stats". averageScore in points over submitted attempts; completionRate in percent (0–100). */
export const contestStatsSchema = z.object({
  totalRegistered: z.number().int(),
  completedAttempts: z.number().int(),
  averageScore: z.number(),
  completionRate: z.number(),
  /** Extra: submitted attempts' mean server-measured time in seconds, and mean correct count. */
  averageTimeSpent: z.number(),
  averageCorrect: z.number(),
  /**
   * Extra: whether the averages are the field's. The server publishes them once the contest has
   * closed (issue #3); before that they are sent as 0 (spec §3 has them as numbers), and this is false.
   */
  averagesPublished: z.boolean(),
});
export type ContestStats = z.infer<typeof contestStatsSchema>;

/** Reply of GET /contest/stats. */
export const contestStatsResponseSchema = z.object({ stats: contestStatsSchema });
export type ContestStatsResponse = z.infer<typeof contestStatsResponseSchema>;

/** Spec §3 "History entry". score in points, accuracy in percent of the questions answered (spec §2), totalTime in seconds. */
export const contestHistoryEntrySchema = z.object({
  contestId: z.string(),
  contestTitle: z.string(),
  /** The contest's openTime. */
  contestDate: isoTime,
  score: z.number(),
  accuracy: z.number(),
  rank: z.number().int().nullable(),
  totalTime: z.number(),
  correctAnswers: z.number().int(),
  totalQuestions: z.number().int(),
  badges: z.array(z.string()),
});
export type ContestHistoryEntry = z.infer<typeof contestHistoryEntrySchema>;

/** Spec §3 "Progress summary": over the caller's finalized contests. avgAccuracy in percent. */
export const contestProgressSchema = z.object({
  totalContests: z.number().int(),
  avgScore: z.number(),
  avgAccuracy: z.number(),
  totalBadges: z.number().int(),
  /** Badge display names of every badge earned (with repeats removed). */
  badges: z.array(z.string()),
  /** Most recent first. */
  history: z.array(contestHistoryEntrySchema),
});
export type ContestProgress = z.infer<typeof contestProgressSchema>;

/** Reply of GET /contest/history?limit=: `attempts` are the caller's attempts, most recent first. */
export const contestHistoryResponseSchema = z.object({
  progress: contestProgressSchema,
  attempts: z.array(contestAttemptSchema),
});
export type ContestHistoryResponse = z.infer<typeof contestHistoryResponseSchema>;

/** One question of the details view (spec §3 "Contest details"; numeric answers instead of options, issue #3). */
export const contestDetailsQuestionSchema = z.object({
  questionNumber: z.number().int(),
  difficulty: difficultyLabelSchema,
  /** Seconds (client-reported). */
  timeSpent: z.number(),
  question: z.string(),
  /** Always []: our questions take numeric answers (issue #3). */
  options: z.array(z.string()),
  correctAnswer: z.number(),
  userAnswer: z.number().nullable(),
  isCorrect: z.boolean(),
  explanation: z.string(),
  topics: z.array(z.string()),
});
export type ContestDetailsQuestion = z.infer<typeof contestDetailsQuestionSchema>;

/** Reply of GET /contest/past/{contestId} (after close only): the caller's attempt, question by question. */
export const contestDetailsResponseSchema = z.object({
  contestDetails: z.object({
    contest: contestViewSchema.pick({ _id: true, title: true, openTime: true, closeTime: true }),
    attempt: z.object({
      score: z.number(),
      correctAnswers: z.number().int(),
      totalQuestions: z.number().int(),
      rank: z.number().int().nullable(),
      /** Seconds. */
      totalTime: z.number(),
      badges: z.array(z.string()),
    }),
    questions: z.array(contestDetailsQuestionSchema),
  }),
});
export type ContestDetailsResponse = z.infer<typeof contestDetailsResponseSchema>;
