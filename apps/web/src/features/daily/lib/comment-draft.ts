/**
 * The discussion's comment box (spec §5 "Comment", §9 "Daily practice"): a length/500 counter with a
 * warning above 450 characters, and the client checks before posting. The client enforces no length
 * limit (spec §5); the server refuses over-long comments with its own message (issue #4).
 */
import { DAILY } from '@mathsprint/shared/constants';
import { DAILY_MESSAGES } from './messages';

export interface CommentCounter {
  /** Characters typed (code points, so an emoji counts once). */
  length: number;
  /** "450/500". */
  text: string;
  /** Above 450 characters. */
  warn: boolean;
  /** Above 500 characters: the server will refuse it. */
  over: boolean;
}

/** Code-point length: what a reader counts as characters. */
export function commentLength(text: string): number {
  return [...text].length;
}

export function commentCounter(text: string): CommentCounter {
  const length = commentLength(text);
  return {
    length,
    text: `${length}/${DAILY.commentMaxLength}`,
    warn: length > DAILY.commentWarnLength,
    over: length > DAILY.commentMaxLength,
  };
}

/**
 * Why a comment cannot be posted, or null when it can (spec §5: signed in, non-empty after trim).
 * Returns the spec's texts.
 */
export function commentBlockedReason(text: string, signedIn: boolean): string | null {
  if (!signedIn) return DAILY_MESSAGES.loginToComment;
  if (text.trim() === '') return DAILY_MESSAGES.commentEmpty;
  return null;
}

/** Ctrl+Enter (or ⌘+Enter on a Mac) posts (spec §5). */
export function isPostShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}
