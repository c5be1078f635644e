/**
 * The acknowledgements' contract (issue #48 §4) against the real server and real socket.io-client
 * connections: every refusal is `{ error, code }` with the code of its rule, and every
 * acknowledgement, success or refusal, is exactly what its protocol schema (socket-acks.ts)
 * reads: parsing it changes nothing, so the web client, which parses them, sees what was sent.
 */
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  answerAckSchema,
  duelPlayersSchema,
  errorAckSchema,
  gameStartedSchema,
  rejoinAckSchema,
  roomAckSchema,
  timerAckSchema,
  type ErrorCode,
} from '@mathsprint/shared/protocol';
import { ManualClock } from '../src/platform/clock.js';
import { guest, signup } from './helpers/accounts.js';
import { nextWhere, type Client } from './helpers/socket-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/** Events per connection per window; the rate-limit case sends one more than this. */
const LIMIT = 30;
/** The server's day: UTC 29 January 2026. */
const TODAY = '2026-01-29';
let server: TestServer;
const clock = new ManualClock(Date.UTC(2026, 0, 29, 12));
const clients: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ clock, env: { SOCKET_RATE_LIMIT_EVENTS: String(LIMIT), SOCKET_RATE_LIMIT_WINDOW_MS: '60000' } });
});
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});
afterAll(async () => {
  await server?.close();
});

function connect(token?: string): Promise<Client> {
  const socket: Client = connectClient(server.url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const call = (socket: Client, event: string, ...args: unknown[]): Promise<unknown> =>
  (socket as unknown as Socket).timeout(5000).emitWithAck(event, ...args);

/** Asserts that `ack` is exactly what `schema` reads (nothing missing, nothing extra), and returns it. */
function exactly<T>(schema: z.ZodType<T>, ack: unknown): T {
  const parsed = schema.safeParse(ack);
  expect(parsed.success, JSON.stringify(ack)).toBe(true);
  expect(parsed.data).toEqual(ack);
  return parsed.data!;
}

/** Asserts that `ack` is a refusal `{ error, code }` (plus timeLeft for getTimer) that `schema` reads, with code `code`. */
function refusedWith<T>(schema: z.ZodType<T>, ack: unknown, code: ErrorCode): void {
  exactly(schema, ack);
  expect(ack).toMatchObject({ error: expect.any(String), code });
}

describe('socket acknowledgements', () => {
  it('refuses a signed-out socket with LOGIN_REQUIRED on every event', async () => {
    const socket = await connect();
    refusedWith(roomAckSchema, await call(socket, 'createRoom', { mode: 1 }), 'LOGIN_REQUIRED');
    refusedWith(timerAckSchema, await call(socket, 'getTimer', {}), 'LOGIN_REQUIRED');
    refusedWith(errorAckSchema, await call(socket, 'joinCommentRoom', { date: TODAY, sectionKey: 'basic' }), 'LOGIN_REQUIRED');
  });

  it('gives each room refusal its code, and each success the shape of its schema', async () => {
    const [alice, bob, carol] = await Promise.all([signup(server, 'Alice'), signup(server, 'Bob'), signup(server, 'Carol')]);
    const [sa, sb, sc] = await Promise.all([connect(alice.token), connect(bob.token), connect(carol.token)]);

    refusedWith(roomAckSchema, await call(sa, 'createRoom', { mode: 4 }), 'INVALID_INPUT');
    refusedWith(errorAckSchema, await call(sa, 'noSuchEvent', {}), 'UNKNOWN_EVENT');
    const roomUpdate = nextWhere(sa, 'roomUpdate', (players) => players.length === 2);
    const created = exactly(roomAckSchema, await call(sa, 'createRoom', { mode: 1 }));
    if ('error' in created) throw new Error(created.error);
    expect(created).toMatchObject({ mode: 1, isHost: true });
    exactly(roomAckSchema, await call(sb, 'joinRoom', { roomCode: created.roomCode }));
    exactly(duelPlayersSchema, await roomUpdate);

    refusedWith(roomAckSchema, await call(sc, 'joinRoom', { roomCode: created.roomCode }), 'ROOM_FULL');
    refusedWith(roomAckSchema, await call(sc, 'joinRoom', { roomCode: 'ZZZZZZ' }), 'ROOM_NOT_FOUND');
    refusedWith(rejoinAckSchema, await call(sc, 'rejoinRoom', { roomCode: created.roomCode }), 'NOT_IN_ROOM');
    refusedWith(errorAckSchema, await call(sc, 'startGame'), 'NOT_IN_ROOM');
    expect(await call(sc, 'getTimer', {})).toEqual({ timeLeft: 0, error: 'You are not in a room', code: 'NOT_IN_ROOM' });
    refusedWith(errorAckSchema, await call(sb, 'startGame'), 'NOT_HOST');
    refusedWith(errorAckSchema, await call(sa, 'rematch', {}), 'GAME_NOT_OVER');

    const started = nextWhere(sb, 'gameStarted');
    exactly(errorAckSchema, await call(sa, 'startGame'));
    exactly(gameStartedSchema, await started);
    refusedWith(errorAckSchema, await call(sa, 'startGame'), 'GAME_STARTED');
    refusedWith(answerAckSchema, await call(sb, 'submitAnswer', { answer: 1 }), 'GAME_NOT_STARTED');
    refusedWith(roomAckSchema, await call(sa, 'createRoom', { mode: 1 }), 'IN_ANOTHER_GAME');
    expect(exactly(rejoinAckSchema, await call(sb, 'rejoinRoom', { roomCode: created.roomCode }))).toMatchObject({ status: 'playing', startsInMs: 3000 });

    clock.advance(3000);
    exactly(timerAckSchema, await call(sb, 'getTimer', {}));
    // -1 is never the answer: every generated question has a non-negative result.
    expect(exactly(answerAckSchema, await call(sb, 'submitAnswer', { answer: -1 }))).toMatchObject({ correct: false, score: 0, currentQuestion: 0 });
    refusedWith(answerAckSchema, await call(sb, 'submitAnswer', { answer: 'abc' }), 'INVALID_INPUT');
  });

  it('gives the comment-room refusals their codes', async () => {
    const ann = await signup(server, 'Ann');
    const socket = await connect(ann.token);
    refusedWith(errorAckSchema, await call(socket, 'joinCommentRoom', { date: '2026-01-30', sectionKey: 'basic' }), 'INVALID_INPUT');
    refusedWith(errorAckSchema, await call(socket, 'joinCommentRoom', { date: TODAY, sectionKey: 'basic' }), 'SUBMIT_TO_DISCUSS');
    refusedWith(errorAckSchema, await call(await connect((await guest(server)).token), 'joinCommentRoom', { date: TODAY, sectionKey: 'basic' }), 'LOGIN_REQUIRED');
    exactly(errorAckSchema, await call(socket, 'leaveCommentRoom', { date: TODAY, sectionKey: 'basic' }));
  });

  it('answers events beyond the rate limit with RATE_LIMITED', async () => {
    const socket = await connect((await guest(server)).token);
    for (let i = 0; i < LIMIT; i++) await call(socket, 'getTimer', {});
    refusedWith(timerAckSchema, await call(socket, 'getTimer', {}), 'RATE_LIMITED');
    refusedWith(roomAckSchema, await call(socket, 'createRoom', { mode: 1 }), 'RATE_LIMITED');
  });
});
