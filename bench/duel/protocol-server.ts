/**
 * Second baseline for bench/duel: the bare Socket.IO server of bare-server.ts (baseline-io.ts)
 * that also sends what the Math Challenge protocol obliges any server to send under the same load
 * (spec §7, issue #2), and nothing else: no authentication, validation, rooms store or game.
 *
 *  - every socket is paired with the next one to connect, into a Socket.IO room of two;
 *  - each room gets `timerUpdate {timeLeft}` once a second, from 10 ms clock slots as the app's
 *    tick wheel does (apps/server/src/duel/tick-wheel.ts);
 *  - `submitAnswer` is acknowledged at once with the app's acknowledgement fields; an answer of
 *    exactly 1 counts as correct (the load generator sends 1 for the bench's share of right
 *    answers), and is followed by `progressUpdate` (both players) to the room, after the batch of
 *    input as the app sends it.
 *
 * The distance between this server and the bare one is what the protocol's frames cost on this
 * machine; the distance between the app and this server is what our implementation adds.
 *
 * Env: PORT (required).
 */
import { SLOT_MS, SLOTS } from '../../apps/server/src/duel/tick-wheel.js';
import { baselineServer } from './baseline-io.js';

/** A 5-minute game, as the bench plays. */
const GAME_SECONDS = 300;

const { io, listen } = baselineServer('protocol-server');

interface Room {
  name: string;
  startedAt: number;
  /** The two players as progressUpdate carries them (the app's DuelPlayer fields). */
  players: Array<{ name: string; userId: string; score: number; current: number; connected: boolean }>;
}

const slots: Room[][] = Array.from({ length: SLOTS }, () => []);
let connected = 0;
let forming: Room | null = null;

const pendingProgress = new Set<Room>();
let progressFlush: NodeJS.Immediate | null = null;
const flushProgress = (): void => {
  progressFlush = null;
  for (const room of pendingProgress) io.to(room.name).emit('progressUpdate', room.players);
  pendingProgress.clear();
};

io.on('connection', (socket) => {
  const seat = connected++ % 2;
  if (seat === 0 || !forming) {
    const startedAt = Date.now();
    forming = { name: `duel:${connected}`, startedAt, players: [] };
    slots[(Math.floor(startedAt / SLOT_MS) + 1) % SLOTS]!.push(forming);
  }
  const room = forming;
  const player = { name: `Guest ${connected}`, userId: socket.id, score: 0, current: 0, connected: true };
  room.players.push(player);
  void socket.join(room.name);

  socket.on('submitAnswer', (payload: { answer?: unknown }, ack: unknown) => {
    const correct = payload?.answer === 1;
    if (correct) {
      player.current++;
      player.score += 10;
    }
    if (typeof ack === 'function') {
      ack({ correct, score: player.score, currentQuestion: player.current, nextQuestion: '(37 × 4) − 19' });
    }
    if (correct) {
      pendingProgress.add(room);
      progressFlush ??= setImmediate(flushProgress);
    }
  });
});

let lastSlot = Math.floor(Date.now() / SLOT_MS);
setInterval(() => {
  const now = Date.now();
  const slot = Math.floor(now / SLOT_MS);
  for (let s = lastSlot + 1; s <= slot; s++) {
    for (const room of slots[s % SLOTS]!) {
      const timeLeft = Math.max(0, GAME_SECONDS - Math.floor((now - room.startedAt) / 1000));
      io.to(room.name).emit('timerUpdate', { timeLeft });
    }
  }
  lastSlot = slot;
}, SLOT_MS);

listen();
