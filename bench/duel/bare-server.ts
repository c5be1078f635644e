/**
 * Baseline for bench/duel: a bare Socket.IO 4 server (baseline-io.ts: the app's engine options) with
 * one handler, `submitAnswer`, that acknowledges `{ correct: true }` at once. No authentication, no
 * validation, no game: what is left is the cost of Socket.IO itself on this machine under the same
 * load.
 *
 * Env: PORT (required).
 */
import { baselineServer } from './baseline-io.js';

const { io, listen } = baselineServer('bare-server');
io.on('connection', (socket) => {
  socket.on('submitAnswer', (_payload: unknown, ack: unknown) => {
    if (typeof ack === 'function') ack({ correct: true });
  });
});
listen();
