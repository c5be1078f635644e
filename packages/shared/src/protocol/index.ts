export * from './common.js';
export * from './http.js';
export * from './socket.js';
export * from './accounts.js';
export * from './contest.js';
export * from './daily.js';
export * from './display-text.js';
export * from './socket-refusal.js';
