/**
 * The four daily sections (issue #4 "Rules"): keys, titles, weights, unlock ratings, difficulty and
 * their questions. Everyone gets the same set on a given date: the questions are regenerated from a
 * seed of the date and section key, never stored.
 */
import { DAILY, type DailySectionKey } from '../../constants.js';
import { createRng } from '../rng.js';
import { generateQuestions, generateTopicQuestion } from '../questions/generate.js';
import { questionRules, type GeneratorVersion } from '../questions/rules.js';
import { TOPICS, type Question } from '../questions/types.js';
import type { DailyDate } from './dates.js';

/** How a section's difficulty is shown (issue #4: basic easy, intermediate medium, advanced hard, expert 'Mixed'). */
export type DailyDifficulty = 'easy' | 'medium' | 'hard' | 'mixed';

/** The fixed description of one section. */
export interface DailySectionDefinition {
  key: DailySectionKey;
  title: string;
  description: string;
  difficulty: DailyDifficulty;
  /** Rating needed to open it (0, 1600, 1800, 1900). */
  unlockRating: number;
  /** Practice points per correct answer are 10 × weight. */
  weight: number;
  /** Questions in the set (10). */
  count: number;
}

const definition = (
  key: DailySectionKey,
  title: string,
  difficulty: DailyDifficulty,
  description: string,
): DailySectionDefinition => ({
  key,
  title,
  description,
  difficulty,
  unlockRating: DAILY.unlockRatings[key],
  weight: DAILY.weights[key],
  count: DAILY.questionsPerSection,
});

/** The sections in display order. */
export const DAILY_SECTIONS: readonly DailySectionDefinition[] = [
  definition('basic', 'Basic', 'easy', 'Warm-up arithmetic: addition, subtraction, multiplication and simple division.'),
  definition('intermediate', 'Intermediate', 'medium', 'Multi-step expressions, squares and roots, decimals and percentages.'),
  definition('advanced', 'Advanced', 'hard', 'Larger numbers, powers and linear equations.'),
  definition('expert', 'Expert', 'mixed', 'One hard question from every topic, in random order.'),
];

/** True when `key` names a daily section. */
export function isDailySectionKey(key: string): key is DailySectionKey {
  return (DAILY.sectionKeys as readonly string[]).includes(key);
}

/** The definition of a section. @throws RangeError for an unknown key (a caller bug: validate first). */
export function dailySection(key: DailySectionKey): DailySectionDefinition {
  const found = DAILY_SECTIONS.find((s) => s.key === key);
  if (!found) throw new RangeError(`unknown daily section '${String(key)}'`);
  return found;
}

/**
 * Whether a user with `rating` (rating points, the current one) may open the section (issue #4,
 * spec §6: rating ≥ unlockRating). The rating is compared as players see it, rounded to a whole
 * point: one shown as 1600 opens the section that needs 1600, whatever its hidden fraction.
 */
export function isSectionUnlocked(key: DailySectionKey, rating: number): boolean {
  return Math.round(rating) >= DAILY.unlockRatings[key];
}

/**
 * Generator levels (1..10) of the 10 questions of the easy, medium and hard sections: the contest
 * labels levels 1–3 easy, 4–6 medium, 7–10 hard (`difficultyLabel`), and each set rises within its
 * band so it starts gently.
 */
const LEVELS: Record<Exclude<DailyDifficulty, 'mixed'>, readonly number[]> = {
  easy: [1, 1, 1, 2, 2, 2, 2, 3, 3, 3],
  medium: [4, 4, 4, 5, 5, 5, 5, 6, 6, 6],
  hard: [7, 7, 8, 8, 8, 9, 9, 9, 10, 10],
};

/** Levels the expert set's topic questions cycle through: hard, but every topic appears once. */
const EXPERT_LEVELS = [8, 9, 10] as const;

/** Seed of a section's questions: the date and key, so everyone gets the same set that day. */
export function dailySeed(date: DailyDate, key: DailySectionKey): string {
  return `daily:${date}:${key}`;
}

/**
 * The question generator version of a date's sets: 2 from `DAILY.generatorVersion2From`, 1 before,
 * so every past set is regenerated exactly as it was served.
 *
 * @param date - a UTC date, YYYY-MM-DD (the format's string order is the dates' order).
 */
export function dailyGeneratorVersion(date: DailyDate): GeneratorVersion {
  return date >= DAILY.generatorVersion2From ? 2 : 1;
}

/**
 * The questions of a section on a date (issue #4): 10 from the shared generator, seeded by date and
 * key, under the date's generator version (`dailyGeneratorVersion`). Basic, intermediate and
 * advanced draw at the levels of `LEVELS`; expert ("Mixed") takes one question of each of the 10
 * topics at levels 8–10, shuffled by the same seed.
 *
 * @param version - the generator version; the date's by default, which is what every served set
 *   uses (another version is for comparing versions in tests).
 */
export function dailySectionQuestions(
  date: DailyDate,
  key: DailySectionKey,
  version: GeneratorVersion = dailyGeneratorVersion(date),
): Question[] {
  const section = dailySection(key);
  const seed = dailySeed(date, key);
  const rules = questionRules(version);
  if (section.difficulty !== 'mixed') {
    const levels = LEVELS[section.difficulty];
    return generateQuestions(seed, section.count, (i) => levels[i % levels.length] ?? 1, rules);
  }
  const rng = createRng(seed);
  const topics = [...TOPICS];
  // Fisher–Yates with the seeded rng.
  for (let i = topics.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [topics[i], topics[j]] = [topics[j]!, topics[i]!];
  }
  return Array.from({ length: section.count }, (_, i) =>
    generateTopicQuestion(rng, topics[i % topics.length]!, EXPERT_LEVELS[i % EXPERT_LEVELS.length]!, rules),
  );
}
