import { describe, expect, it } from 'vitest';
import { nulCharacterIssue } from './common.js';

describe('nulCharacterIssue', () => {
  it.each([
    [{ email: 'a\u0000b', password: 'x' }, 'email must not contain the NUL character (U+0000)'],
    ['\u0000', 'Input must not contain the NUL character (U+0000)'],
    [{ answers: [{ answer: 1 }, { answer: '2\u0000' }] }, 'answers.1.answer must not contain the NUL character (U+0000)'],
    [{ ['k\u0000']: 1 }, 'k\\u0000 must not contain the NUL character (U+0000)'],
  ])('names where U+0000 is in %j', (input, message) => {
    expect(nulCharacterIssue(input)).toBe(message);
  });

  it.each([[{ email: 'ada@example.com', n: 3, list: ['a', null, true] }], [null], [undefined], [42], ['∞ \\u0000 written out']])(
    'finds nothing in %j',
    (input) => {
      expect(nulCharacterIssue(input)).toBeNull();
    },
  );

  it('stops at 16 levels of nesting', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 20; i++) deep = [deep];
    expect(nulCharacterIssue(deep)).toBeNull();
    let shallow: unknown = '\u0000';
    for (let i = 0; i < 15; i++) shallow = [shallow];
    expect(nulCharacterIssue(shallow)).toMatch(/^0(\.0){14} must not/);
  });
});
