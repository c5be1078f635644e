import { describe, expect, it } from 'vitest';
import { firstIssueMessage } from './common.js';
import { commentRoom, dailyCommentBodySchema, dailyLeaderboardQuerySchema, dailySubmitBodySchema, dailyVoteBodySchema, dailySectionParamsSchema } from './daily.js';

const message = (result: { success: boolean; error?: unknown }) =>
  result.success ? null : firstIssueMessage(result.error as Parameters<typeof firstIssueMessage>[0]);

describe('daily wire schemas (spec §7, issue #4)', () => {
  it('checks dates and section keys in paths', () => {
    expect(dailySectionParamsSchema.parse({ date: '2026-01-05', sectionKey: 'basic' })).toEqual({ date: '2026-01-05', sectionKey: 'basic' });
    expect(message(dailySectionParamsSchema.safeParse({ date: '2026-02-30', sectionKey: 'basic' }))).toBe(
      "date must be a UTC date written YYYY-MM-DD, got '2026-02-30'",
    );
    expect(message(dailySectionParamsSchema.safeParse({ date: '2026-01-05', sectionKey: 'master' }))).toBe(
      "sectionKey must be one of basic, intermediate, advanced, expert, got 'master'",
    );
  });

  it('reads submitted answers: numbers, numeric strings, blanks as null; refuses text', () => {
    const body = dailySubmitBodySchema.parse({
      date: '2026-01-05',
      sectionKey: 'basic',
      answers: [{ answer: 12, timeMs: 1500 }, { answer: ' 3.5 ' }, { answer: '' }, { answer: null, timeMs: '20' }],
    });
    expect(body.answers).toEqual([
      { answer: 12, timeMs: 1500 },
      { answer: 3.5, timeMs: 0 },
      { answer: null, timeMs: 0 },
      { answer: null, timeMs: 20 },
    ]);
    expect(message(dailySubmitBodySchema.safeParse({ date: '2026-01-05', sectionKey: 'basic', answers: [{ answer: 'abc' }] }))).toBe(
      "answers.0.answer: answer must be a number, got 'abc'",
    );
    expect(dailySubmitBodySchema.safeParse({ date: '2026-01-05', sectionKey: 'basic', answers: Array(11).fill({ answer: 1 }) }).success).toBe(false);
  });

  it('trims comments and enforces 1–500 characters', () => {
    expect(dailyCommentBodySchema.parse({ date: '2026-01-05', sectionKey: 'basic', text: '  hi <b>  ' }).text).toBe('hi <b>');
    expect(message(dailyCommentBodySchema.safeParse({ date: '2026-01-05', sectionKey: 'basic', text: '   ' }))).toBe("Comment can't be empty.");
    for (const text of ['\u200b\u200b', ' \u200d\ufeff ', '\u2800', '\u3164'])
      expect(message(dailyCommentBodySchema.safeParse({ date: '2026-01-05', sectionKey: 'basic', text })), JSON.stringify(text)).toBe("Comment can't be empty.");
    expect(message(dailyCommentBodySchema.safeParse({ date: '2026-01-05', sectionKey: 'basic', text: '\u200bok' }))).toBe(
      'Comment must not contain control or format characters (U+200B)',
    );
    expect(dailyCommentBodySchema.parse({ date: '2026-01-05', sectionKey: 'basic', text: 'two\nlines 👨\u200d👩\u200d👧' }).text).toBe('two\nlines 👨\u200d👩\u200d👧');
    expect(dailyCommentBodySchema.safeParse({ date: '2026-01-05', sectionKey: 'basic', text: 'x'.repeat(500) }).success).toBe(true);
    expect(message(dailyCommentBodySchema.safeParse({ date: '2026-01-05', sectionKey: 'basic', text: 'x'.repeat(501) }))).toBe(
      'Comment must be at most 500 characters',
    );
  });

  it('defaults the leaderboard limit to 20 and checks voteType', () => {
    expect(dailyLeaderboardQuerySchema.parse({ date: '2026-01-05', sectionKey: 'basic' }).limit).toBe(20);
    expect(message(dailyVoteBodySchema.safeParse({ voteType: 'sideways' }))).toBe("voteType must be 'up' or 'down', got 'sideways'");
    expect(message(dailyVoteBodySchema.safeParse({}))).toBe("voteType is required ('up' or 'down')");
    expect(message(dailyLeaderboardQuerySchema.safeParse({ date: '2026-01-05' }))).toBe('sectionKey is required (one of basic, intermediate, advanced, expert)');
    expect(commentRoom('2026-01-05', 'expert')).toBe('comments:2026-01-05:expert');
  });
});
