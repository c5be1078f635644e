/** Daily practice rules: UTC dates, sections and their questions, practice points, streaks and badges (issue #4). */
export * from './dates.js';
export * from './sections.js';
export * from './points.js';
export * from './streak.js';
export * from './badges.js';
