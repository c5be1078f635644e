/** Picking a topic for a difficulty and drawing questions, singly or as a seeded list. */
import { createRng, type Rng } from '../rng.js';
import { assertDifficulty } from './difficulty.js';
import { generateMixedQuestion } from './mixed.js';
import type { QuestionRules } from './rules.js';
import { TOPIC_GENERATORS } from './topics/index.js';
import { MAX_DIFFICULTY, TOPICS, type Question, type Topic } from './types.js';

/**
 * The lowest difficulty at which each topic enters the mix: +, −, × from level 1 (spec: "at low
 * difficulty mostly +, −, ×"), ÷ at 2, then multi-step and non-integer topics, with equations last.
 */
const TOPIC_UNLOCK: Record<Topic, number> = {
  addition: 1,
  subtraction: 1,
  multiplication: 1,
  division: 2,
  'order-of-operations': 3,
  'squares-and-roots': 3,
  decimals: 4,
  percentages: 4,
  powers: 5,
  'linear-equations': 6,
};

/** +, − and × count double up to this level so they stay the majority while new topics arrive. */
const BASIC_EMPHASIS_UNTIL = 4;
const BASIC_TOPICS: ReadonlySet<Topic> = new Set(['addition', 'subtraction', 'multiplication']);

function topicWeight(topic: Topic, difficulty: number): number {
  if (difficulty < TOPIC_UNLOCK[topic]) return 0;
  return BASIC_TOPICS.has(topic) && difficulty <= BASIC_EMPHASIS_UNTIL ? 2 : 1;
}

function pickTopic(rng: Rng, difficulty: number): Topic {
  const weights = TOPICS.map((topic) => topicWeight(topic, difficulty));
  let ticket = rng() * weights.reduce((sum, w) => sum + w, 0);
  for (let i = 0; i < TOPICS.length; i++) {
    ticket -= weights[i] ?? 0;
    const topic = TOPICS[i];
    if (ticket < 0 && topic !== undefined) return topic;
  }
  return 'addition';
}

/**
 * One question of the given topic, scaled to `difficulty` within that topic. Used for practice
 * sections tied to a topic; `generateQuestion` chooses the topic itself.
 *
 * @param difficulty - integer 1..10.
 * @param rules - the generator version's rules (`questionRules`): a stored contest's or a past
 *   day's version, or `LATEST_RULES`.
 * @throws RangeError unless `difficulty` is an integer in 1..10.
 */
export function generateTopicQuestion(rng: Rng, topic: Topic, difficulty: number, rules: QuestionRules): Question {
  assertDifficulty(difficulty);
  // Assigned onto the drawn object, not spread: a spread would write its lazy explanation now.
  return Object.assign(TOPIC_GENERATORS[topic](rng, difficulty, rules), { difficulty, topic });
}

/**
 * One question at `difficulty`: at 1..10 a topic is drawn from those unlocked at that level (see
 * `TOPIC_UNLOCK`), then a question of that topic; at 11..20 a mix of two topics (mixed.ts).
 * Consumes a variable number of `rng` draws.
 *
 * @param difficulty - integer 1..`rules.maxDifficulty` (20 in version 2, 10 in version 1); higher
 *   means bigger numbers, more steps and harder topics.
 * @param rules - the generator version's rules (see `generateTopicQuestion`).
 * @throws RangeError unless `difficulty` is an integer in 1..`rules.maxDifficulty`.
 */
export function generateQuestion(rng: Rng, difficulty: number, rules: QuestionRules): Question {
  if (Number.isInteger(difficulty) && difficulty > MAX_DIFFICULTY) return generateMixedQuestion(rng, difficulty, rules);
  assertDifficulty(difficulty);
  return generateTopicQuestion(rng, pickTopic(rng, difficulty), difficulty, rules);
}

/** Redraws allowed when a question's text already appeared in the list; low levels have few distinct questions. */
const REPEAT_REDRAWS = 5;

/**
 * A deterministic list of questions: the same `seed`, `count` and schedule always give the same
 * list, so a duel's or contest's questions can be stored as a seed and regenerated. A question
 * whose text already appeared is redrawn up to 5 times before a repeat is accepted.
 *
 * @param seed - any string, e.g. a room or contest id.
 * @param count - number of questions, a non-negative integer.
 * @param difficultyAt - level for each 0-based index, e.g. `duelDifficulty` or
 *   `(i) => contestDifficulty(i, 20)`.
 * @param rules - the generator version's rules: what a seed draws depends on them, so a list
 *   regenerated from a stored seed must use the version it was first drawn with.
 * @throws RangeError when `count` is not a non-negative integer or `difficultyAt` returns a value
 *   that is not an integer in 1..`rules.maxDifficulty`.
 */
export function generateQuestions(
  seed: string,
  count: number,
  difficultyAt: (index: number) => number,
  rules: QuestionRules,
): Question[] {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${String(count)}`);
  }
  const rng = createRng(seed);
  const seen = new Set<string>();
  const questions: Question[] = [];
  for (let index = 0; index < count; index++) {
    const difficulty = difficultyAt(index);
    let question = generateQuestion(rng, difficulty, rules);
    for (let redraw = 0; redraw < REPEAT_REDRAWS && seen.has(question.text); redraw++) {
      question = generateQuestion(rng, difficulty, rules);
    }
    seen.add(question.text);
    questions.push(question);
  }
  return questions;
}
