/**
 * Versions of the question generator. Contests and daily sets store no questions: they regenerate
 * them from a seed whenever they are read (reviews, answer checking, results), so a change to what
 * a seed draws would rewrite history. Each version's rules therefore stay reproducible, and every
 * caller says which version it wants: a contest the one stored on its row, a daily set the one of
 * its date (`dailyGeneratorVersion`), a Math Challenge and a single-player run the newest (their
 * questions live only as long as the game).
 */
import type { PowerNotation } from './expression.js';

/**
 * 1: the generator up to 2026-12 (powers written `2^5`, `5^1` and `9^0` asked from level 6,
 * difficulty 1..10). 2: issue #47 (superscript powers, no trivial questions from level 4,
 * mixed questions at 11..20).
 */
export type GeneratorVersion = 1 | 2;

/** The version new contests, Math Challenges and single-player runs use. */
export const LATEST_GENERATOR_VERSION: GeneratorVersion = 2;

/** What a version's topic generators do; threaded through every draw. */
export interface QuestionRules {
  readonly version: GeneratorVersion;
  /** How powers are written: `'caret'` (`2^5`, version 1) or `'superscript'` (`2⁵`, version 2). */
  readonly powerNotation: PowerNotation;
  /**
   * From this difficulty on no operand is 0 or 1 where that makes the question trivial (x¹, x × 0,
   * x − x, ÷ 1, an answer of 0; issue #47): 4 in version 2, never (Infinity) in version 1.
   */
  readonly nonTrivialFrom: number;
  /** Version 1 asked zeroth and first powers (`9^0`, `5^1`) at levels 6..10, one power in ten. */
  readonly zeroAndFirstPowers: boolean;
  /** Highest difficulty: 10 in version 1, 20 (mixed questions, mixed.ts) in version 2. */
  readonly maxDifficulty: number;
}

const RULES: Readonly<Record<GeneratorVersion, QuestionRules>> = {
  1: { version: 1, powerNotation: 'caret', nonTrivialFrom: Infinity, zeroAndFirstPowers: true, maxDifficulty: 10 },
  2: { version: 2, powerNotation: 'superscript', nonTrivialFrom: 4, zeroAndFirstPowers: false, maxDifficulty: 20 },
};

/**
 * The rules of a generator version.
 *
 * @throws RangeError for a version that does not exist (e.g. a corrupt stored value).
 */
export function questionRules(version: GeneratorVersion): QuestionRules {
  const rules = RULES[version] as QuestionRules | undefined;
  if (!rules) throw new RangeError(`unknown question generator version ${String(version)}`);
  return rules;
}

/** The rules of `LATEST_GENERATOR_VERSION`. */
export const LATEST_RULES: QuestionRules = questionRules(LATEST_GENERATOR_VERSION);

/** Whether questions at `difficulty` must avoid trivial steps under `rules` (see `nonTrivialFrom`). */
export function isStrict(rules: QuestionRules, difficulty: number): boolean {
  return difficulty >= rules.nonTrivialFrom;
}

/**
 * Whether `rules` include a change made in `version`. For the draws version 2 changed at every
 * level (a subtraction's difference, a decimal subtraction's equal operands), not only the trivial ones.
 */
export function since(rules: QuestionRules, version: GeneratorVersion): boolean {
  return rules.version >= version;
}
