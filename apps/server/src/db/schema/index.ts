export * from './users.js';
export * from './games.js';
export * from './ratings.js';
export * from './contests.js';
export * from './daily.js';
export * from './fair-play.js';
export * from './solo.js';
