/**
 * Difficulty beyond 10 (issue #47): a Math Challenge that lasts longer than its first 40
 * questions keeps getting harder by mixing topics of level 10. A question at level 10 + k
 * (k = 1..10) is a level-10 expression of one topic added to or subtracted from a level-k
 * expression of another, e.g. "743 × 57 + √625" or "(18 + 7) × 4 − 3² − 2⁹". Only topics whose
 * questions are integer expressions mix; the operation keeps the answer positive, and a
 * combination with a trivial step is drawn again.
 */
import type { Rng } from '../rng.js';
import { pick, redrawWhile } from './draw.js';
import { bin, evaluate, fromExpression, hasTrivialStep, type Expr } from './expression.js';
import { additionExpr } from './topics/addition.js';
import { divisionExpr } from './topics/division.js';
import { multiplicationExpr } from './topics/multiplication.js';
import { orderOfOperationsExpr } from './topics/order-of-operations.js';
import { powersExpr } from './topics/powers.js';
import { squaresAndRootsExpr } from './topics/squares-and-roots.js';
import { subtractionExpr } from './topics/subtraction.js';
import type { QuestionRules } from './rules.js';
import { MAX_DIFFICULTY, MAX_MIXED_DIFFICULTY, type Question, type Topic } from './types.js';

const MIXABLE: Partial<Record<Topic, (rng: Rng, difficulty: number, rules: QuestionRules) => Expr>> = {
  addition: additionExpr,
  subtraction: subtractionExpr,
  multiplication: multiplicationExpr,
  division: divisionExpr,
  'order-of-operations': orderOfOperationsExpr,
  'squares-and-roots': squaresAndRootsExpr,
  powers: powersExpr,
};
const MIXABLE_TOPICS = Object.keys(MIXABLE) as Topic[];

function part(rng: Rng, topic: Topic, difficulty: number, rules: QuestionRules): Expr {
  const draw = MIXABLE[topic];
  if (!draw) throw new RangeError(`topic ${topic} does not mix`);
  return draw(rng, difficulty, rules);
}

/**
 * A question at `difficulty` 11..20: a level-10 part of one topic and a level-(difficulty − 10)
 * part of another, joined by + or − (larger first). Its `topic` is the level-10 part's topic.
 *
 * @throws RangeError unless `difficulty` is an integer in 11..20 and `rules` reach it (version 1
 *   stops at 10).
 */
export function generateMixedQuestion(rng: Rng, difficulty: number, rules: QuestionRules): Question {
  const highest = Math.min(MAX_MIXED_DIFFICULTY, rules.maxDifficulty);
  if (!Number.isInteger(difficulty) || difficulty <= MAX_DIFFICULTY || difficulty > highest) {
    throw new RangeError(
      `a mixed difficulty must be an integer ${MAX_DIFFICULTY + 1}..${highest} in version ${rules.version}, got ${String(difficulty)}`,
    );
  }
  const main = pick(rng, MIXABLE_TOPICS);
  const other = pick(rng, MIXABLE_TOPICS.filter((t) => t !== main));
  const draw = (): Expr => {
    const first = part(rng, main, MAX_DIFFICULTY, rules);
    const second = part(rng, other, difficulty - MAX_DIFFICULTY, rules);
    if (pick(rng, ['+', '−'] as const) === '+') return bin('+', first, second);
    return evaluate(first) >= evaluate(second) ? bin('−', first, second) : bin('−', second, first);
  };
  return Object.assign(fromExpression(redrawWhile(draw, hasTrivialStep), rules.powerNotation), { difficulty, topic: main });
}
