/**
 * Weekly contest records and their wire shapes (spec §3 entities, §7; protocol/contest.ts). Pure:
 * scoring an attempt's answers, the time rule, and the contest and attempt bodies built from stored
 * rows; the standings built over many attempts (history, progress, leaderboard, stats) are
 * contest-standings.ts.
 * The one rule that runs through all of it (issue #3): correct answers, correctness and
 * explanations appear only once the contest's close time has passed (`revealed`).
 */
import { CONTEST } from '@mathsprint/shared/constants';
import {
  contestScore,
  difficultyLabel,
  isCorrectAnswer,
  type GeneratorVersion,
  type Question,
} from '@mathsprint/shared/domain';
import type {
  AttemptContestRef,
  ContestAnswer,
  ContestAttempt,
  ContestDetailsResponse,
  ContestQuestion,
  ContestStage,
  ContestStatus,
  ContestView,
} from '@mathsprint/shared/protocol';
import type { StoredRatingChange } from '../rating/rating.service.js';

/** A stored contest. Everything but the stage is fixed at creation, so it is cached for good. Times in epoch ms. */
export interface ContestRecord {
  id: string;
  title: string;
  openMs: number;
  /** openMs + durationMinutes; live from openMs to closeMs inclusive (spec §4). */
  closeMs: number;
  durationMinutes: number;
  questionCount: number;
  /** Seed of `contestQuestions`; never leaves the server. */
  seed: string;
  /** Generator version `contestQuestions` draws the seed with (contests.question_version). */
  questionVersion: GeneratorVersion;
}

/** A stored attempt (contest_attempts row). Times in epoch ms, scores in points. */
export interface AttemptRecord {
  id: string;
  contestId: string;
  userId: string;
  startedMs: number | null;
  submittedMs: number | null;
  autoSubmitted: boolean;
  totalScore: number;
  correctCount: number;
  wrongCount: number;
  answeredCount: number;
  /** Server-measured ms from start to submission, at most the contest's duration. */
  totalTimeMs: number;
  rank: number | null;
  percentile: number | null;
  badges: string[];
}

/**
 * An attempt as its first start leaves it (epoch ms `startedMs`). Until then only registration wrote the row (answers,
 * submissions and the close all need started_at), so every other column still has its default.
 */
export function startedAttempt(id: string, item: { contestId: string; userId: string }, startedMs: number): AttemptRecord {
  return {
    id,
    contestId: item.contestId,
    userId: item.userId,
    startedMs,
    submittedMs: null,
    autoSubmitted: false,
    totalScore: 0,
    correctCount: 0,
    wrongCount: 0,
    answeredCount: 0,
    totalTimeMs: 0,
    rank: null,
    percentile: null,
    badges: [],
  };
}

/** A stored answer (contest_answers row); timeSpent in client-reported seconds. */
export interface StoredAnswer {
  questionIndex: number;
  userAnswer: number;
  timeSpent: number;
}

/** An attempt's score (issue #3: 5 points per correct answer; wrong = answered − correct). */
export interface AttemptScore {
  totalScore: number;
  correctCount: number;
  wrongCount: number;
  answeredCount: number;
}

/** Status on the clock (spec §4): upcoming before openTime, live from openTime to closeTime inclusive, completed after. */
export function contestStatus(contest: Pick<ContestRecord, 'openMs' | 'closeMs'>, nowMs: number): ContestStatus {
  if (nowMs < contest.openMs) return 'upcoming';
  return nowMs <= contest.closeMs ? 'live' : 'completed';
}

/** Whether answers and explanations may be shown: strictly after closeTime (issue #3). */
export function isRevealed(contest: Pick<ContestRecord, 'closeMs'>, nowMs: number): boolean {
  return nowMs > contest.closeMs;
}

/** Most points of an attempt: 5 × questionCount (100 for the weekly contest, spec §9). */
export function maxScore(contest: Pick<ContestRecord, 'questionCount'>): number {
  return contestScore(contest.questionCount);
}

/**
 * Scores answers against the contest's questions with the shared answer check (`isCorrectAnswer`,
 * equal in hundredths). Answers to indexes outside the contest are ignored.
 */
export function scoreAnswers(questions: readonly Question[], answers: readonly StoredAnswer[]): AttemptScore {
  let answeredCount = 0;
  let correctCount = 0;
  for (const answer of answers) {
    const question = questions[answer.questionIndex];
    if (!question) continue;
    answeredCount++;
    if (isCorrectAnswer(question, answer.userAnswer)) correctCount++;
  }
  return { totalScore: contestScore(correctCount), correctCount, wrongCount: answeredCount - correctCount, answeredCount };
}

/**
 * Server-measured attempt time in ms (issue #3 ranking tie-breaker): submission − start, between 0
 * and the contest's duration (an auto-submission at close counts closeTime − start).
 */
export function attemptTimeMs(startedMs: number, submittedMs: number, durationMinutes: number): number {
  return Math.min(Math.max(0, submittedMs - startedMs), durationMinutes * 60_000);
}

/** Rounds to `decimals` places (1 for averages and percentages on the wire). */
export function round(value: number, decimals = 1): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * ms → whole seconds on the wire, to the nearest (spec §3: totalTimeSpent, totalTime in seconds;
 * §2 shows them as m:ss), as the daily boards' timeTakenSeconds. Ranks are decided on the ms.
 */
export function seconds(ms: number): number {
  return Math.round(ms / 1000);
}

/** The local part of an email address, the only part a leaderboard may show (spec §2 "Contest results"). */
export function emailLocalPart(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf('@');
  return at < 0 ? email : email.slice(0, at);
}

/** The contest as an attempt nests it (spec §3 "contestId (with _id)"). */
export function contestRef(contest: ContestRecord): AttemptContestRef {
  return {
    _id: contest.id,
    title: contest.title,
    openTime: new Date(contest.openMs).toISOString(),
    closeTime: new Date(contest.closeMs).toISOString(),
    questionCount: contest.questionCount,
  };
}

/** The questions as participants see them: text, points, difficulty, topics, never the answer (issue #3). */
export function publicQuestions(questions: readonly Question[]): ContestQuestion[] {
  return questions.map((q, questionIndex) => ({
    questionIndex,
    question: q.text,
    points: CONTEST.pointsPerQuestion,
    difficulty: difficultyLabel(q.difficulty),
    difficultyLevel: q.difficulty,
    topics: [q.topic],
  }));
}

/**
 * A ContestView without `registeredUsers` (the service splices in that list, cached as JSON: it
 * holds every registered id and is the bulk of the body).
 */
export function contestViewFields(
  contest: ContestRecord,
  stage: ContestStage,
  registration: { count: number; callerRegistered: boolean },
  nowMs: number,
): Omit<ContestView, 'registeredUsers'> {
  return {
    _id: contest.id,
    title: contest.title,
    openTime: new Date(contest.openMs).toISOString(),
    closeTime: new Date(contest.closeMs).toISOString(),
    durationMinutes: contest.durationMinutes,
    questionCount: contest.questionCount,
    registeredCount: registration.count,
    registered: registration.callerRegistered,
    status: contestStatus(contest, nowMs),
    stage,
    serverTime: new Date(nowMs).toISOString(),
  };
}

function attemptStatus(attempt: AttemptRecord): ContestAttempt['status'] {
  if (attempt.submittedMs !== null) return 'submitted';
  return attempt.startedMs !== null ? 'in-progress' : 'registered';
}

/**
 * The answers of an attempt. Not revealed: the stored answers only, with `questionIndex`,
 * `userAnswer` and `timeSpent` and every other field null (protocol ContestAnswer). Revealed: one
 * entry per question, with the user's answer (null if never answered), the correct answer,
 * correctness, points earned, explanation, text, difficulty and topics.
 */
export function answerViews(
  answers: readonly StoredAnswer[],
  options: { revealed: false } | { revealed: true; questions: readonly Question[] },
): ContestAnswer[] {
  const sorted = [...answers].sort((a, b) => a.questionIndex - b.questionIndex);
  if (!options.revealed) {
    return sorted.map((a) => ({
      questionIndex: a.questionIndex,
      userAnswer: a.userAnswer,
      timeSpent: a.timeSpent,
      correctAnswer: null,
      isCorrect: null,
      points: null,
      explanation: null,
      question: null,
      difficulty: null,
      topics: [],
    }));
  }
  const byIndex = new Map(sorted.map((a) => [a.questionIndex, a]));
  return options.questions.map((q, questionIndex) => {
    const given = byIndex.get(questionIndex);
    const isCorrect = given !== undefined && isCorrectAnswer(q, given.userAnswer);
    return {
      questionIndex,
      userAnswer: given?.userAnswer ?? null,
      timeSpent: given?.timeSpent ?? 0,
      correctAnswer: q.answer,
      isCorrect,
      points: isCorrect ? CONTEST.pointsPerQuestion : 0,
      explanation: q.explanation,
      question: q.text,
      difficulty: difficultyLabel(q.difficulty),
      topics: [q.topic],
    };
  });
}

/**
 * An attempt on the wire (spec §3 "Contest attempt"). Score and counts are null until close (issue
 * #47: else they grade a candidate answer); rank, percentile, badges from finalization; answers as
 * `answerViews` (revealed after close). `ratingChange` in whole rating points, null until rated.
 */
export function attemptView(
  contest: ContestRecord,
  attempt: AttemptRecord,
  answers: readonly StoredAnswer[],
  options: { revealed: boolean; questions: readonly Question[]; ratingChange: StoredRatingChange | null },
): ContestAttempt {
  const rc = options.ratingChange;
  return {
    _id: attempt.id,
    contestId: contestRef(contest),
    userId: attempt.userId,
    status: attemptStatus(attempt),
    startedAt: attempt.startedMs === null ? null : new Date(attempt.startedMs).toISOString(),
    submittedAt: attempt.submittedMs === null ? null : new Date(attempt.submittedMs).toISOString(),
    autoSubmitted: attempt.autoSubmitted,
    totalScore: options.revealed ? attempt.totalScore : null,
    correctCount: options.revealed ? attempt.correctCount : null,
    wrongCount: options.revealed ? attempt.wrongCount : null,
    answeredCount: attempt.answeredCount,
    totalTimeSpent: seconds(attempt.totalTimeMs),
    rank: attempt.rank,
    percentile: attempt.percentile,
    badges: attempt.badges,
    ratingChange: rc
      ? {
          before: Math.round(rc.ratingBefore),
          after: Math.round(rc.ratingAfter),
          rdBefore: Math.round(rc.rdBefore),
          rdAfter: Math.round(rc.rdAfter),
        }
      : null,
    answers: options.revealed ? answerViews(answers, { revealed: true, questions: options.questions }) : answerViews(answers, { revealed: false }),
  };
}

/**
 * GET /contest/past/{contestId} body (spec §3 "Contest details", issue #3: numeric answers, so
 * `options` is [] and the user's answer sits beside the correct one). Only for a revealed contest:
 * the caller checks the clock. Score and correct count are recomputed from the answers, so a
 * contest whose close has not been processed yet still shows the right figures.
 */
export function contestDetails(
  contest: ContestRecord,
  attempt: AttemptRecord,
  answers: readonly StoredAnswer[],
  questions: readonly Question[],
): ContestDetailsResponse['contestDetails'] {
  const score = scoreAnswers(questions, answers);
  const byIndex = new Map(answers.map((a) => [a.questionIndex, a]));
  const timeMs =
    attempt.submittedMs !== null && attempt.startedMs !== null
      ? attempt.totalTimeMs
      : attempt.startedMs !== null
        ? attemptTimeMs(attempt.startedMs, contest.closeMs, contest.durationMinutes)
        : 0;
  return {
    contest: {
      _id: contest.id,
      title: contest.title,
      openTime: new Date(contest.openMs).toISOString(),
      closeTime: new Date(contest.closeMs).toISOString(),
    },
    attempt: {
      score: score.totalScore,
      correctAnswers: score.correctCount,
      totalQuestions: contest.questionCount,
      rank: attempt.rank,
      totalTime: seconds(timeMs),
      badges: attempt.badges,
    },
    questions: questions.map((q, i) => {
      const given = byIndex.get(i);
      return {
        questionNumber: i + 1,
        difficulty: difficultyLabel(q.difficulty),
        timeSpent: given?.timeSpent ?? 0,
        question: q.text,
        options: [],
        correctAnswer: q.answer,
        userAnswer: given?.userAnswer ?? null,
        isCorrect: given !== undefined && isCorrectAnswer(q, given.userAnswer),
        explanation: q.explanation,
        topics: [q.topic],
      };
    }),
  };
}
