/** A contest's questions: the same list for every participant, regenerated from the contest's stored seed. */
import { contestDifficulty } from '../questions/difficulty.js';
import { generateQuestions } from '../questions/generate.js';
import { questionRules, type GeneratorVersion } from '../questions/rules.js';
import type { Question } from '../questions/types.js';

/**
 * The questions of a contest (issue #3: "the same for every participant, generated from the
 * contest's stored seed"), rising in difficulty from level 1 to 10 (`contestDifficulty`).
 *
 * @param seed - the contest's stored seed.
 * @param count - number of questions (20 for the weekly contest), a positive integer.
 * @param version - the contest's stored generator version (contests.question_version): 1 for
 *   contests created before issue #47, 2 since. The same seed draws other questions under another
 *   version, so reviews, answer checks and results must pass the stored one.
 * @throws RangeError unless `count` is a positive integer and `version` a known version.
 */
export function contestQuestions(seed: string, count: number, version: GeneratorVersion): Question[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a positive integer, got ${String(count)}`);
  return generateQuestions(seed, count, (index) => contestDifficulty(index, count), questionRules(version));
}

/** Difficulty label of a level (spec §3 "Contest details": easy, medium, hard): 1–3 easy, 4–6 medium, 7–10 hard. */
export function difficultyLabel(level: number): 'easy' | 'medium' | 'hard' {
  return level <= 3 ? 'easy' : level <= 6 ? 'medium' : 'hard';
}
