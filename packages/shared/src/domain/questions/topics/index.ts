/** One generator per topic; each maps (rng, difficulty 1..10) to text, exact answer and explanation. */
import type { Rng } from '../../rng.js';
import type { QuestionRules } from '../rules.js';
import type { DrawnQuestion, Topic } from '../types.js';
import { drawAddition } from './addition.js';
import { drawDecimals } from './decimals.js';
import { drawDivision } from './division.js';
import { drawLinearEquation } from './linear-equations.js';
import { drawMultiplication } from './multiplication.js';
import { drawOrderOfOperations } from './order-of-operations.js';
import { drawPercentages } from './percentages.js';
import { drawPowers } from './powers.js';
import { drawSquaresAndRoots } from './squares-and-roots.js';
import { drawSubtraction } from './subtraction.js';

/** Draws one question of a topic at `difficulty` 1..10 under a generator version's `rules`. */
export type TopicGenerator = (rng: Rng, difficulty: number, rules: QuestionRules) => DrawnQuestion;

export const TOPIC_GENERATORS: Record<Topic, TopicGenerator> = {
  addition: drawAddition,
  subtraction: drawSubtraction,
  multiplication: drawMultiplication,
  division: drawDivision,
  'order-of-operations': drawOrderOfOperations,
  'squares-and-roots': drawSquaresAndRoots,
  powers: drawPowers,
  percentages: drawPercentages,
  decimals: drawDecimals,
  'linear-equations': drawLinearEquation,
};
