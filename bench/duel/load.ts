/**
 * A load-generator process of bench/duel, forked by run.ts (so the players' client work never runs
 * on the server's event loop). It drives real socket.io-client connections, websocket transport
 * only, and talks to run.ts over IPC:
 *
 *  - `setup` { url, mode: 'app' | 'bare', tokens, answerEveryMs, correctShare, gameMode }
 *      connects every player in batches; in 'app' mode pairs them into games (host createRoom,
 *      guest joinRoom, host startGame) and waits for both gameStarted events. Each player then
 *      answers about every `answerEveryMs` (uniformly jittered ±25 %), from the end of the 3 s
 *      countdown on. A share `correctShare` of the answers is right (solved from the question text
 *      with the domain's independent test evaluator, as a player would); the rest are wrong.
 *      'bare' mode (the baseline servers) just connects `tokens.length` sockets and answers at the
 *      same pace, sending 1 for the right share of answers (protocol-server.ts counts 1 as right).
 *      Replies `ready` with counts and the ramp time.
 *  - `measure` { durationMs }: records the latency of every answer acknowledgement sent in the
 *      next `durationMs` (ms, performance.now() from emit to ack) and replies `result` with them,
 *      plus this process's own event-loop delay p99 (a loaded load generator inflates latency).
 *  - `stop`: disconnects everything and exits.
 *
 * `client` picks the connection: 'wire' (default; wire-client.ts, a lean protocol client that
 * leaves the CPU to the server) or 'socket.io' (socket.io-client, heavier on this side).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { solveQuestionText } from '../../packages/shared/src/domain/questions/testing/independent-evaluator.js';
import { WireClient } from './wire-client.js';

export interface SetupMessage {
  type: 'setup';
  url: string;
  /** Several server processes: player i connects to urls[i % urls.length] (so with two, the host
   * and the guest of every game are on different processes). Default: [url]. */
  urls?: string[];
  /** Overrides the spread above: player i connects to urls[urlIndexes[i]]. */
  urlIndexes?: number[];
  mode: 'app' | 'bare';
  /** One per player; in 'app' mode consecutive pairs play together (host first). */
  tokens: string[];
  answerEveryMs: number;
  correctShare: number;
  /** Math Challenge length in minutes. */
  gameMode: number;
  client: 'wire' | 'socket.io';
}
export interface ReadyMessage {
  type: 'ready';
  connected: number;
  games: number;
  failures: string[];
  rampMs: number;
}
export interface ResultMessage {
  type: 'result';
  latenciesMs: number[];
  sent: number;
  acked: number;
  errors: Record<string, number>;
  loopP99Ms: number;
}
type Incoming = SetupMessage | { type: 'measure'; durationMs: number } | { type: 'stop' };

/** Sockets connected at once: enough to ramp quickly, few enough not to stall the accept queue. */
const CONNECT_BATCH = 250;
/** Games set up at once. */
const GAME_BATCH = 100;
const ACK_TIMEOUT_MS = 20_000;

/** What a player needs from a connection; both client kinds provide it. */
interface Connection {
  readonly connected: boolean;
  on(event: string, listener: (payload: any) => void): void;
  emit(event: string, payload: unknown, onAck: (reply: any) => void): void;
  emitWithAck<T>(event: string, payload?: unknown): Promise<T>;
  close(): void;
}

interface Player {
  socket: Connection;
  questions: string[];
  current: number;
  done: boolean;
  timer?: NodeJS.Timeout;
}

const players: Player[] = [];
let recording = false;
let latencies: number[] = [];
let sent = 0;
let acked = 0;
let errors: Record<string, number> = {};
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();

const send = (message: ReadyMessage | ResultMessage): void => void process.send?.(message);

function connectSocketIo(url: string, token: string): Promise<Connection> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true, timeout: 30_000 });
  const connection: Connection = {
    get connected() {
      return socket.connected;
    },
    on: (event, listener) => void socket.on(event, listener),
    emit: (event, payload, onAck) => void (payload === undefined ? socket.emit(event, onAck) : socket.emit(event, payload, onAck)),
    emitWithAck: <T>(event: string, payload?: unknown) =>
      (payload === undefined
        ? socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event)
        : socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload)) as Promise<T>,
    close: () => void socket.disconnect(),
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(connection));
    socket.once('connect_error', (error) => reject(error));
  });
}

function connect(kind: SetupMessage['client'], url: string, token: string): Promise<Connection> {
  return kind === 'wire' ? WireClient.connect(url, { token }) : connectSocketIo(url, token);
}

function schedule(player: Player, every: number, correctShare: number, firstDelayMs: number): void {
  const jitter = () => every * (0.75 + Math.random() * 0.5);
  const answer = () => {
    if (player.done || !player.socket.connected) return;
    const text = player.questions[player.current];
    let value = 0.001; // three decimals: never an answer (answers have at most two)
    if (player.questions.length === 0) {
      // A baseline server (no questions): 1 is what protocol-server.ts counts as right.
      if (Math.random() < correctShare) value = 1;
    } else if (text !== undefined && Math.random() < correctShare) {
      try {
        value = solveQuestionText(text);
      } catch {
        // Leave it wrong; the evaluator is test support and a miss only makes one answer wrong.
      }
    }
    const started = performance.now();
    const measured = recording;
    if (measured) sent++;
    player.socket.emit('submitAnswer', { answer: value }, (reply: { error?: string; code?: string; correct?: boolean; currentQuestion?: number }) => {
      if (measured) {
        latencies.push(performance.now() - started);
        acked++;
      }
      if (reply.error) {
        if (measured) errors[reply.error] = (errors[reply.error] ?? 0) + 1;
        if (reply.code === 'TIME_UP' || reply.code === 'ALL_SOLVED') player.done = true;
        return;
      }
      if (typeof reply.currentQuestion === 'number') player.current = reply.currentQuestion;
    });
    player.timer = setTimeout(answer, jitter());
  };
  player.timer = setTimeout(answer, firstDelayMs + Math.random() * every);
}

async function inBatches<T>(items: T[], size: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map((item, j) => work(item, i + j)));
  }
}

async function setup(message: SetupMessage): Promise<void> {
  const begun = performance.now();
  const failures: string[] = [];
  const sockets: Array<Connection | null> = new Array(message.tokens.length).fill(null);
  const urls = message.urls ?? [message.url];
  await inBatches(message.tokens, CONNECT_BATCH, async (token, i) => {
    try {
      sockets[i] = await connect(message.client, urls[message.urlIndexes?.[i] ?? i % urls.length]!, token);
    } catch (error) {
      failures.push(`connect: ${(error as Error).message}`);
    }
  });
  for (const socket of sockets) if (socket) players.push({ socket, questions: [], current: 0, done: false });

  let games = 0;
  if (message.mode === 'bare') {
    for (const player of players) schedule(player, message.answerEveryMs, message.correctShare, 0);
  } else {
    const pairs: Array<[Player, Player]> = [];
    for (let i = 0; i + 1 < players.length; i += 2) pairs.push([players[i]!, players[i + 1]!]);
    await inBatches(pairs, GAME_BATCH, async ([host, guest]) => {
      try {
        const created = await host.socket.emitWithAck<{ roomCode?: string; error?: string }>('createRoom', { mode: message.gameMode });
        if (!created.roomCode) throw new Error(`createRoom: ${created.error}`);
        const joined = await guest.socket.emitWithAck<{ error?: string }>('joinRoom', { roomCode: created.roomCode });
        if (joined.error) throw new Error(`joinRoom: ${joined.error}`);
        const startedFor = (p: Player) =>
          new Promise<void>((resolve) =>
            p.socket.on('gameStarted', (payload: { questions: string[] }) => {
              p.questions = payload.questions;
              resolve();
            }),
          );
        const both = Promise.all([startedFor(host), startedFor(guest)]);
        const started = await host.socket.emitWithAck<{ error?: string }>('startGame');
        if (started.error) throw new Error(`startGame: ${started.error}`);
        await both;
        // Answers start when the server's clock does: after the 3 s countdown.
        for (const p of [host, guest]) schedule(p, message.answerEveryMs, message.correctShare, 3000);
        games++;
      } catch (error) {
        failures.push((error as Error).message);
      }
    });
  }
  send({ type: 'ready', connected: players.length, games, failures: failures.slice(0, 10), rampMs: performance.now() - begun });
}

process.on('message', (raw) => {
  const message = raw as Incoming;
  if (message.type === 'setup') {
    setup(message).catch((error: unknown) => {
      console.error('load setup failed', error);
      process.exit(1);
    });
  } else if (message.type === 'measure') {
    latencies = [];
    sent = 0;
    acked = 0;
    errors = {};
    loopDelay.reset();
    recording = true;
    setTimeout(() => {
      recording = false;
      // Let the acknowledgements of the last answers sent inside the window arrive.
      setTimeout(() => {
        send({ type: 'result', latenciesMs: latencies, sent, acked, errors, loopP99Ms: loopDelay.percentile(99) / 1e6 });
      }, 1000);
    }, message.durationMs);
  } else if (message.type === 'stop') {
    for (const p of players) {
      clearTimeout(p.timer);
      p.done = true;
      p.socket.close();
    }
    setTimeout(() => process.exit(0), 200);
  }
});
process.on('disconnect', () => process.exit(0));
