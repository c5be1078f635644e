/**
 * The congratulation message of the contest results header (spec §2 "Contest results": message by
 * outcome, first match wins). The spec quotes 'You won the contest!' and 'more than half correct'
 * and only names the others; these are our full sentences for them.
 */

export interface OutcomeInput {
  /** 1-based; null until the contest is finalized. */
  rank: number | null;
  /** 0–100; null until the contest is finalized. */
  percentile: number | null;
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
 * First match wins (spec §2): rank 1; rank ≤ 3; rank ≤ 10; percentile ≥ 90; ≥ 75; ≥ 50; 10 or more
 * correct; a score above 0; otherwise encouragement. A null rank or percentile (not finalized) skips
 * the rules that need it.
 */
export function outcomeMessage({ rank, percentile, correctCount, totalScore }: OutcomeInput): string {
  const ranked = rank !== null && Number.isFinite(rank) && rank >= 1;
  if (ranked && rank === 1) return OUTCOME_MESSAGES.won;
  if (ranked && rank <= 3) return OUTCOME_MESSAGES.top3;
  if (ranked && rank <= 10) return OUTCOME_MESSAGES.top10;
  if (percentile !== null && percentile >= 90) return OUTCOME_MESSAGES.top10Percent;
  if (percentile !== null && percentile >= 75) return OUTCOME_MESSAGES.top25Percent;
  if (percentile !== null && percentile >= 50) return OUTCOME_MESSAGES.aboveAverage;
  if (correctCount >= 10) return OUTCOME_MESSAGES.halfCorrect;
  if (totalScore > 0 || correctCount > 0) return OUTCOME_MESSAGES.thanks;
  return OUTCOME_MESSAGES.encouragement;
}
