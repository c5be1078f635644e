/**
 * Pure game logic shared by server and client: no I/O, time and randomness come in as arguments.
 * Signatures here are the contract other modules code against.
 */
export * from './rng.js';
export * from './questions/index.js';
export * from './rating/glicko2.js';
export * from './rating/contest-rating.js';
export * from './duel/scoring.js';
export * from './contest/index.js';
export * from './daily/index.js';
export * from './fair-play/pace.js';
