import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { badgeName, contestBadges, contestScore, contestStandings, percentileForRank, rankAttempts, type RankableAttempt } from './standings.js';

const attempt = (totalScore: number, totalTimeSpent: number, submittedAtMs: number): RankableAttempt => ({
  totalScore,
  totalTimeSpent,
  submittedAtMs,
});

describe('rankAttempts', () => {
  it('orders by score, then time, then submission time (issue #3)', () => {
    const ranks = rankAttempts([
      attempt(80, 300, 1_000), // 3rd: same score as the next, slower
      attempt(80, 250, 2_000), // 2nd
      attempt(95, 590, 3_000), // 1st: best score whatever the time
      attempt(80, 300, 900), // also 80 / 300 s but submitted earlier than the first: ahead of it
      attempt(0, 10, 0), // last
    ]);
    expect(ranks).toEqual([4, 2, 1, 3, 5]);
  });

  it('gives attempts equal on all three keys the same rank and skips the next (1-2-2-4)', () => {
    expect(rankAttempts([attempt(50, 100, 5), attempt(70, 1, 1), attempt(50, 100, 5), attempt(10, 1, 1)])).toEqual([2, 1, 2, 4]);
  });

  it('is a permutation-independent ranking: every rank is 1 + the number of strictly better attempts', () => {
    const arb = fc.array(
      fc.record({ totalScore: fc.integer({ min: 0, max: 4 }).map((c) => c * 25), totalTimeSpent: fc.integer({ min: 0, max: 3 }), submittedAtMs: fc.integer({ min: 0, max: 3 }) }),
      { minLength: 1, maxLength: 40 },
    );
    fc.assert(
      fc.property(arb, (attempts) => {
        const ranks = rankAttempts(attempts);
        attempts.forEach((a, i) => {
          const better = attempts.filter(
            (b) =>
              b.totalScore > a.totalScore ||
              (b.totalScore === a.totalScore && b.totalTimeSpent < a.totalTimeSpent) ||
              (b.totalScore === a.totalScore && b.totalTimeSpent === a.totalTimeSpent && b.submittedAtMs < a.submittedAtMs),
          ).length;
          expect(ranks[i]).toBe(better + 1);
        });
      }),
    );
  });
});

describe('percentileForRank', () => {
  it('is the share of the other participants finished behind, floored', () => {
    expect(percentileForRank(1, 10)).toBe(100);
    expect(percentileForRank(2, 10)).toBe(88); // 8/9 = 88.9
    expect(percentileForRank(10, 10)).toBe(0);
    expect(percentileForRank(1, 1)).toBe(100);
    expect(percentileForRank(51, 101)).toBe(50);
  });

  it('makes percentile ≥ 90 the top tenth of a field of 101', () => {
    const top = Array.from({ length: 101 }, (_, i) => percentileForRank(i + 1, 101)).filter((p) => p >= 90);
    expect(top).toHaveLength(11); // ranks 1..11: 100·(101−11)/100 = 90
  });

  it('refuses ranks outside the field', () => {
    expect(() => percentileForRank(0, 5)).toThrow(RangeError);
    expect(() => percentileForRank(6, 5)).toThrow(RangeError);
    expect(() => percentileForRank(1, 0)).toThrow(RangeError);
  });
});

/** A place in a field of `participants`, last when its rank is the field's size. */
const place = (rank: number, percentile: number, participants: number) => ({ rank, percentile, participants, last: rank === participants });

describe('contestBadges', () => {
  it('awards every badge whose rule holds, best first', () => {
    expect(contestBadges(place(1, 100, 20), 100)).toEqual([
      'contest-winner',
      'contest-top-3',
      'contest-top-10',
      'contest-top-performer',
      'contest-master',
      'contest-expert',
      'contest-advanced',
      'contest-intermediate',
      'contest-participant',
    ]);
    expect(contestBadges(place(4, 91, 40), 90)).toEqual(['contest-top-10', 'contest-top-performer', 'contest-expert', 'contest-advanced', 'contest-intermediate', 'contest-participant']);
    expect(contestBadges(place(11, 89, 40), 75)).toEqual(['contest-advanced', 'contest-intermediate', 'contest-participant']);
    expect(contestBadges(place(30, 10, 40), 45)).toEqual(['contest-participant']);
  });

  it('scales the score thresholds to a shorter contest', () => {
    // 4 questions: 20 points is full marks, 15 is 75%.
    expect(contestBadges(place(20, 0, 20), 20, 20)).toContain('contest-master');
    expect(contestBadges(place(20, 0, 20), 15, 20)).toEqual(['contest-advanced', 'contest-intermediate', 'contest-participant']);
  });
});

describe('contestStandings', () => {
  it('combines rank, percentile and badges in input order', () => {
    const standings = contestStandings([attempt(40, 100, 1), attempt(100, 500, 2)], 100);
    expect(standings[1]).toMatchObject({ rank: 1, percentile: 100 });
    expect(standings[1]?.badges).toContain('contest-winner');
    // Second of two is last: no Top 3 or Top 10 (issue #47).
    expect(standings[0]).toEqual({ rank: 2, percentile: 0, badges: ['contest-participant'] });
  });

  it('gives no rank badge in a field too small for it, nor to the last place (issue #47)', () => {
    // Four players, 15 to 30 points: a podium, but no top 10 and no top tenth.
    const four = contestStandings([attempt(30, 1, 1), attempt(25, 1, 1), attempt(20, 1, 1), attempt(15, 1, 1)], 100);
    expect(four.map((s) => s.badges.filter((b) => !b.startsWith('contest-participant')))).toEqual([['contest-winner', 'contest-top-3'], ['contest-top-3'], ['contest-top-3'], []]);
    // Tied for last: nobody is behind them, so no Top 3 even at rank 3.
    const tied = contestStandings([attempt(30, 1, 1), attempt(25, 1, 1), attempt(20, 1, 1), attempt(20, 1, 1)], 100);
    expect(tied.map((s) => [s.rank, s.badges.includes('contest-top-3')])).toEqual([[1, true], [2, true], [3, false], [3, false]]);
    // A lone player is first and last: no Winner.
    expect(contestStandings([attempt(100, 1, 1)], 100)[0]?.badges).not.toContain('contest-winner');
    // Eleven players: Top 10 for ranks 1..10; Top Performer (percentile ≥ 90) for rank 1 and 2.
    const eleven = contestStandings(Array.from({ length: 11 }, (_, i) => attempt(100 - i * 5, 1, 1)), 100);
    expect(eleven.map((s) => s.badges.includes('contest-top-10'))).toEqual([...Array(10).fill(true), false]);
    expect(eleven.map((s) => s.badges.includes('contest-top-performer'))).toEqual([true, true, ...Array(9).fill(false)]);
  });
});

describe('contestScore and badgeName', () => {
  it('is 5 points per correct answer', () => {
    expect(contestScore(0)).toBe(0);
    expect(contestScore(20)).toBe(100);
  });

  it('names known badges and returns unknown codes unchanged (spec §3)', () => {
    expect(badgeName('contest-top-3')).toBe('Top 3');
    expect(badgeName('contest-winner')).toBe('Winner');
    expect(badgeName('mystery-badge')).toBe('mystery-badge');
  });
});
