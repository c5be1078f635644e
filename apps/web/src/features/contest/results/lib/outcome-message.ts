/**
 * The congratulation message of the contest results header (spec §2 "Contest results": message by
 * outcome, first match wins). The spec quotes 'You won the contest!' and 'more than half correct'
 * and only names the others; these are our full sentences for them. The rank and percentile
 * messages need a field larger than the rank and are never given to the last place (issue #47,
 * `rankHonours` in the shared domain, the rule the server's badges follow too).
 */
import { isLastPlace, rankHonours, type RankHonours } from '@mathsprint/shared/domain';

export interface OutcomeInput {
  /** The place's rank honours (`placeHonours`); null until the contest is finalized. */
  honours: RankHonours | null;
  correctCount: number;
  /** Points. */
  totalScore: number;
}

export const OUTCOME_MESSAGES = {
  won: 'You won the contest!',
  top3: 'Amazing! You finished in the top 3!',
  top10: 'Great job! You made the top 10!',
  top10Percent: 'Outstanding! You placed in the top 10% of participants!',
  top25Percent: 'Well done! You placed in the top 25% of participants!',
  aboveAverage: 'Nice work! You finished above average!',
  halfCorrect: 'Solid effort! You got more than half correct!',
  thanks: 'Thanks for participating! Every contest makes you sharper.',
  encouragement: "Don't give up! Keep practising and you'll climb the board next time.",
  /** Not in the spec's list: submitted, contest still open (issue #3: rank comes at close). */
  pending: 'Your answers are in! Your rank arrives when the contest closes.',
} as const;

/**
 * The rank honours of a finalized attempt, or null before finalization (rank or percentile null).
 *
 * @param participants - ranked attempts in the field (the stats' completedAttempts).
 * @param knownRanks - the ranks of the leaderboard rows the page has; they tell a tie for last
 *   when they cover the whole field.
 */
export function placeHonours(rank: number | null, percentile: number | null, participants: number, knownRanks: readonly number[]): RankHonours | null {
  if (rank === null || percentile === null) return null;
  const field = Math.max(participants, rank);
  return rankHonours({ rank, percentile, participants: field, last: isLastPlace(rank, field, knownRanks) });
}

/**
 * First match wins (spec §2): rank 1; rank ≤ 3; rank ≤ 10; percentile ≥ 90; ≥ 75; ≥ 50; 10 or more
 * correct; a score above 0; otherwise encouragement. The rank and percentile rules hold only as far
 * as `honours` says (field size, last place); null honours (not finalized) skip them.
 */
export function outcomeMessage({ honours, correctCount, totalScore }: OutcomeInput): string {
  if (honours?.winner) return OUTCOME_MESSAGES.won;
  if (honours?.top3) return OUTCOME_MESSAGES.top3;
  if (honours?.top10) return OUTCOME_MESSAGES.top10;
  if (honours?.topPerformer) return OUTCOME_MESSAGES.top10Percent;
  if (honours?.top25Percent) return OUTCOME_MESSAGES.top25Percent;
  if (honours?.aboveAverage) return OUTCOME_MESSAGES.aboveAverage;
  if (correctCount >= 10) return OUTCOME_MESSAGES.halfCorrect;
  if (totalScore > 0 || correctCount > 0) return OUTCOME_MESSAGES.thanks;
  return OUTCOME_MESSAGES.encouragement;
}
