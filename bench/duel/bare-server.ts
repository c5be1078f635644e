/**
 * Baseline for bench/duel: a bare Socket.IO 4 server on plain node:http with the same engine options
 * as the app's socket server (apps/server/src/platform/socket.ts: no compression, 16 KB frames,
 * same ping and connect time-outs) and one handler, `submitAnswer`, that acknowledges
 * `{ correct: true }` at once. No authentication, no validation, no game: what is left is the cost
 * of Socket.IO itself on this machine under the same load.
 *
 * Env: PORT (required).
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) {
  console.error('bare-server: PORT is required');
  process.exit(1);
}

const http = createServer((_request, response) => {
  response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
});
const io = new Server(http, {
  path: '/socket.io',
  serveClient: false,
  perMessageDeflate: false,
  httpCompression: false,
  maxHttpBufferSize: 16 * 1024,
  pingInterval: 25_000,
  pingTimeout: 20_000,
  connectTimeout: 20_000,
});
io.on('connection', (socket) => {
  socket.on('submitAnswer', (_payload: unknown, ack: unknown) => {
    if (typeof ack === 'function') ack({ correct: true });
  });
});
http.listen({ port, host: '127.0.0.1', backlog: 4096 });
