/**
 * What other features may use of the contest feature (its internals stay its own; eslint.config.js
 * refuses imports past this file): the badge list, the verdict of a stored answer, and the
 * history and details calls with their query keys, which the analytics panel shows.
 */
export { BadgeList } from './components/badge-chip';
export { answerVerdict, VERDICT_TEXT, type AnswerVerdict } from './lib/answer-verdict';
export { contestKeys, getContestDetails, getContestHistory } from './api/contest-api';
