/** Public API of the question bank: types, generation, difficulty schedules and answer checking. */
export { TOPICS, type Question, type Topic } from './types.js';
export { generateQuestion, generateQuestions, generateTopicQuestion } from './generate.js';
export { contestDifficulty, duelDifficulty } from './difficulty.js';
export {
  LATEST_GENERATOR_VERSION,
  LATEST_RULES,
  questionRules,
  type GeneratorVersion,
  type QuestionRules,
} from './rules.js';
export { isCorrectAnswer, parseNumericAnswer } from './check.js';
