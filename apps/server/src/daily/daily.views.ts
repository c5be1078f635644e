/**
 * Wire shapes of daily practice (protocol/daily.ts) built from stored records and the regenerated
 * questions. Pure.
 */
import { DAILY_SECTIONS, dailySectionQuestions, isSectionUnlocked, type Question } from '@mathsprint/shared/domain';
import type {
  DailyAnswerReview,
  DailyComment,
  DailyRankingEntry,
  DailySectionKey,
  DailySectionResult,
  DailySectionSummary,
  SeasonEntry,
} from '@mathsprint/shared/protocol';
import type { CommentRecord } from './daily-comments.repo.js';
import type { AnswerRecord, RankingRow, SeasonRow, SubmissionRecord } from './daily.repo.js';

/** Whole seconds of a duration in ms, rounded to the nearest (a 0.4 s submission shows 0). */
export const secondsOf = (ms: number): number => Math.round(ms / 1000);

/** Today's section cards for a user with `rating`, marking the ones they submitted (`points` by key). */
export function sectionSummaries(rating: number, points: ReadonlyMap<DailySectionKey, number>): DailySectionSummary[] {
  return DAILY_SECTIONS.map((s) => ({
    key: s.key,
    title: s.title,
    count: s.count,
    unlocked: isSectionUnlocked(s.key, rating),
    difficulty: s.difficulty,
    description: s.description,
    unlockRating: s.unlockRating,
    weight: s.weight,
    submitted: points.has(s.key),
    practicePoints: points.get(s.key) ?? null,
  }));
}

/** The review of a submitted section: every question with the user's answer, the answer and its explanation. */
export function sectionResult(questions: readonly Question[], submission: SubmissionRecord, answers: readonly AnswerRecord[]): DailySectionResult {
  const byIndex = new Map(answers.map((a) => [a.questionIndex, a]));
  const review: DailyAnswerReview[] = questions.map((q, i) => {
    const a = byIndex.get(i);
    return {
      questionIndex: i,
      question: q.text,
      userAnswer: a?.userAnswer ?? null,
      correctAnswer: q.answer,
      isCorrect: a?.isCorrect ?? false,
      explanation: q.explanation,
      timeMs: a?.timeMs ?? 0,
      topic: q.topic,
    };
  });
  return {
    practicePoints: submission.practicePoints,
    basePoints: submission.basePoints,
    speedBonus: submission.speedBonus,
    correctCount: submission.correctCount,
    total: submission.total,
    timeTakenSeconds: secondsOf(submission.timeTakenMs),
    submittedAt: new Date(submission.submittedMs).toISOString(),
    answers: review,
  };
}

/** Regenerated questions of a section, memoised per date and key (a day has four sets). */
const questionCache = new Map<string, Question[]>();
const QUESTION_CACHE_MAX = 64;

export function questionsOf(date: string, sectionKey: DailySectionKey): Question[] {
  const key = `${date}:${sectionKey}`;
  let questions = questionCache.get(key);
  if (!questions) {
    questions = dailySectionQuestions(date, sectionKey);
    if (questionCache.size >= QUESTION_CACHE_MAX) questionCache.delete(questionCache.keys().next().value!);
    questionCache.set(key, questions);
  }
  return questions;
}

/** Ranked rows: rank is the 1-based position (the order already breaks ties by time and submission). */
export function rankingEntries(rows: readonly RankingRow[]): DailyRankingEntry[] {
  return rows.map((r, i) => ({
    rank: i + 1,
    user: { _id: r.userId, name: r.name },
    practicePoints: r.practicePoints,
    timeTakenSeconds: secondsOf(r.timeTakenMs),
    correctCount: r.correctCount,
  }));
}

/** Season rows with competition ranks from `rankOf` (ratings rounded to whole points, as the global board). */
export function seasonEntries(rows: readonly SeasonRow[], rankOf: (points: number) => number): SeasonEntry[] {
  return rows.map((r) => ({
    rank: rankOf(r.seasonPoints),
    _id: r.userId,
    name: r.name,
    seasonPoints: r.seasonPoints,
    rating: Math.round(r.rating),
    rd: Math.round(r.rd),
  }));
}

export function commentView(c: CommentRecord): DailyComment {
  return {
    _id: c.id,
    text: c.text,
    user: { _id: c.userId, name: c.userName },
    createdAt: new Date(c.createdMs).toISOString(),
    votes: c.votes,
    date: c.date,
    sectionKey: c.sectionKey,
  };
}
