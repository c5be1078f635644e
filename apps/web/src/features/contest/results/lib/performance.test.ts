import type { ContestAnswer } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import {
  accuracyPercent,
  answeredOf,
  answerTimes,
  difficultyBreakdown,
  missedTopics,
  topicLabel,
  nextStepsText,
  pacePerMinute,
  ratingDeltaText,
  secondsPerAnswer,
  strengthsNote,
  workOnInsight,
  workOnText,
} from './performance';
import { formatDuration } from '../../../../lib/format-duration';
import { percentileForRank } from '@mathsprint/shared/domain';
import { placeHonours } from './outcome-message';

function answer(over: Partial<ContestAnswer> & Pick<ContestAnswer, 'questionIndex'>): ContestAnswer {
  return {
    userAnswer: 1,
    timeSpent: 10,
    correctAnswer: 1,
    isCorrect: true,
    points: 5,
    explanation: null,
    question: null,
    difficulty: 'easy',
    topics: [],
    ...over,
  };
}

describe('accuracyPercent (spec §2: correct divided by answered)', () => {
  it('divides by answered questions, not by all questions', () => {
    expect(accuracyPercent(8, 10)).toBe(80);
    expect(accuracyPercent(2, 3)).toBe(67);
    expect(accuracyPercent(20, 20)).toBe(100);
  });

  it('is 0 when nothing was answered', () => {
    expect(accuracyPercent(0, 0)).toBe(0);
  });
});

describe('pacePerMinute (spec §2: answers per total time × 60)', () => {
  it('gives answers per minute to one decimal', () => {
    expect(pacePerMinute(20, 600)).toBe(2);
    expect(pacePerMinute(12, 300)).toBe(2.4);
    expect(pacePerMinute(7, 90)).toBe(4.7);
  });

  it('is 0 without time or answers', () => {
    expect(pacePerMinute(5, 0)).toBe(0);
    expect(pacePerMinute(0, 120)).toBe(0);
  });
});

describe('secondsPerAnswer', () => {
  it("is the mean of the answered questions' own times, as Fastest and Slowest use", () => {
    const timed = (timeSpent: number, userAnswer: number | null = 1) => ({ timeSpent, userAnswer });
    expect(secondsPerAnswer([timed(10), timed(20), timed(99, null)])).toBe(15);
    expect(secondsPerAnswer([timed(5, null)])).toBeNull();
    expect(secondsPerAnswer([])).toBeNull();
    // The issue #47 card: two answers of 1 s each read "1 s" per answer, whatever the total time.
    const answers = [timed(1), timed(1)];
    const even = answerTimes(answers.map((a, i) => ({ ...a, questionIndex: i })));
    expect(even.kind === 'even' && formatDuration(even.timeSpent)).toBe(formatDuration(secondsPerAnswer(answers) ?? -1));
  });
});

describe('answeredOf', () => {
  it("prefers the server's count, else counts the answers with a number", () => {
    expect(answeredOf({ answeredCount: 4, answers: [] })).toBe(4);
    expect(answeredOf({ answers: [answer({ questionIndex: 0 }), answer({ questionIndex: 1, userAnswer: null })] })).toBe(1);
  });
});

describe('answerTimes', () => {
  it('finds the fastest and slowest answered question, skipping unanswered ones', () => {
    const result = answerTimes([
      answer({ questionIndex: 2, timeSpent: 40 }),
      answer({ questionIndex: 0, timeSpent: 6 }),
      answer({ questionIndex: 1, timeSpent: 6 }),
      answer({ questionIndex: 3, timeSpent: 2, userAnswer: null }),
    ]);
    expect(result).toEqual({ kind: 'range', fastest: { questionNumber: 1, timeSpent: 6 }, slowest: { questionNumber: 3, timeSpent: 40 } });
  });

  it('does not name one question both fastest and slowest', () => {
    // The audit's case: a single answer was "Fastest Q1 · 1 s / Slowest Q1 · 1 s".
    expect(answerTimes([answer({ questionIndex: 0, timeSpent: 1 }), answer({ questionIndex: 1, userAnswer: null, timeSpent: 0 })])).toEqual({
      kind: 'single',
      question: { questionNumber: 1, timeSpent: 1 },
    });
  });

  it('has no fastest or slowest when every answer took the same whole second', () => {
    const even = [0, 1, 2, 3, 4].map((i) => answer({ questionIndex: i, timeSpent: i === 2 ? 1.2 : 1 }));
    expect(answerTimes(even)).toEqual({ kind: 'even', count: 5, timeSpent: 1 });
  });

  it('is empty without answers', () => {
    expect(answerTimes([])).toEqual({ kind: 'none' });
    expect(answerTimes([answer({ questionIndex: 0, userAnswer: null })])).toEqual({ kind: 'none' });
  });
});

describe('workOnInsight and workOnText (To work on, worded for the outcome)', () => {
  const twenty = (correct: number, answered: number) => ({ correct, answered, questionCount: 20 });

  it('never speaks of missed topics after a perfect paper, before or after close', () => {
    for (const final of [false, true]) {
      const insight = workOnInsight({ correct: 5, answered: 5, questionCount: 5 }, final, []);
      expect(insight).toEqual({ kind: 'perfect' });
      if (insight.kind !== 'topics') expect(workOnText(insight)).not.toMatch(/topics you missed/i);
      expect(workOnText({ kind: 'perfect' })).toMatch(/perfect paper/);
    }
  });

  it('names the most missed topics after close', () => {
    expect(workOnInsight(twenty(15, 18), true, ['division'])).toEqual({ kind: 'topics', topics: ['division'] });
  });

  it('before close, waits for the answers when some were wrong', () => {
    const insight = workOnInsight(twenty(15, 18), false, []);
    expect(insight).toEqual({ kind: 'at-close' });
    expect(workOnText({ kind: 'at-close' })).toMatch(/once the contest closes/);
  });

  it('speaks of pace when every answer given was right but some were left', () => {
    const insight = workOnInsight(twenty(4, 4), false, []);
    expect(insight).toEqual({ kind: 'unanswered', count: 16 });
    expect(workOnText({ kind: 'unanswered', count: 16 })).toMatch(/^Every answer you gave was right; 16 questions were left unanswered/);
    expect(workOnText({ kind: 'unanswered', count: 1 })).toMatch(/1 question was left/);
  });

  it('has its own words for an empty paper and for misses without topic tags', () => {
    expect(workOnInsight(twenty(0, 0), true, [])).toEqual({ kind: 'nothing-answered' });
    expect(workOnInsight(twenty(12, 18), true, [])).toEqual({ kind: 'missed', count: 8 });
    expect(workOnText({ kind: 'missed', count: 8 })).toMatch(/missed 8 questions/);
  });
});

describe('difficultyBreakdown', () => {
  it('counts correct out of questions per difficulty, leaving out unknown and empty ones', () => {
    expect(
      difficultyBreakdown([
        answer({ questionIndex: 0, difficulty: 'easy', isCorrect: true }),
        answer({ questionIndex: 1, difficulty: 'easy', isCorrect: false }),
        answer({ questionIndex: 2, difficulty: 'hard', isCorrect: true }),
        answer({ questionIndex: 3, difficulty: null, isCorrect: null }),
      ]),
    ).toEqual([
      { difficulty: 'easy', correct: 1, total: 2 },
      { difficulty: 'hard', correct: 1, total: 1 },
    ]);
  });
});

describe('missedTopics', () => {
  it('lists the most missed topics first', () => {
    const topics = missedTopics([
      answer({ questionIndex: 0, isCorrect: false, topics: ['division'] }),
      answer({ questionIndex: 1, isCorrect: false, topics: ['powers', 'division'] }),
      answer({ questionIndex: 2, isCorrect: true, topics: ['addition'] }),
      answer({ questionIndex: 3, isCorrect: null, topics: ['roots'] }),
    ]);
    expect(topics).toEqual(['division', 'powers']);
  });

  it('honours the maximum', () => {
    const many = ['a', 'b', 'c', 'd'].map((t, i) => answer({ questionIndex: i, isCorrect: false, topics: [t] }));
    expect(missedTopics(many, 2)).toEqual(['a', 'b']);
  });
});

describe('strengthsNote (spec §2: Excellent work at 15 or more correct)', () => {
  it("reads 'Excellent work' from 15 correct", () => {
    expect(strengthsNote(15, 75, 20)).toMatch(/^Excellent work/);
    expect(strengthsNote(20, 100, 20)).toMatch(/^Excellent work/);
  });

  it('agrees its verb with the plural count ("15 correct answers show", not "shows")', () => {
    expect(strengthsNote(15, 75, 20)).toContain('15 correct answers show real command');
  });

  it('says something else below 15', () => {
    expect(strengthsNote(14, 100, 14)).not.toMatch(/Excellent work/);
    expect(strengthsNote(14, 100, 14)).toMatch(/accuracy/);
    expect(strengthsNote(12, 60, 20)).toMatch(/12 questions/);
    expect(strengthsNote(1, 50, 2)).toMatch(/1 question /);
    expect(strengthsNote(0, 0, 0)).toMatch(/first step/);
  });
});

describe('nextStepsText (spec §2: differs for rank 10 or better)', () => {
  const mixed = { correct: 12, answered: 18, questionCount: 20 };

  it('has a top-10 text, podium and winner variants, and a text for everyone else', () => {
    const of = (rank: number | null, participants = 40) => nextStepsText(rank === null ? null : placeHonours(rank, percentileForRank(rank, participants), participants, []), mixed);
    const top = of(7);
    const rest = of(11);
    expect(top).toMatch(/top 10/);
    expect(rest).not.toBe(top);
    expect(of(10)).toBe(top);
    expect(of(1)).toMatch(/title/);
    // Ranks 2 and 3 are on the podium already: not told to push for it.
    for (const rank of [2, 3]) expect(of(rank)).toMatch(/made the podium.*first place/);
    expect(of(4)).toBe(top);
    expect(of(null)).toBe(rest);
    // The last of 4 is not in any top (issue #47); 2nd of 4 is on the podium.
    expect(of(4, 4)).toBe(rest);
    expect(of(2, 4)).toMatch(/made the podium/);
    expect(rest).toMatch(/topics you missed/);
  });

  it('names the next contest, not a weekday (CONTEST_CRON may move it off Friday)', () => {
    const papers = [mixed, { correct: 5, answered: 5, questionCount: 5 }, { correct: 4, answered: 4, questionCount: 20 }];
    for (const rank of [1, 2, 7, 11, null]) {
      const honours = rank === null ? null : placeHonours(rank, percentileForRank(rank, 40), 40, []);
      for (const paper of papers) expect(nextStepsText(honours, paper)).not.toMatch(/Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/);
    }
    expect(nextStepsText(placeHonours(1, 100, 40, []), mixed)).toMatch(/next contest/);
  });

  it('fits the paper outside the top 10: no "topics you missed" when nothing was missed', () => {
    const perfect = nextStepsText(null, { correct: 5, answered: 5, questionCount: 5 });
    expect(perfect).not.toMatch(/missed/);
    expect(perfect).toMatch(/perfect score/);
    const allRightSomeLeft = nextStepsText(null, { correct: 4, answered: 4, questionCount: 20 });
    expect(allRightSomeLeft).not.toMatch(/missed/);
    expect(allRightSomeLeft).toMatch(/speed/);
  });
});

describe('ratingDeltaText', () => {
  it('signs the whole-point change', () => {
    expect(ratingDeltaText({ before: 1500, after: 1532.4 })).toBe('+32');
    expect(ratingDeltaText({ before: 1500.2, after: 1495 })).toBe('−5');
    expect(ratingDeltaText({ before: 1500, after: 1500.3 })).toBe('±0');
    expect(ratingDeltaText(null)).toBeNull();
  });
});

describe('topicLabel', () => {
  it('reads the generator tags as words', () => {
    expect(topicLabel('order-of-operations')).toBe('order of operations');
    expect(topicLabel('squares-and-roots')).toBe('squares and roots');
    expect(topicLabel('addition')).toBe('addition');
  });
});
