/**
 * Messages and labels of /contest/{contestId}/results whose wording the spec gives (spec §2
 * "Contest results", §5, §8).
 */
export const RESULTS_MESSAGES = {
  /** Spec §5: no logged-in user → this toast and /login. */
  loginRequired: 'Please login to view contest results',
  loading: 'Computing Results...',
  /** Spec §2: no attempt found (and, issue #3, the contest not closed). */
  missing: 'Attempt ∉ Database',
  fallbackTitle: 'Weekly Math Contest',
  /** Spec §8 "Contest results load failure". */
  loadFailed: 'Failed to load contest results',
  /** Spec §2 Answers tab empty state. */
  noAnswers: 'No answers recorded',
  /** Issues #3, #47: before close. */
  revealedAtClose: 'Score, answers, rank and leaderboard come at close',
  /** Issue #47: the hero line of a submitted attempt before close. */
  submittedBeforeClose: 'Your attempt is submitted. Your results arrive when the contest closes.',
} as const;
