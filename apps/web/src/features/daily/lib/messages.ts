/**
 * Every daily-practice message whose wording the spec gives (spec §5 "Comment", "Vote", §8 error
 * catalogue), plus the few of our own. Kept in one place so components and tests share them.
 */
export const DAILY_MESSAGES = {
  /** Spec §8 "Daily submit failure" (the server's text is shown when it sends one). */
  submitFailed: 'Submit failed',
  /** Spec §8 "Opening a daily section fails". */
  openFailed: 'Failed to open section. Are you logged in and the section unlocked?',
  /** Spec §5 "Comment". */
  loginToComment: 'Please login to post comments.',
  commentEmpty: "Comment can't be empty.",
  /** Spec §8 "Comment post failure". */
  commentFailed: 'Failed to post comment',
  /** Spec §5 "Vote". */
  loginToVote: 'Please login to vote',
  /** Spec §8 "Vote failure". */
  voteFailed: 'Failed to process vote',
  /** Our own: guests get 401 on every daily call (issue #4). */
  guestsCannot: 'Daily practice is for signed-in players. Create an account to solve the daily sets, keep a streak and join the season.',
} as const;
