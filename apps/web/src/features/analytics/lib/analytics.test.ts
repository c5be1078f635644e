import type { ContestHistoryEntry } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import {
  analyticsViewReducer,
  answerTotals,
  badgeCodeFor,
  chartSeries,
  difficultyDisplay,
  formatAnswer,
  formatRank,
  historyFigures,
  longDate,
  overviewTiles,
  shortDate,
} from './analytics';

/** Contest n (1-based) took place n weeks after 2026-01-02, scored 5n points with accuracy 4n %. */
function entry(n: number): ContestHistoryEntry {
  const date = new Date(Date.parse('2026-01-02T15:30:00Z') + (n - 1) * 7 * 86_400_000).toISOString();
  return {
    contestId: `c${n}`,
    contestTitle: `Contest ${n}`,
    contestDate: date,
    score: 5 * n,
    accuracy: 4 * n,
    rank: n,
    totalTime: 300 + n,
    correctAnswers: n,
    totalQuestions: 20,
    badges: ['contest-participant'],
  };
}

// The server sends most recent first: contests 12, 11, ..., 1.
const history = Array.from({ length: 12 }, (_, i) => entry(12 - i));

describe('chartSeries (spec §2, §9: 10 most recent contests, oldest first)', () => {
  it('keeps the 10 most recent and puts the oldest first', () => {
    const s = chartSeries(history, 10, (iso) => iso.slice(0, 10));
    expect(s.titles).toEqual(['Contest 3', 'Contest 4', 'Contest 5', 'Contest 6', 'Contest 7', 'Contest 8', 'Contest 9', 'Contest 10', 'Contest 11', 'Contest 12']);
    expect(s.scores).toEqual([15, 20, 25, 30, 35, 40, 45, 50, 55, 60]);
    expect(s.accuracy).toEqual([12, 16, 20, 24, 28, 32, 36, 40, 44, 48]);
    expect(s.labels[0]).toBe('2026-01-16');
    expect(s.labels[9]).toBe('2026-03-20');
  });

  it('orders by date whatever order the history comes in', () => {
    const shuffled = [entry(2), entry(5), entry(1), entry(4), entry(3)];
    expect(chartSeries(shuffled).scores).toEqual([5, 10, 15, 20, 25]);
  });

  it('is empty for an empty history', () => {
    expect(chartSeries([])).toEqual({ labels: [], titles: [], scores: [], accuracy: [] });
  });
});

describe('answerTotals (doughnut)', () => {
  it('sums correct and everything not correct over the whole history', () => {
    // correct 1..12 → 78; questions 12 × 20 = 240 → incorrect 162.
    expect(answerTotals(history)).toEqual({ correct: 78, incorrect: 162, unanswered: 0 });
    expect(answerTotals([])).toEqual({ correct: 0, incorrect: 0, unanswered: 0 });
  });

  it('keeps the questions left blank apart when the attempts give the wrong counts', () => {
    const ref = (id: string) => ({ _id: id, title: id, openTime: '', closeTime: '', questionCount: 20 });
    // c1: 1 right, 2 wrong, 17 blank; c2: 2 right, no attempt → 18 incorrect; c3: wrong count too big → capped.
    const attempts = [
      { contestId: ref('c1'), wrongCount: 2 },
      { contestId: ref('c3'), wrongCount: 99 },
    ];
    expect(answerTotals([entry(1), entry(2), entry(3)], attempts)).toEqual({ correct: 6, incorrect: 2 + 18 + 17, unanswered: 17 });
  });
});

describe('overviewTiles (spec §2 four tiles)', () => {
  it('shows total contests, average score, average accuracy %, total badges', () => {
    expect(overviewTiles({ totalContests: 7, avgScore: 63.571, avgAccuracy: 63.57, totalBadges: 11 })).toEqual([
      { label: 'Total contests', value: '7' },
      { label: 'Average score', value: '63.6', unit: 'pts' },
      { label: 'Average accuracy', value: '64%' },
      { label: 'Total badges', value: '11' },
    ]);
  });
});

describe('details formatting (spec §2 Details)', () => {
  it("shows rank or 'N/A'", () => {
    expect(formatRank(3)).toBe('#3');
    expect(formatRank(null)).toBe('N/A');
    expect(formatRank(0)).toBe('N/A');
  });

  it('shows answers', () => {
    expect(formatAnswer(42)).toBe('42');
    expect(formatAnswer(-2.5)).toBe('-2.5');
    expect(formatAnswer(null)).toBe('Not answered');
  });

  it('treats any difficulty other than easy and medium as hard (spec §3)', () => {
    expect(difficultyDisplay('easy')).toEqual({ tone: 'easy', label: 'Easy' });
    expect(difficultyDisplay('medium')).toEqual({ tone: 'medium', label: 'Medium' });
    expect(difficultyDisplay('hard').tone).toBe('hard');
    expect(difficultyDisplay('extreme').tone).toBe('hard');
  });

  it('maps badge display names back to codes, leaving others alone', () => {
    expect(badgeCodeFor('Winner')).toBe('contest-winner');
    expect(badgeCodeFor('Top 3')).toBe('contest-top-3');
    expect(badgeCodeFor('contest-master')).toBe('contest-master');
    expect(badgeCodeFor('Mystery')).toBe('Mystery');
  });

  it('formats dates in a pinned locale and zone', () => {
    expect(shortDate('2026-11-27T15:30:00Z', 'en-GB', 'UTC')).toBe('27 Nov');
    expect(longDate('2026-11-27T15:30:00Z', 'en-GB', 'UTC')).toBe('27 Nov 2026, 15:30');
    expect(shortDate('nope', 'en-GB', 'UTC')).toBe('');
  });
});

describe('analyticsViewReducer (spec §4 Analytics panel view)', () => {
  it('switches tabs, opens details from history and goes back to the overview', () => {
    let view = analyticsViewReducer({ kind: 'overview' }, { type: 'tab', tab: 'history' });
    expect(view).toEqual({ kind: 'history' });
    view = analyticsViewReducer(view, { type: 'open', contestId: 'c3' });
    expect(view).toEqual({ kind: 'details', contestId: 'c3' });
    view = analyticsViewReducer(view, { type: 'back' });
    expect(view).toEqual({ kind: 'overview' });
  });

  it('keeps the same object when the tab is already shown', () => {
    const overview = { kind: 'overview' } as const;
    expect(analyticsViewReducer(overview, { type: 'tab', tab: 'overview' })).toBe(overview);
  });
});

describe('historyFigures (History entry figures)', () => {
  it('labels each figure, so correct-of-all and accuracy-of-answered do not read as a contradiction', () => {
    expect(historyFigures({ correctAnswers: 1, totalQuestions: 20, accuracy: 100, rank: 2 })).toEqual(['1/20 correct', '100% accuracy', 'Rank #2']);
  });

  it('rounds and clamps the accuracy and says N/A for an unranked entry', () => {
    expect(historyFigures({ correctAnswers: 2, totalQuestions: 3, accuracy: 66.67, rank: null })).toEqual(['2/3 correct', '67% accuracy', 'Rank N/A']);
    expect(historyFigures({ correctAnswers: 0, totalQuestions: 20, accuracy: Number.NaN, rank: null })[1]).toBe('0% accuracy');
  });
});
