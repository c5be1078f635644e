/**
 * Figures of the results page's Summary tab (spec §2 "Contest results": Performance, Contest Stats,
 * Time Analysis, Performance Insights). Pure. Times in seconds, scores in points, shares in percent.
 */
import type { RankHonours } from '@mathsprint/shared/domain';
import type { ContestAnswer, DifficultyLabel } from '@mathsprint/shared/protocol';
import { counted } from '../../../../lib/plural';

/** Correct answers (spec §2) from which the strengths note reads 'Excellent work'. */
export const EXCELLENT_CORRECT = 15;

/** Spec §2: accuracy is correct divided by answered. Whole percent 0–100; 0 with nothing answered. */
export function accuracyPercent(correct: number, answered: number): number {
  if (!Number.isFinite(correct) || !Number.isFinite(answered) || answered <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((correct / answered) * 100)));
}

/**
 * Spec §2: pace is answers per total time, times 60 — answers per minute, to one decimal.
 * 0 when no time was recorded.
 */
export function pacePerMinute(answered: number, totalSeconds: number): number {
  if (!Number.isFinite(answered) || !Number.isFinite(totalSeconds) || totalSeconds <= 0 || answered <= 0) return 0;
  return Math.round((answered / totalSeconds) * 60 * 10) / 10;
}

/**
 * Mean seconds spent on an answered question, from the same per-question times as the card's
 * Fastest, Slowest and "each" figures (issue #47: "Per answer" was total time ÷ answers, 19 s,
 * beside "1 s each" on one card: the total also counts reading, skipping and reviewing). Seconds,
 * unrounded (the caller formats); null with nothing answered.
 */
export function secondsPerAnswer(answers: readonly Pick<ContestAnswer, 'userAnswer' | 'timeSpent'>[]): number | null {
  const timed = answers.filter((a) => a.userAnswer !== null && Number.isFinite(a.timeSpent) && a.timeSpent >= 0);
  if (timed.length === 0) return null;
  return timed.reduce((sum, a) => sum + a.timeSpent, 0) / timed.length;
}

/** The number of questions the user answered: the server's count, else the answers holding a number. */
export function answeredOf(attempt: { answeredCount?: number; answers: readonly Pick<ContestAnswer, 'userAnswer'>[] }): number {
  if (typeof attempt.answeredCount === 'number' && Number.isFinite(attempt.answeredCount)) return attempt.answeredCount;
  return attempt.answers.filter((a) => a.userAnswer !== null).length;
}

export interface TimedQuestion {
  /** 1-based question number. */
  questionNumber: number;
  /** Seconds. */
  timeSpent: number;
}

/**
 * The answer times of the Time Analysis card, by the client-reported seconds per answered question:
 * - 'none': nothing answered;
 * - 'single': one answered question (fastest and slowest would name the same one);
 * - 'even': several, all in the same whole second (no fastest or slowest to tell apart);
 * - 'range': the fastest and the slowest (ties: the earlier question).
 */
export type AnswerTimes =
  | { kind: 'none' }
  | { kind: 'single'; question: TimedQuestion }
  | { kind: 'even'; count: number; timeSpent: number }
  | { kind: 'range'; fastest: TimedQuestion; slowest: TimedQuestion };

/** See AnswerTimes. Unanswered questions and non-finite times are left out; seconds are as sent. */
export function answerTimes(answers: readonly Pick<ContestAnswer, 'questionIndex' | 'userAnswer' | 'timeSpent'>[]): AnswerTimes {
  const ordered = answers
    .filter((a) => a.userAnswer !== null && Number.isFinite(a.timeSpent))
    .sort((a, b) => a.questionIndex - b.questionIndex)
    .map((a) => ({ questionNumber: a.questionIndex + 1, timeSpent: a.timeSpent }));
  const [first] = ordered;
  if (!first) return { kind: 'none' };
  if (ordered.length === 1) return { kind: 'single', question: first };
  let fastest = first;
  let slowest = first;
  for (const q of ordered) {
    if (q.timeSpent < fastest.timeSpent) fastest = q;
    if (q.timeSpent > slowest.timeSpent) slowest = q;
  }
  // The Answers tab shows whole seconds: times that read the same there are the same here.
  if (Math.round(fastest.timeSpent) === Math.round(slowest.timeSpent)) return { kind: 'even', count: ordered.length, timeSpent: fastest.timeSpent };
  return { kind: 'range', fastest, slowest };
}

export interface DifficultyRow {
  difficulty: DifficultyLabel;
  correct: number;
  total: number;
}

/**
 * Correct out of questions by difficulty (after close only: before it `isCorrect` and `difficulty`
 * are null). Difficulties without a question are left out.
 */
export function difficultyBreakdown(answers: readonly Pick<ContestAnswer, 'difficulty' | 'isCorrect'>[]): DifficultyRow[] {
  const rows: DifficultyRow[] = (['easy', 'medium', 'hard'] as const).map((difficulty) => ({ difficulty, correct: 0, total: 0 }));
  for (const a of answers) {
    const row = rows.find((r) => r.difficulty === a.difficulty);
    if (!row || a.isCorrect === null) continue;
    row.total += 1;
    if (a.isCorrect) row.correct += 1;
  }
  return rows.filter((r) => r.total > 0);
}

/**
 * A topic tag as a player reads it: the generator's 'order-of-operations' → 'order of operations'.
 */
export function topicLabel(topic: string): string {
  return topic.replace(/[-_]+/g, ' ').trim();
}

/**
 * Topics of the questions missed (wrong or unanswered, after close), most missed first, at most
 * `max`; ties in first-seen order.
 */
export function missedTopics(answers: readonly Pick<ContestAnswer, 'isCorrect' | 'topics'>[], max = 3): string[] {
  const counts = new Map<string, number>();
  for (const a of answers) {
    if (a.isCorrect !== false) continue;
    for (const t of a.topics) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, max)
    .map(([topic]) => topic);
}

/**
 * The strengths note (spec §2: 'Excellent work' at 15 or more correct). Below that, what the user
 * did well, read from accuracy and the number solved.
 */
export function strengthsNote(correct: number, accuracy: number, answered: number): string {
  if (correct >= EXCELLENT_CORRECT) return `Excellent work! ${correct} correct answers show real command of every difficulty level.`;
  if (answered >= 5 && accuracy >= 80) return `Sharp accuracy: ${accuracy}% of the questions you answered were right.`;
  if (correct >= 10) return `Strong foundations: you solved ${correct} questions, including some of the harder ones.`;
  if (correct > 0) return `You solved ${counted(correct, 'question')} under contest pressure — a base to build on.`;
  return 'Showing up is the first step: every contest teaches you the question types to expect.';
}

/** What the player got right and missed, as the attempt tells it from submission on (before close too). */
export interface PaperTally {
  correct: number;
  answered: number;
  /** Questions in the contest (20 in the weekly one). */
  questionCount: number;
}

/** Every question answered, and answered right. */
export function isPerfectPaper({ correct, questionCount }: PaperTally): boolean {
  return questionCount > 0 && correct >= questionCount;
}

/**
 * The "To work on" insight, worded for the outcome:
 * - 'perfect': nothing missed (no "topics you missed" to speak of);
 * - 'topics': after close, the most missed topics (`missedTopics`);
 * - 'unanswered': every answer given was right, `count` questions were left;
 * - 'nothing-answered': no answer at all (the server submits a started attempt at close);
 * - 'at-close': some answers were wrong, and which topics waits for the answers (issue #3);
 * - 'missed': after close, `count` questions missed, without topic tags to name.
 */
export type WorkOnInsight =
  | { kind: 'perfect' }
  | { kind: 'topics'; topics: string[] }
  | { kind: 'unanswered'; count: number }
  | { kind: 'nothing-answered' }
  | { kind: 'at-close' }
  | { kind: 'missed'; count: number };

/**
 * @param tally - counts from the attempt (known from submission on).
 * @param final - the answers are revealed, so `topics` (missedTopics) can be named.
 * @param topics - the most missed topics (after close), else [].
 */
export function workOnInsight(tally: PaperTally, final: boolean, topics: readonly string[]): WorkOnInsight {
  if (isPerfectPaper(tally)) return { kind: 'perfect' };
  if (final && topics.length > 0) return { kind: 'topics', topics: [...topics] };
  if (tally.answered <= 0) return { kind: 'nothing-answered' };
  const wrong = Math.max(0, tally.answered - tally.correct);
  if (wrong === 0) return { kind: 'unanswered', count: Math.max(0, tally.questionCount - tally.answered) };
  if (!final) return { kind: 'at-close' };
  return { kind: 'missed', count: Math.max(0, tally.questionCount - tally.correct) };
}

/** The sentence of a WorkOnInsight other than 'topics' (which the tab renders with its topics in bold). */
export function workOnText(insight: Exclude<WorkOnInsight, { kind: 'topics' }>): string {
  switch (insight.kind) {
    case 'perfect':
      return 'Nothing missed — a perfect paper. What is left is speed: equal scores are ranked by time.';
    case 'unanswered':
      return `Every answer you gave was right; ${counted(insight.count, 'question')} ${insight.count === 1 ? 'was' : 'were'} left unanswered. Work on pace so that you reach them all.`;
    case 'nothing-answered':
      return 'No question was answered this time. Try the first few: the easy ones come first and count as much as the hard ones.';
    case 'at-close':
      return 'The topics you missed are shown once the contest closes and the answers are revealed.';
    case 'missed':
      return `You missed ${counted(insight.count, 'question')}: review them in the Answers tab.`;
  }
}

/**
 * The next-steps text (spec §2: it differs for rank 10 or better; ours also for the podium and for
 * first), as far as the place's `honours` hold (issue #47: a field larger than the rank, never the
 * last place, so the last of 4 is not told to push for the podium). Without a rank honour (or
 * before close, honours null) it fits the paper: a perfect one is told about time, one with only
 * unanswered questions about pace, the rest about the topics missed.
 * It says "the next contest", never a weekday: the operator's CONTEST_CRON may move the contest off
 * the spec's Friday.
 */
export function nextStepsText(honours: RankHonours | null, tally: PaperTally): string {
  if (honours?.top10 || honours?.top3 || honours?.winner) {
    if (honours.winner) return 'Defend your title in the next contest: keep your speed up on the hardest questions, where ties are decided by time.';
    if (honours.top3) return 'You made the podium. Go for first place in the next contest: every hard question you get right counts most.';
    return 'You are in the top 10. Push for the podium in the next contest: shave seconds off the easy questions and bank time for the hard ones.';
  }
  if (isPerfectPaper(tally)) return 'Keep the perfect score in the next contest and finish faster: among equal scores, the quickest ranks first.';
  if (tally.answered > 0 && tally.correct >= tally.answered) {
    return 'Practise the daily sets to build speed, so that you reach every question in the next contest.';
  }
  return 'Practise the daily sets, starting with the topics you missed, and aim for the top 10 in the next contest.';
}

/** A rating change as the signed whole-point delta, e.g. '+32', '−5', '±0'. */
export function ratingDeltaText(change: { before: number; after: number } | null): string | null {
  if (!change) return null;
  const delta = Math.round(change.after) - Math.round(change.before);
  if (delta === 0) return '±0';
  return delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`;
}
