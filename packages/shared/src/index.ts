export * from './constants.js';
export * from './protocol/index.js';
export * from './domain/index.js';
