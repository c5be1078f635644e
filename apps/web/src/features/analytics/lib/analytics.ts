/**
 * Personal contest analytics (spec §2 "Analytics panel", §3 "Progress summary", "History entry",
 * "Contest details"; §9 "Analytics charts use the 10 most recent contests, oldest first"). Pure
 * shaping of GET /contest/history and GET /contest/past/{id} for the panel's tiles, charts and
 * details view; no I/O, no Chart.js.
 */
import { CONTEST } from '@mathsprint/shared/constants';
import { CONTEST_BADGE_NAMES } from '@mathsprint/shared/domain';
import type { ContestAttempt, ContestHistoryEntry, ContestProgress } from '@mathsprint/shared/protocol';

/** One overview tile: a label, its display value and the value's unit, if any. */
export interface OverviewTile {
  label: string;
  value: string;
  /** Shown small after the value, e.g. 'pts'. */
  unit?: string;
}

/** Points with at most one decimal; non-finite → "0". */
function oneDecimal(n: number): string {
  return Number.isFinite(n) ? String(Math.round(n * 10) / 10) : '0';
}

/**
 * The four Overview tiles (spec §2): total contests, average score (points, 1 decimal), average
 * accuracy (% rounded), total badges.
 */
export function overviewTiles(progress: Pick<ContestProgress, 'totalContests' | 'avgScore' | 'avgAccuracy' | 'totalBadges'>): OverviewTile[] {
  return [
    { label: 'Total contests', value: String(progress.totalContests) },
    { label: 'Average score', value: oneDecimal(progress.avgScore), unit: 'pts' },
    { label: 'Average accuracy', value: `${Number.isFinite(progress.avgAccuracy) ? Math.round(progress.avgAccuracy) : 0}%` },
    { label: 'Total badges', value: String(progress.totalBadges) },
  ];
}

/** Chart series: parallel arrays, one element per contest, OLDEST FIRST. */
export interface ChartSeries {
  /** Short date of each contest, e.g. "27 Nov". */
  labels: string[];
  /** Contest titles, for tooltips. */
  titles: string[];
  /** Score in points. */
  scores: number[];
  /** Accuracy in percent (0–100). */
  accuracy: number[];
}

/**
 * The line (score) and bar (accuracy) chart series (spec §2, §9): the `limit` most recent contests
 * (default 10, CONTEST.chartContests), oldest first. `history` may come in any order: it is sorted
 * by contestDate (the server sends most recent first).
 *
 * @param formatLabel - label of a contest date (ISO 8601); default `shortDate` in the browser's locale.
 */
export function chartSeries(
  history: readonly ContestHistoryEntry[],
  limit: number = CONTEST.chartContests,
  formatLabel: (iso: string) => string = (iso) => shortDate(iso),
): ChartSeries {
  const recentFirst = [...history].sort((a, b) => Date.parse(b.contestDate) - Date.parse(a.contestDate));
  const chosen = recentFirst.slice(0, Math.max(0, limit)).reverse();
  return {
    labels: chosen.map((h) => formatLabel(h.contestDate)),
    titles: chosen.map((h) => h.contestTitle),
    scores: chosen.map((h) => h.score),
    accuracy: chosen.map((h) => Math.round(h.accuracy * 10) / 10),
  };
}

/** The doughnut's three counts (questions) over the whole history. */
export interface AnswerTotals {
  correct: number;
  /** Answered wrong. */
  incorrect: number;
  /** Left blank. */
  unanswered: number;
}

/**
 * Correct against incorrect answers over the whole history (spec §2 doughnut), with the questions
 * left blank apart, as the details view marks them 'Not answered': a paper of 3 right, 1 wrong and
 * 16 blank is not "17 incorrect" beside an average accuracy of 75 %. The wrong count of a contest
 * comes from its attempt (GET /contest/history `attempts`, matched by contestId._id); without one,
 * every question not answered correctly counts as incorrect.
 */
export function answerTotals(
  history: readonly ContestHistoryEntry[],
  attempts: readonly Pick<ContestAttempt, 'contestId' | 'wrongCount'>[] = [],
): AnswerTotals {
  const wrongByContest = new Map(attempts.map((a) => [a.contestId._id, a.wrongCount]));
  let correct = 0;
  let incorrect = 0;
  let unanswered = 0;
  for (const h of history) {
    const c = Math.max(0, h.correctAnswers);
    const notCorrect = Math.max(0, h.totalQuestions - c);
    const wrong = wrongByContest.get(h.contestId);
    // null before the contest's close (issue #47); history entries are only of finalized contests anyway.
    const w = wrong === undefined || wrong === null || !Number.isFinite(wrong) ? notCorrect : Math.min(notCorrect, Math.max(0, wrong));
    correct += c;
    incorrect += w;
    unanswered += notCorrect - w;
  }
  return { correct, incorrect, unanswered };
}

/** A contest date as "27 Nov" (locale and zone pinned by tests; the browser's by default). */
export function shortDate(iso: string, locale?: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone }).format(ms);
}

/** A contest date as "27 Nov 2026, 15:30" for the history timeline. */
export function longDate(iso: string, locale?: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(ms);
}

/** Rank as "#3", or 'N/A' when there is none (spec §2 details: "rank (N/A if none)"). */
export function formatRank(rank: number | null | undefined): string {
  return typeof rank === 'number' && Number.isFinite(rank) && rank >= 1 ? `#${rank}` : 'N/A';
}

/**
 * The figures of a History entry beside its score, each labelled, so that "1/20" (correct of all
 * questions) beside "100%" (accuracy, correct of those answered) does not read as a contradiction:
 * ["1/20 correct", "100% accuracy", "Rank #2"] ('Rank N/A' when unranked). The time is added by the
 * caller as m:ss.
 */
export function historyFigures(entry: Pick<ContestHistoryEntry, 'correctAnswers' | 'totalQuestions' | 'accuracy' | 'rank'>): string[] {
  const accuracy = Number.isFinite(entry.accuracy) ? Math.round(Math.min(100, Math.max(0, entry.accuracy))) : 0;
  return [`${entry.correctAnswers}/${entry.totalQuestions} correct`, `${accuracy}% accuracy`, `Rank ${formatRank(entry.rank)}`];
}

/**
 * A numeric answer for display: the number as the user typed it would read; null → 'Not answered'
 * (the contest results' Answers tab's words for a question never answered).
 */
export function formatAnswer(answer: number | null | undefined): string {
  if (answer === null || answer === undefined || !Number.isFinite(answer)) return 'Not answered';
  return String(answer);
}

/**
 * Difficulty as shown (spec §3 "Contest details": easy, medium, or any other value treated as
 * hard): its CSS tone and label.
 */
export function difficultyDisplay(difficulty: string | null | undefined): { tone: 'easy' | 'medium' | 'hard'; label: string } {
  if (difficulty === 'easy') return { tone: 'easy', label: 'Easy' };
  if (difficulty === 'medium') return { tone: 'medium', label: 'Medium' };
  return { tone: 'hard', label: 'Hard' };
}

const CODE_BY_NAME: ReadonlyMap<string, string> = new Map(Object.entries(CONTEST_BADGE_NAMES).map(([code, name]) => [name, code]));

/**
 * The badge code for a display name (the progress summary lists badge NAMES, spec §3), so the
 * badge chip can pick its icon; a code or an unknown name is returned unchanged.
 */
export function badgeCodeFor(nameOrCode: string): string {
  return CODE_BY_NAME.get(nameOrCode) ?? nameOrCode;
}

/** The panel's views (spec §4 "Analytics panel view": overview, history or details). */
export type AnalyticsView = { kind: 'overview' } | { kind: 'history' } | { kind: 'details'; contestId: string };

export type AnalyticsViewAction =
  | { type: 'tab'; tab: 'overview' | 'history' }
  | { type: 'open'; contestId: string }
  | { type: 'back' };

/**
 * Transitions of the panel's view (spec §4): the tabs switch overview/history; clicking a history
 * item opens its details; back returns to the overview.
 */
export function analyticsViewReducer(view: AnalyticsView, action: AnalyticsViewAction): AnalyticsView {
  switch (action.type) {
    case 'tab':
      return view.kind === action.tab ? view : { kind: action.tab };
    case 'open':
      return { kind: 'details', contestId: action.contestId };
    case 'back':
      return { kind: 'overview' };
  }
}
