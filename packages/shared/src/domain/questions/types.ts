/** The shapes every question generator produces and every consumer (duel, contest, daily) reads. */

/** Topics in the order they unlock as difficulty rises (see `TOPIC_UNLOCK` in `generate.ts`). */
export const TOPICS = [
  'addition',
  'subtraction',
  'multiplication',
  'division',
  'order-of-operations',
  'squares-and-roots',
  'decimals',
  'percentages',
  'powers',
  'linear-equations',
] as const;

/** A kind of question; used as a topic tag on answers and to pick generators. */
export type Topic = (typeof TOPICS)[number];

/**
 * One numeric-answer question.
 *
 * - `text`: what the player sees, e.g. `"37 + 48"`, `"(6 + 4) × 3 − 5"`, `"√169"`, `"2⁷"`,
 *   `"15% of 240"`, `"Solve for x: 3x + 7 = 25"`. Operators are `+ − × ÷ √` (U+2212 minus) and
 *   powers are written with superscript digits (`13²`, `(2 + 3)²`), as a person writes them;
 *   negative numbers are written with `−`. Answer checking never reads the text.
 * - `answer`: the exact result, an integer or a decimal with at most 2 decimal places (the nearest
 *   double to that decimal, as `Number("58.65")` would give).
 * - `difficulty`: the integer it was generated for: 1..10, or 11..20 for a mixed question.
 * - `explanation`: one line showing how the answer is reached, e.g. `"37 + 48 = 85"`.
 */
export interface Question {
  text: string;
  answer: number;
  difficulty: number;
  topic: Topic;
  explanation: string;
}

/** What a topic generator decides; `generate.ts` adds the topic and difficulty. */
export type DrawnQuestion = Pick<Question, 'text' | 'answer' | 'explanation'>;

/** Lowest and highest difficulty of a single topic, inclusive. */
export const MIN_DIFFICULTY = 1;
export const MAX_DIFFICULTY = 10;
/** Highest difficulty of a mixed question (two level-10 topics, mixed.ts), which only duels and
 * single-player runs reach. */
export const MAX_MIXED_DIFFICULTY = 2 * MAX_DIFFICULTY;

/** One value per difficulty level 1..10, indexed by `difficulty − 1`. */
export type LevelTable<T> = readonly [T, T, T, T, T, T, T, T, T, T];
