import { describe, expect, it } from 'vitest';
import { commentBlockedReason, commentCounter, isPostShortcut } from './comment-draft';
import { DAILY_MESSAGES } from './messages';

describe('commentCounter', () => {
  it('reads length/500 and warns only above 450', () => {
    expect(commentCounter('')).toEqual({ length: 0, text: '0/500', warn: false, over: false });
    expect(commentCounter('a'.repeat(450))).toMatchObject({ text: '450/500', warn: false });
    expect(commentCounter('a'.repeat(451))).toMatchObject({ text: '451/500', warn: true, over: false });
    expect(commentCounter('a'.repeat(501))).toMatchObject({ text: '501/500', warn: true, over: true });
  });

  it('counts an emoji as one character', () => {
    expect(commentCounter('👍🏽'.slice(0, 2)).length).toBe(1);
    expect(commentCounter('x²').length).toBe(2);
  });
});

describe('commentBlockedReason', () => {
  it('gives the spec texts', () => {
    expect(commentBlockedReason('hi', false)).toBe(DAILY_MESSAGES.loginToComment);
    expect(commentBlockedReason('  \n ', true)).toBe("Comment can't be empty.");
    expect(commentBlockedReason(' hi ', true)).toBeNull();
    // No client-side limit (spec §5): the server decides.
    expect(commentBlockedReason('a'.repeat(600), true)).toBeNull();
  });
});

describe('isPostShortcut', () => {
  it('is Ctrl+Enter or Cmd+Enter', () => {
    expect(isPostShortcut({ key: 'Enter', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isPostShortcut({ key: 'Enter', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isPostShortcut({ key: 'Enter', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isPostShortcut({ key: 'a', ctrlKey: true, metaKey: false })).toBe(false);
  });
});
