import { describe, expect, it } from 'vitest';
import { badgeName, contestQuestions } from '@mathsprint/shared/domain';
import { contestProgress, leaderboardEntry, statsView } from './contest-standings.js';
import {
  answerViews,
  attemptTimeMs,
  contestStatus,
  emailLocalPart,
  isRevealed,
  scoreAnswers,
  startedAttempt,
  type AttemptRecord,
  type ContestRecord,
} from './contest-views.js';

const contest: ContestRecord = {
  id: 'c1',
  title: 'Weekly Math Contest',
  openMs: 1_000_000,
  closeMs: 1_000_000 + 600_000,
  durationMinutes: 10,
  questionCount: 4,
  seed: 'views-test',
  questionVersion: 2,
};
const questions = contestQuestions(contest.seed, contest.questionCount, contest.questionVersion);

const attempt = (over: Partial<AttemptRecord>): AttemptRecord => ({ ...startedAttempt('a1', { contestId: contest.id, userId: 'u1' }, contest.openMs), ...over });

describe('contest status and reveal (spec §4, issue #3)', () => {
  it('is live from openTime to closeTime inclusive and reveals only after closeTime', () => {
    expect(contestStatus(contest, contest.openMs - 1)).toBe('upcoming');
    expect(contestStatus(contest, contest.openMs)).toBe('live');
    expect(contestStatus(contest, contest.closeMs)).toBe('live');
    expect(contestStatus(contest, contest.closeMs + 1)).toBe('completed');
    expect(isRevealed(contest, contest.closeMs)).toBe(false);
    expect(isRevealed(contest, contest.closeMs + 1)).toBe(true);
  });
});

describe('scoreAnswers', () => {
  it('gives 5 points per correct answer, wrong = answered − correct, and ignores unknown indexes', () => {
    const [q0, q1] = questions;
    const score = scoreAnswers(questions, [
      { questionIndex: 0, userAnswer: q0?.answer ?? 0, timeSpent: 1 },
      { questionIndex: 1, userAnswer: (q1?.answer ?? 0) + 1, timeSpent: 1 },
      { questionIndex: 9, userAnswer: 0, timeSpent: 1 },
    ]);
    expect(score).toEqual({ totalScore: 5, correctCount: 1, wrongCount: 1, answeredCount: 2 });
  });
});

describe('attemptTimeMs', () => {
  it('is submission − start, never negative, capped at the duration', () => {
    expect(attemptTimeMs(1_000, 61_000, 10)).toBe(60_000);
    expect(attemptTimeMs(1_000, 500, 10)).toBe(0);
    expect(attemptTimeMs(0, 3_600_000, 10)).toBe(600_000);
  });
});

describe('answerViews', () => {
  it('hides everything but the given answer before close', () => {
    const [view] = answerViews([{ questionIndex: 2, userAnswer: 7, timeSpent: 3 }], { revealed: false });
    expect(view).toEqual({
      questionIndex: 2,
      userAnswer: 7,
      timeSpent: 3,
      correctAnswer: null,
      isCorrect: null,
      points: null,
      explanation: null,
      question: null,
      difficulty: null,
      topics: [],
    });
  });

  it('lists every question after close, unanswered ones with a null answer', () => {
    const views = answerViews([{ questionIndex: 1, userAnswer: questions[1]?.answer ?? 0, timeSpent: 2 }], { revealed: true, questions });
    expect(views).toHaveLength(4);
    expect(views[0]).toMatchObject({ userAnswer: null, isCorrect: false, points: 0, correctAnswer: questions[0]?.answer });
    expect(views[1]).toMatchObject({ isCorrect: true, points: 5, explanation: questions[1]?.explanation, question: questions[1]?.text });
  });
});

describe('emailLocalPart and leaderboardEntry (spec §2: local part only)', () => {
  it('keeps what is before the @', () => {
    expect(emailLocalPart('ann.smith@example.com')).toBe('ann.smith');
    expect(emailLocalPart(null)).toBeNull();
  });

  it("names a nameless participant 'Anonymous' and gives seconds", () => {
    const entry = leaderboardEntry({
      attemptId: 'a',
      userId: 'u',
      name: ' ',
      email: 'x@y.z',
      rank: 1,
      totalScore: 20,
      correctCount: 4,
      totalTimeMs: 12_345,
      badges: ['contest-winner'],
    });
    expect(entry).toEqual({
      _id: 'a',
      userId: { _id: 'u', name: 'Anonymous', email: 'x' },
      rank: 1,
      totalScore: 20,
      correctCount: 4,
      totalTimeSpent: 12,
      badges: ['contest-winner'],
    });
  });
});

describe('statsView', () => {
  it('shows counts always and averages only once closed, to one decimal', () => {
    const row = { registered: 3, submitted: 2, avgScore: 52.5, avgTimeMs: 123_456, avgCorrect: 10.5 };
    expect(statsView(row, false)).toEqual({ totalRegistered: 3, completedAttempts: 2, averageScore: 0, completionRate: 66.7, averageTimeSpent: 0, averageCorrect: 0, averagesPublished: false });
    expect(statsView(row, true)).toEqual({ totalRegistered: 3, completedAttempts: 2, averageScore: 52.5, completionRate: 66.7, averageTimeSpent: 123.5, averageCorrect: 10.5, averagesPublished: true });
    expect(statsView({ registered: 0, submitted: 0, avgScore: null, avgTimeMs: null, avgCorrect: null }, true).completionRate).toBe(0);
  });
});

describe('contestProgress (spec §3 "Progress summary")', () => {
  it('averages score and accuracy, counts every badge, names each badge once, best first', () => {
    const older = { ...contest, id: 'c0', openMs: 0, closeMs: 600_000 };
    const progress = contestProgress([
      { contest, attempt: attempt({ totalScore: 20, correctCount: 4, answeredCount: 4, rank: 1, badges: ['contest-winner', 'contest-participant'] }) },
      { contest: older, attempt: attempt({ contestId: 'c0', totalScore: 10, correctCount: 2, wrongCount: 2, answeredCount: 4, rank: 3, badges: ['contest-participant', 'mystery'] }) },
    ]);
    expect(progress).toMatchObject({ totalContests: 2, avgScore: 15, avgAccuracy: 75, totalBadges: 4 });
    expect(progress.badges).toEqual([badgeName('contest-winner'), badgeName('contest-participant'), 'mystery']);
    expect(progress.history.map((h) => [h.contestId, h.accuracy])).toEqual([
      ['c1', 100],
      ['c0', 50],
    ]);
  });

  it('counts accuracy over the questions answered, as the results page does (spec §2), 0 with none answered', () => {
    const progress = contestProgress([
      { contest, attempt: attempt({ correctCount: 4, wrongCount: 1, answeredCount: 5, rank: 1 }) },
      { contest, attempt: attempt({ id: 'a2', rank: 2 }) },
    ]);
    expect(progress.history.map((h) => [h.accuracy, h.correctAnswers, h.totalQuestions])).toEqual([
      [80, 4, contest.questionCount],
      [0, 0, contest.questionCount],
    ]);
    expect(progress.avgAccuracy).toBe(40);
  });

  it('is all zeros without finalized contests', () => {
    expect(contestProgress([])).toEqual({ totalContests: 0, avgScore: 0, avgAccuracy: 0, totalBadges: 0, badges: [], history: [] });
  });
});
