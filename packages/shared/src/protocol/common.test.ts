import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssueMessage, isInvisibleText, unstorableTextIssue, numberInput, numericAnswerSchema, parseDecimal } from './common.js';
import { contestHistoryQuerySchema, contestLeaderboardQuerySchema, contestSubmitAnswerBodySchema, adminCreateContestBodySchema } from './contest.js';
import { dailyLeaderboardQuerySchema, dailySeasonQuerySchema } from './daily.js';
import { modeSchema, signupBodySchema } from './http.js';

/** The refusal a schema gives `input`, or 'ok'. */
const refusal = (schema: z.ZodType, input: unknown): string => {
  const parsed = schema.safeParse(input);
  return parsed.success ? 'ok' : firstIssueMessage(parsed.error);
};

describe('parseDecimal', () => {
  it.each([['12', 12], [' -3.5 ', -3.5], ['.5', 0.5], ['7.', 7], ['+4', 4], ['007', 7]])('reads %j as %d', (text, n) => {
    expect(parseDecimal(text)).toBe(n);
  });
  it.each(['', '  ', '-', '.', '0x1F', '0b11', '0o7', '1e3', 'Infinity', '1,5', '12abc', '--1'])('reads %j as NaN', (text) => {
    expect(parseDecimal(text)).toBeNaN();
  });
});

describe('numberInput', () => {
  const limit = numberInput('limit must be a number', z.number().int('limit must be a whole number').min(1, 'limit must be at least 1'));
  it('takes JSON numbers and decimal strings', () => {
    expect(limit.parse(5)).toBe(5);
    expect(limit.parse(' 50 ')).toBe(50);
  });
  it.each([true, false, null, [1], ['1'], {}, '', '0x10', '1e2', Number.NaN, Number.POSITIVE_INFINITY])('refuses %j as not a number', (input) => {
    expect(refusal(limit, input)).toBe('limit must be a number');
  });
  it("gives each check's own message", () => {
    expect(refusal(limit, 0)).toBe('limit must be at least 1');
    expect(refusal(limit, '2.5')).toBe('limit must be a whole number');
  });
});

describe('numeric fields of the protocol', () => {
  it.each([
    [modeSchema, true, 'mode must be a number of minutes'],
    [modeSchema, [1], 'mode must be a number of minutes'],
    [modeSchema, '4', 'mode must be one of 1, 2, 3, 5 minutes'],
    [contestHistoryQuerySchema, { limit: '0' }, 'limit must be at least 1'],
    [contestHistoryQuerySchema, { limit: '201' }, 'limit must be at most 200'],
    [contestLeaderboardQuerySchema, { contestId: 'c', limit: '1e9' }, 'limit must be a whole number from 1 to 100, in digits'],
    [contestLeaderboardQuerySchema, { contestId: 'c', limit: 'all' }, 'limit must be a whole number from 1 to 100, in digits'],
    [dailyLeaderboardQuerySchema, { date: '2026-11-27', sectionKey: 'basic', limit: true }, 'limit must be a whole number from 1 to 100, in digits'],
    [dailySeasonQuerySchema, { year: '0' }, 'year must be 2000–2999'],
    [contestSubmitAnswerBodySchema, { contestId: 'c', questionIndex: 0, answer: 1, timeSpent: -1 }, 'timeSpent must be 0–86400 seconds'],
    [contestSubmitAnswerBodySchema, { contestId: 'c', questionIndex: 0, answer: 1, timeSpent: true }, 'timeSpent must be a number of seconds'],
    [contestSubmitAnswerBodySchema, { contestId: 'c', questionIndex: 0, answer: '0x1F' }, 'Please enter a valid number'],
    [adminCreateContestBodySchema, { openTime: '2026-11-27T15:30:00Z', durationMinutes: 0, questionCount: 20 }, 'durationMinutes must be 1–240'],
    [adminCreateContestBodySchema, { openTime: '2026-11-27T15:30:00Z', durationMinutes: 10, questionCount: 1.5 }, 'questionCount must be a whole number'],
    [numericAnswerSchema, '0x10', "answer must be a finite number, got '0x10'"],
    [numericAnswerSchema, null, 'answer must be a number'],
    [z.object({ title: z.string() }), { title: 5 }, 'title must be a string'],
    [z.object({ answers: z.array(z.object({ a: z.number() })) }), { answers: [1] }, 'answers.0 must be an object'],
    [z.object({ name: z.string().max(3) }), { name: 'abcd' }, 'name must be at most 3 characters'],
    [z.object({ list: z.array(z.number()).min(2) }), { list: [1] }, 'list must have at least 2 entries'],
    [z.object({ a: z.number() }), [1], 'Input must be a JSON object'],
  ])('%#: refuses %j with its own message', (schema, input, message) => {
    expect(refusal(schema as z.ZodType, input)).toBe(message);
  });

  it('keeps what clients of spec §7 send', () => {
    expect(modeSchema.parse('3')).toBe(3);
    expect(contestHistoryQuerySchema.parse({ limit: '20' })).toEqual({ limit: 20 });
    expect(contestSubmitAnswerBodySchema.parse({ contestId: 'c', questionIndex: 0, answer: ' -12.5 ', timeSpent: 3 })).toMatchObject({ answer: -12.5, timeSpent: 3 });
    expect(numericAnswerSchema.parse(' 7 ')).toBe(7);
  });
});

describe('unstorableTextIssue', () => {
  it.each([
    [{ email: 'a\u0000b', password: 'x' }, 'email must not contain the NUL character (U+0000)'],
    ['\u0000', 'Input must not contain the NUL character (U+0000)'],
    [{ answers: [{ answer: 1 }, { answer: '2\u0000' }] }, 'answers.1.answer must not contain the NUL character (U+0000)'],
    [{ ['k\u0000']: 1 }, 'k\\u0000 must not contain the NUL character (U+0000)'],
    [{ text: 'hi \ud800 there' }, 'text must be valid Unicode (it holds a lone surrogate)'],
    [{ title: 'T\udc00' }, 'title must be valid Unicode (it holds a lone surrogate)'],
    [['ok', '\ud83d'], '1 must be valid Unicode (it holds a lone surrogate)'],
  ])('names where the unstorable text is in %j', (input, message) => {
    expect(unstorableTextIssue(input)).toBe(message);
  });

  it.each([[{ email: 'ada@example.com', n: 3, list: ['a', null, true] }], [null], [undefined], [42], ['∞ \\u0000 written out'], [{ emoji: 'a 😀 b', pair: '\ud83d\ude00' }]])(
    'finds nothing in %j',
    (input) => {
      expect(unstorableTextIssue(input)).toBeNull();
    },
  );

  it('stops at 16 levels of nesting', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 20; i++) deep = [deep];
    expect(unstorableTextIssue(deep)).toBeNull();
    let shallow: unknown = '\u0000';
    for (let i = 0; i < 15; i++) shallow = [shallow];
    expect(unstorableTextIssue(shallow)).toMatch(/^0(\.0){14} must not/);
  });
});

describe('isInvisibleText', () => {
  it.each(['', ' \t\n', '\u200b', '\u200b\u200c\u200d\u2060', '\ufeff\u202e', '\u3164\u115f', '\u2800\u00a0'])('finds nothing to show in %j', (text) => {
    expect(isInvisibleText(text)).toBe(true);
  });
  it.each(['a', '\u200bx', '٣', '👍', '\u0301e', '日本'])('finds something to show in %j', (text) => {
    expect(isInvisibleText(text)).toBe(false);
  });
});

describe('signupBodySchema name', () => {
  const body = (name: string) => ({ name, email: 'ann@example.com', password: 'password123' });
  it('keeps a name with letters, trimmed', () => {
    expect(signupBodySchema.parse(body('  Ann Lee 👩\u200d💻 ')).name).toBe('Ann Lee 👩\u200d💻');
  });
  it.each(['   ', '\u200b\u200b\u200b', '\u3164', ' \ufeff\u202e '])('refuses %j as no name', (name) => {
    expect(refusal(signupBodySchema, body(name))).toBe('Full name is required');
  });
  it.each([
    ['Ann\nLee', 'U+000A'],
    ['Ann\u0007', 'U+0007'],
    ['A\u0085B', 'U+0085'],
    ['Ann Lee\u200d', 'U+200D'],
    ['Ann\u202eeeL', 'U+202E'],
  ])('refuses the control or format character in %j', (name, found) => {
    expect(refusal(signupBodySchema, body(name))).toBe(`Name must not contain control or format characters (${found})`);
  });
});

describe('signupBodySchema email', () => {
  const body = (email: string) => ({ name: 'Ann', email, password: 'password123' });
  /** 248 + `tld` characters: a 64-character local part at three 60-character labels and the TLD. */
  const address = (tld: number) => `${'a'.repeat(64)}@${['b', 'c', 'd'].map((c) => c.repeat(60)).join('.')}.${'e'.repeat(tld)}`;
  it('keeps an address of 254 characters and refuses one of 255 (RFC 5321)', () => {
    expect(address(6)).toHaveLength(254);
    expect(signupBodySchema.parse(body(address(6))).email).toBe(address(6));
    expect(refusal(signupBodySchema, body(address(7)))).toBe('Email must be at most 254 characters');
  });
});
