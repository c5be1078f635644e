/**
 * Final standings of a weekly contest (issue #3 "Finalization at close"): ranking, percentile and
 * badges. Pure: the server feeds it the submitted attempts and stores what comes back.
 */
import { CONTEST } from '../../constants.js';
import { isLastPlace, rankHonours, type FieldPlace } from './rank-honours.js';

/** What ranking needs of one submitted attempt. */
export interface RankableAttempt {
  /** Points, 0..maxScore. */
  totalScore: number;
  /** Server-measured seconds from start to submission. */
  totalTimeSpent: number;
  /** Submission time, epoch ms. */
  submittedAtMs: number;
}

/** One attempt's place in the final standings. */
export interface Standing {
  /** 1-based. Attempts equal in score, time and submission time share a rank (1, 2, 2, 4). */
  rank: number;
  /** 0–100, see `percentileForRank`. */
  percentile: number;
  /** Badge codes in display order (see `contestBadges`). */
  badges: string[];
}

/**
 * Orders attempts by total score (higher first), then total time (lower first), then submission time
 * (earlier first) — issue #3. Attempts equal on all three share a rank ("standard competition
 * ranking", 1-2-2-4).
 *
 * @returns ranks in INPUT order.
 */
export function rankAttempts(attempts: readonly RankableAttempt[]): number[] {
  const order = attempts.map((_, i) => i).sort((a, b) => compareAttempts(attempts[a]!, attempts[b]!));
  const ranks = new Array<number>(attempts.length);
  order.forEach((index, position) => {
    const previous = position > 0 ? order[position - 1] : undefined;
    ranks[index] =
      previous !== undefined && compareAttempts(attempts[previous]!, attempts[index]!) === 0
        ? ranks[previous]!
        : position + 1;
  });
  return ranks;
}

function compareAttempts(a: RankableAttempt, b: RankableAttempt): number {
  return b.totalScore - a.totalScore || a.totalTimeSpent - b.totalTimeSpent || a.submittedAtMs - b.submittedAtMs;
}

/**
 * Percentile of a rank among `participants`: the share of the OTHER participants finished behind,
 * `100 × (participants − rank) / (participants − 1)`, floored to a whole number; 100 for a lone
 * participant. Rank 1 of any field is 100; last is 0. The spec names the percentile without a
 * formula; this one makes "percentile 90 or more" mean the top tenth of the field (docs/rules.md).
 *
 * @throws RangeError unless 1 ≤ rank ≤ participants (integers).
 */
export function percentileForRank(rank: number, participants: number): number {
  if (!Number.isInteger(participants) || participants < 1) throw new RangeError(`participants must be a positive integer, got ${participants}`);
  if (!Number.isInteger(rank) || rank < 1 || rank > participants) throw new RangeError(`rank must be an integer in 1..${participants}, got ${rank}`);
  if (participants === 1) return 100;
  return Math.floor((100 * (participants - rank)) / (participants - 1));
}

/** Badge codes (spec §3 "Badges"), best first. */
export const CONTEST_BADGES = [
  'contest-winner',
  'contest-top-3',
  'contest-top-10',
  'contest-top-performer',
  'contest-master',
  'contest-expert',
  'contest-advanced',
  'contest-intermediate',
  'contest-participant',
] as const;
export type ContestBadge = (typeof CONTEST_BADGES)[number];

/** Display names (spec §3 "Badges"). Unknown codes are shown as they are (`badgeName`). */
export const CONTEST_BADGE_NAMES: Record<ContestBadge, string> = {
  'contest-winner': 'Winner',
  'contest-top-3': 'Top 3',
  'contest-top-10': 'Top 10',
  'contest-top-performer': 'Top Performer',
  'contest-master': 'Master',
  'contest-expert': 'Expert',
  'contest-advanced': 'Advanced',
  'contest-intermediate': 'Intermediate',
  'contest-participant': 'Participant',
};

/** Display name of a badge code; an unknown code is returned unchanged (spec §3). */
export function badgeName(code: string): string {
  return (CONTEST_BADGE_NAMES as Record<string, string>)[code] ?? code;
}

/**
 * Badges of one submitted attempt (issue #3, field rule of issue #47): contest-winner (rank 1),
 * contest-top-3 (rank ≤ 3), contest-top-10 (rank ≤ 10), contest-top-performer (percentile ≥ 90),
 * each only in a field large enough for it and never for the last place (`rankHonours`);
 * contest-master (full score), contest-expert (≥ 90% of the maximum score), contest-advanced
 * (≥ 75%), contest-intermediate (≥ 50%), contest-participant (always). Every badge whose rule holds
 * is awarded, so a winner also gets Top 3 and Top 10. Score thresholds are fractions of `maxScore`
 * so that the weekly contest's 100/90/75/50 points hold and shorter operator-made contests scale.
 *
 * @param score - points, 0..maxScore. @param maxScore - 5 × question count (100 in the weekly contest).
 */
export function contestBadges(place: FieldPlace, score: number, maxScore: number = CONTEST.maxScore): ContestBadge[] {
  const share = maxScore > 0 ? score / maxScore : 0;
  const honours = rankHonours(place);
  const badges: ContestBadge[] = [];
  if (honours.winner) badges.push('contest-winner');
  if (honours.top3) badges.push('contest-top-3');
  if (honours.top10) badges.push('contest-top-10');
  if (honours.topPerformer) badges.push('contest-top-performer');
  if (share >= 1) badges.push('contest-master');
  if (share >= 0.9) badges.push('contest-expert');
  if (share >= 0.75) badges.push('contest-advanced');
  if (share >= 0.5) badges.push('contest-intermediate');
  badges.push('contest-participant');
  return badges;
}

/**
 * The whole field's standings: ranks (`rankAttempts`), percentiles and badges, in INPUT order.
 *
 * @param maxScore - points for a perfect attempt (5 × question count).
 */
export function contestStandings(attempts: readonly RankableAttempt[], maxScore: number): Standing[] {
  const ranks = rankAttempts(attempts);
  const participants = attempts.length;
  return attempts.map((attempt, i) => {
    const rank = ranks[i]!;
    const percentile = percentileForRank(rank, participants);
    const last = isLastPlace(rank, participants, ranks);
    return { rank, percentile, badges: contestBadges({ rank, percentile, participants, last }, attempt.totalScore, maxScore) };
  });
}

/**
 * Score of an attempt: `pointsPerQuestion` (5) per correct answer (spec §9: score 0 to 100).
 */
export function contestScore(correctCount: number, pointsPerQuestion: number = CONTEST.pointsPerQuestion): number {
  return correctCount * pointsPerQuestion;
}
