import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hiddenCharacter, refuseHiddenCharacters, stripHiddenCharacters } from './display-text.js';

const ZWJ = '\u200D';
const isTag = (cp: number) => cp >= 0xe0020 && cp <= 0xe007f;
/** Every code point of general category Cc or Cf, but ZWJ and the tag characters (emoji exceptions). */
const CONTROL_OR_FORMAT: number[] = [];
for (let cp = 0; cp <= 0x10ffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  if (/[\p{Cc}\p{Cf}]/u.test(String.fromCodePoint(cp)) && cp !== 0x200d && !isTag(cp)) CONTROL_OR_FORMAT.push(cp);
}

/** Text of letters, digits, spaces and emoji, none of them Cc or Cf. */
const plainText = fc
  .array(fc.constantFrom('Ann', ' ', 'Lee', '日本', '٣', 'é', '123', '😀', '👍🏽', '❤️', '½', '👩‍💻'), { maxLength: 12 })
  .map((chars) => chars.join(''));
/** One element of an emoji ZWJ sequence: a pictograph, with U+FE0F or a skin-tone modifier or neither. */
const emojiElement = fc
  .tuple(fc.constantFrom('👨', '👩', '🧑', '👧', '💻', '🔥', '🏳', '🌈', '❤', '🤝', '🚀', '⚕', '🦰'), fc.constantFrom('', '\uFE0F', '🏽', '🏿'))
  .map(([pict, modification]) => pict + modification);

/** Letters, emoji, and the characters that build or break emoji sequences, in any order. */
const mixedText = fc
  .array(
    fc.oneof(
      fc.constantFrom('a', ' ', '😀', '👩', '💻', '🏴', '🏽', '\n'),
      fc.constantFrom(ZWJ, '\uFE0F', '\u{E0067}', '\u{E007F}', '\u{E0100}'),
      fc.constantFrom(...CONTROL_OR_FORMAT).map((cp) => String.fromCodePoint(cp)),
    ),
    { maxLength: 30 },
  )
  .map((chars) => chars.join(''));

describe('hiddenCharacter', () => {
  it('finds every Cc or Cf character other than an emoji ZWJ, wherever it sits', () => {
    expect(CONTROL_OR_FORMAT.length).toBeGreaterThan(100);
    fc.assert(
      fc.property(plainText, fc.constantFrom(...CONTROL_OR_FORMAT), plainText, (before, cp, after) => {
        expect(hiddenCharacter(before + String.fromCodePoint(cp) + after)).toBe(`U+${cp.toString(16).toUpperCase().padStart(4, '0')}`);
      }),
      { numRuns: 2_000 },
    );
  });

  it('finds a ZWJ that does not join two emoji', () => {
    fc.assert(
      fc.property(plainText, fc.constantFrom('a', ' ', '1', '日'), fc.constantFrom('b', ' ', '2'), plainText, (before, left, right, after) => {
        expect(hiddenCharacter(`${before}${left}${ZWJ}${right}${after}`)).not.toBeNull();
      }),
    );
    expect(hiddenCharacter(`😀${ZWJ}a`)).toBe('U+200D');
    expect(hiddenCharacter(`a${ZWJ}😀`)).toBe('U+200D');
    expect(hiddenCharacter(`😀${ZWJ}${ZWJ}😀`)).toBe('U+200D');
  });

  it('keeps emoji ZWJ sequences, alone or among other text', () => {
    fc.assert(
      fc.property(plainText, fc.array(emojiElement, { minLength: 2, maxLength: 5 }), plainText, (before, elements, after) => {
        expect(hiddenCharacter(before + elements.join(ZWJ) + after)).toBeNull();
      }),
    );
  });

  it.each(['👨‍👩‍👧‍👦', '👩🏽‍💻', '🏳️‍🌈', '🏳️‍⚧️', '❤️‍🔥', '🧑‍🤝‍🧑', '👁️‍🗨️', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '#️⃣', '葛󠄀', 'Zoë', 'Ann Lee'])('keeps %s', (text) => {
    expect(hiddenCharacter(text)).toBeNull();
  });

  it.each([
    ['Weekly \u202Eyalp', 'U+202E'],
    ['Ann\u200BLee', 'U+200B'],
    ['\u2066Ann\u2069', 'U+2066'],
    ['soft\u00ADhyphen', 'U+00AD'],
    ['Ann\nLee', 'U+000A'],
    ['A\u0085B', 'U+0085'],
    ['\uFEFFAnn', 'U+FEFF'],
    ['Ann\u{E0041}', 'U+E0041'],
    ['🏴\u{E0067}\u{E0062}', 'U+E0067'],
    ['\uFE0FAnn', 'U+FE0F'],
    ['Ann \uFE0F', 'U+FE0F'],
    ['😀\u{E0100}\u{E0101}\u{E0102}', 'U+E0101'],
    ['❤\uFE0F\uFE0F', 'U+FE0F'],
  ])('finds the hidden character in %j', (text, found) => {
    expect(hiddenCharacter(text)).toBe(found);
  });

  it('keeps line feeds only when asked to', () => {
    expect(hiddenCharacter('first line\nsecond line', { lineBreaks: true })).toBeNull();
    expect(hiddenCharacter('first line\r\nsecond line', { lineBreaks: true })).toBe('U+000D');
  });
});

describe('refuseHiddenCharacters', () => {
  const title = z.string().check(refuseHiddenCharacters('Contest title'));
  it('refuses with a message naming the field and the character', () => {
    const result = title.safeParse('Friday \u202Eyalp');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Contest title must not contain control or format characters (U+202E)');
  });
  it('passes other text through unchanged', () => {
    expect(title.parse('Friday 🧑‍🚀 Sprint')).toBe('Friday 🧑‍🚀 Sprint');
  });
});

describe('stripHiddenCharacters', () => {
  it('drops every hidden character and keeps the rest, emoji sequences whole', () => {
    expect(stripHiddenCharacters('\u202EAnn\u200B Lee\u2066 👩🏽\u200D💻\uFE0F\uFE0F 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}')).toBe(
      'Ann Lee 👩🏽\u200D💻\uFE0F 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
    );
    fc.assert(
      fc.property(mixedText, (text) => {
        expect(hiddenCharacter(stripHiddenCharacters(text))).toBeNull();
      }),
    );
  });
});
