/**
 * Text that other players see as it was typed: names, contest titles, discussion comments (issue
 * #46 "Text that lies about itself"). A right-to-left override (U+202E) in a contest title reversed
 * the rest of the home card for every player, and zero-width spaces (U+200B) made two names that
 * look the same differ; neither has any business in a name or a sentence.
 */
import { z } from 'zod';

/**
 * Unicode general categories Cc (Control: C0, DEL, C1) and Cf (Format: zero-width space, joiners,
 * bidi embeddings, overrides and isolates, the BOM, soft hyphen, tag characters…), The Unicode
 * Standard §4.5 "General Category" and UAX #44 table 12.
 */
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;
const EXTENDED_PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const EMOJI_MODIFIER = /\p{Emoji_Modifier}/u;
const WHITESPACE = /\s/u;
const ZWJ = '\u200D';
const EMOJI_PRESENTATION_SELECTOR = '\uFE0F';
/** UTS #51 ED-14a: an emoji tag sequence is a base, tag_spec U+E0020–E007E, then CANCEL TAG U+E007F. */
const TAG_CANCEL = 0xe007f;
const isTagSpec = (cp: number): boolean => cp >= 0xe0020 && cp <= 0xe007e;
/** Variation selectors VS1–VS16 (U+FE00–FE0F) and VS17–VS256 (U+E0100–E01EF): category Mn, not Cf. */
const isVariationSelector = (cp: number): boolean => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);

const hex = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Whether the ZWJ at `i` of `cps` joins two emoji (UTS #51 ED-16, emoji ZWJ sequence: 👨‍👩‍👧,
 * 👩🏽‍💻, 🏳️‍🌈): an Extended_Pictographic character, optionally with U+FE0F, a skin-tone modifier
 * or a tag sequence, before it, and an Extended_Pictographic character after it.
 */
function joinsEmoji(cps: readonly string[], i: number): boolean {
  const next = cps[i + 1];
  if (next === undefined || !EXTENDED_PICTOGRAPHIC.test(next)) return false;
  let j = i - 1;
  const before = cps[j];
  if (before === EMOJI_PRESENTATION_SELECTOR || (before !== undefined && EMOJI_MODIFIER.test(before))) j--;
  else if (before !== undefined && before.codePointAt(0) === TAG_CANCEL) {
    j--;
    while (j >= 0 && isTagSpec(cps[j]!.codePointAt(0)!)) j--;
  }
  const base = cps[j];
  return base !== undefined && EXTENDED_PICTOGRAPHIC.test(base);
}

/**
 * Length in code points of the emoji tag sequence's tags starting at `i` (the subdivision flags
 * 🏴󠁧󠁢󠁳󠁣󠁴󠁿), or 0 when the tag characters there are not one: they must follow an
 * Extended_Pictographic base and end with CANCEL TAG.
 */
function tagSequenceLength(cps: readonly string[], i: number): number {
  const base = cps[i - 1];
  if (base === undefined || !EXTENDED_PICTOGRAPHIC.test(base)) return 0;
  let k = i;
  while (k < cps.length && isTagSpec(cps[k]!.codePointAt(0)!)) k++;
  return k > i && cps[k]?.codePointAt(0) === TAG_CANCEL ? k - i + 1 : 0;
}

export interface HiddenCharacterOptions {
  /** Keep U+000A LINE FEED: the field is multi-line text (a comment typed in a textarea). */
  lineBreaks?: boolean;
}

/**
 * The first character of `text` that shows as nothing, or as something it is not, written
 * "U+202E"; null when there is none. That is:
 *  - every character of general category Cc or Cf (CONTROL_OR_FORMAT), except the two Cf uses
 *    that draw an emoji: U+200D ZERO WIDTH JOINER between two emoji (UTS #51 emoji ZWJ sequence),
 *    and the tag characters of an emoji tag sequence (UTS #51 ED-14a, the flags of Scotland, Wales
 *    and England);
 *  - a variation selector (U+FE00–FE0F, U+E0100–E01EF, category Mn) that follows no character it
 *    could select a form of: at the start, after whitespace, after a control or format character,
 *    or after another variation selector. One after a letter or an emoji (❤️, 葛󠄀) is kept; a run of
 *    them is how text is hidden inside an emoji ("emoji smuggling"), and one alone shows nothing.
 * With `options.lineBreaks`, U+000A LINE FEED is kept (a multi-line comment); U+000D is not.
 */
export function hiddenCharacter(text: string, options: HiddenCharacterOptions = {}): string | null {
  const cps = Array.from(text);
  for (const i of hiddenIndexes(cps, options)) return hex(cps[i]!.codePointAt(0)!);
  return null;
}

/**
 * `text` without its hidden characters (hiddenCharacter), for names that come from elsewhere than
 * a form of ours (a Google profile's name), which cannot be refused and must not show as typed.
 */
export function stripHiddenCharacters(text: string, options: HiddenCharacterOptions = {}): string {
  const cps = Array.from(text);
  const hidden = new Set(hiddenIndexes(cps, options));
  return cps.filter((_, i) => !hidden.has(i)).join('');
}

/** Indexes in `cps` (code points) of the hidden characters, in order. */
function* hiddenIndexes(cps: readonly string[], options: HiddenCharacterOptions): Generator<number> {
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i]!;
    const cp = c.codePointAt(0)!;
    if (isVariationSelector(cp)) {
      const prev = cps[i - 1];
      // A selector after an emoji's closing CANCEL TAG (format) is as stray as any other.
      if (prev === undefined || isVariationSelector(prev.codePointAt(0)!) || WHITESPACE.test(prev) || CONTROL_OR_FORMAT.test(prev)) yield i;
      continue;
    }
    if (!CONTROL_OR_FORMAT.test(c) || (c === '\n' && options.lineBreaks)) continue;
    if (c === ZWJ && joinsEmoji(cps, i)) continue;
    if (isTagSpec(cp)) {
      const length = tagSequenceLength(cps, i);
      if (length > 0) {
        i += length - 1;
        continue;
      }
    }
    yield i;
  }
}

/**
 * The refinement for every free text field other players see (the sign-up name, an operator's
 * contest title, a daily comment), used as `z.string().check(refuseHiddenCharacters('Name'))`
 * (`{ lineBreaks: true }` for a multi-line field):
 * refuses text holding a hiddenCharacter with "`field` must not contain control or format
 * characters (U+202E)", naming the first one. Unicode categories Cc and Cf (The Unicode Standard
 * §4.5), with the emoji exceptions of UTS #51; see hiddenCharacter.
 */
export function refuseHiddenCharacters(field: string, options: HiddenCharacterOptions = {}) {
  return z.superRefine<string>((text, ctx) => {
    const found = hiddenCharacter(text, options);
    if (found) ctx.addIssue({ code: 'custom', message: `${field} must not contain control or format characters (${found})` });
  });
}
