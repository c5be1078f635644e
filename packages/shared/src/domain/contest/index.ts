/** Weekly contest rules: questions, scoring, ranking, percentile and badges (issue #3). */
export * from './questions.js';
export * from './standings.js';
export * from './rank-honours.js';
