/**
 * The Socket.IO server both bench/duel baselines run (bare-server.ts, protocol-server.ts): plain
 * node:http with the same engine options as the app's socket server
 * (apps/server/src/platform/socket.ts: no compression, 16 KB frames, same ping and connect
 * time-outs), listening on PORT with the app's deep accept queue.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

export function baselineServer(name: string): { io: Server; listen(): void } {
  const port = Number(process.env.PORT);
  if (!Number.isInteger(port) || port <= 0) {
    console.error(`${name}: PORT is required`);
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
  return { io, listen: () => void http.listen({ port, host: '127.0.0.1', backlog: 4096 }) };
}
