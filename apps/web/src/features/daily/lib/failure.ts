/**
 * Error toasts of the daily calls: the spec's wording (§8: 'Submit failed', 'Failed to post comment',
 * 'Failed to process vote') followed by the server's reason when it gave one (issue #4's clear 400,
 * 404, 409 and 429 messages), e.g. "Submit failed: Already submitted today".
 */
import { ApiError } from '../../../lib/api';

export function failureText(fallback: string, error: unknown): string {
  // status 0: no answer from the server (network error or an unreadable body): nothing to add.
  if (!(error instanceof ApiError) || error.status === 0 || !error.message || error.message === fallback) return fallback;
  return `${fallback}: ${error.message}`;
}
