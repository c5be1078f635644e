/**
 * The socket edge (platform/socket.ts) against the real server: handshake authentication, payload
 * validation, acknowledgements that always come back, and the per-connection rate limit that
 * disconnects a flood without slowing anyone else (issue #2 "Bad input and abuse").
 */
import { io as connectClient, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@mathsprint/shared/protocol';
import { duelHandleOf } from '../src/duel/duel.socket.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/** Rate limit of the `rate limit` suite's own server (the other suites run with the default). */
const LIMIT = 8;
let server: TestServer;
const clients: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});
afterAll(async () => {
  await server?.close();
});

async function guestToken(): Promise<AuthResponse> {
  const res = await fetch(`${server.url}/auth/guest`, { method: 'POST' });
  expect(res.status).toBe(201);
  return (await res.json()) as AuthResponse;
}

function connect(auth: Record<string, unknown>, options: Partial<ManagerOptions & SocketOptions> = {}): Promise<Socket> {
  const socket = connectClient(server.url, { auth, transports: ['websocket'], reconnection: false, forceNew: true, ...options });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const call = (socket: Socket, event: string, ...args: unknown[]): Promise<any> =>
  socket.timeout(5000).emitWithAck(event, ...args);

const roomCount = () => duelHandleOf(server.app.io)!.store.size();

describe('handshake authentication', () => {
  it('connects a socket without a valid token, but refuses its game events and changes nothing', async () => {
    for (const auth of [{}, { token: '' }, { token: 'not-a-jwt' }, { token: 42 }, { token: 'x'.repeat(10_000) }]) {
      const socket = await connect(auth);
      const rooms = await roomCount();
      expect(await call(socket, 'createRoom', { mode: 1 })).toEqual({ error: 'Please log in to play', code: 'LOGIN_REQUIRED' });
      expect(await call(socket, 'joinRoom', { roomCode: 'ABCDEF' })).toEqual({ error: 'Please log in to play', code: 'LOGIN_REQUIRED' });
      expect(await call(socket, 'startGame')).toEqual({ error: 'Please log in to play', code: 'LOGIN_REQUIRED' });
      expect(await call(socket, 'submitAnswer', { answer: 3 })).toEqual({ error: 'Please log in to play', code: 'LOGIN_REQUIRED' });
      expect(await call(socket, 'getTimer', {})).toEqual({ timeLeft: 0, error: 'Please log in to play', code: 'LOGIN_REQUIRED' });
      expect(await call(socket, 'rematch', {})).toEqual({ error: 'Please log in to play', code: 'LOGIN_REQUIRED' });
      expect(await roomCount()).toBe(rooms);
      socket.disconnect();
    }
  });

  it('verifies the token on every connection: a signed-in socket plays', async () => {
    const { token } = await guestToken();
    const socket = await connect({ token });
    const reply = await call(socket, 'createRoom', { mode: 5 });
    expect(reply).toMatchObject({ mode: 5, isHost: true });
    expect(await call(socket, 'leaveRoom')).toEqual({});
  });

  it('finds the token wherever a spec §7 client may put it: "Bearer …" in auth, the Authorization header, the query', async () => {
    const { token } = await guestToken();
    const ways: [Record<string, unknown>, Partial<ManagerOptions & SocketOptions>][] = [
      [{ token: `Bearer ${token}` }, {}],
      [{}, { extraHeaders: { Authorization: `Bearer ${token}` } }],
      [{}, { query: { token } }],
      [{}, { query: { token }, transports: ['polling'] }],
    ];
    for (const [auth, options] of ways) {
      const socket = await connect(auth, options);
      expect(await call(socket, 'createRoom', { mode: 2 }), JSON.stringify(options)).toMatchObject({ mode: 2, isHost: true });
      expect(await call(socket, 'leaveRoom')).toEqual({});
      socket.disconnect();
    }
    // The auth payload comes first: a wrong token there is not rescued by a good one in the query.
    const socket = await connect({ token: 'not-a-jwt' }, { query: { token } });
    expect(await call(socket, 'createRoom', { mode: 2 })).toEqual({ error: 'Please log in to play', code: 'LOGIN_REQUIRED' });
  });
});

describe('payload validation', () => {
  it('answers every wrong shape with the zod message and changes nothing', async () => {
    const { token } = await guestToken();
    const socket = await connect({ token });
    const rooms = await roomCount();
    for (const [event, payload, error] of [
      ['createRoom', { mode: 4 }, 'mode must be one of 1, 2, 3, 5 minutes'],
      ['createRoom', { mode: 0 }, 'mode must be one of 1, 2, 3, 5 minutes'],
      ['createRoom', { mode: 'abc' }, 'mode must be a number of minutes'],
      ['createRoom', {}, 'mode must be a number of minutes'],
      ['createRoom', { mode: true }, 'mode must be a number of minutes'],
      ['createRoom', 'five', 'Payload must be a JSON object'],
      ['createRoom', null, 'Payload must be a JSON object'],
      ['joinRoom', {}, 'Room code required: room ≠ ∅'],
      ['joinRoom', { roomCode: '   ' }, 'Room code required: room ≠ ∅'],
      ['joinRoom', { roomCode: 12 }, 'Room code required: room ≠ ∅'],
      ['joinRoom', { roomCode: 'X'.repeat(500) }, 'Room not found'],
      ['rejoinRoom', [], 'Payload must be a JSON object'],
      ['rejoinRoom', { roomCode: 'ABCDEF', name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
      ['submitAnswer', { answer: 'abc' }, "answer must be a finite number, got 'abc'"],
      ['joinRoom', { roomCode: 'AB\u0000CDE' }, 'roomCode must not contain the NUL character (U+0000)'],
      ['rejoinRoom', { roomCode: 'ABCDEF', name: 'Ada\u0000' }, 'name must not contain the NUL character (U+0000)'],
    ] as const) {
      expect(await call(socket, event, payload), `${event} ${JSON.stringify(payload)}`).toEqual({ error, code: 'INVALID_INPUT' });
    }
    expect(await roomCount()).toBe(rooms);
    // createRoom without any payload, only the callback.
    expect(await call(socket, 'createRoom')).toEqual({ error: 'Payload must be a JSON object', code: 'INVALID_INPUT' });
  });

  it('survives events without an acknowledgement callback and unknown events', async () => {
    const { token } = await guestToken();
    const socket = await connect({ token });
    socket.emit('createRoom', { mode: 4 });
    socket.emit('submitAnswer', 'garbage');
    socket.emit('startGame');
    socket.emit('noSuchEvent', { a: 1 });
    expect(await call(socket, 'noSuchEvent', {})).toEqual({ error: 'Unknown event: noSuchEvent', code: 'UNKNOWN_EVENT' });
    // Socket.IO listens to 'error' on every socket itself; a client sending it is still answered.
    expect(await call(socket, 'error', {})).toEqual({ error: 'Unknown event: error', code: 'UNKNOWN_EVENT' });
    expect(await call(socket, 'getTimer', {})).toEqual({ timeLeft: 0, error: 'You are not in a room', code: 'NOT_IN_ROOM' });
    expect(socket.connected).toBe(true);
  });
});

describe('rate limit', () => {
  let defaultServer: TestServer;
  beforeAll(async () => {
    defaultServer = server;
    server = await startTestServer({
      env: { SOCKET_RATE_LIMIT_EVENTS: String(LIMIT), SOCKET_RATE_LIMIT_WINDOW_MS: '60000' },
    });
  });
  afterAll(async () => {
    await server.close();
    server = defaultServer;
  });

  it('answers events beyond the limit with an error, then disconnects a flood without slowing others', async () => {
    const [a, b] = await Promise.all([guestToken(), guestToken()]);
    const flooder = await connect({ token: a.token });
    const bystander = await connect({ token: b.token });
    const replies: any[] = [];
    for (let i = 0; i < LIMIT + 2; i++) replies.push(await call(flooder, 'getTimer', {}));
    expect(replies.slice(0, LIMIT).every((r) => r.error === 'You are not in a room')).toBe(true);
    expect(replies.slice(LIMIT)).toEqual([
      { error: 'Too many messages, slow down', code: 'RATE_LIMITED' },
      { error: 'Too many messages, slow down', code: 'RATE_LIMITED' },
    ]);
    // A limited event does nothing.
    expect(await call(flooder, 'createRoom', { mode: 1 })).toEqual({ error: 'Too many messages, slow down', code: 'RATE_LIMITED' });
    expect(await duelHandleOf(server.app.io)!.store.findByUser(a.user._id)).toBeUndefined();

    const disconnected = new Promise<string>((resolve) => flooder.once('disconnect', resolve));
    for (let i = 0; i < LIMIT * 3; i++) flooder.emit('getTimer', {});
    expect(await disconnected).toBe('io server disconnect');
    expect(await call(bystander, 'getTimer', {})).toEqual({ timeLeft: 0, error: 'You are not in a room', code: 'NOT_IN_ROOM' });
  });

  it('charges invalid payloads five times, so a client sending them is limited and cut off sooner', async () => {
    const { token } = await guestToken();
    // From an address of its own: the flood above has its address refused for a while (flood back-off).
    const socket = await connect({ token }, { extraHeaders: { 'x-forwarded-for': '10.2.0.2' } });
    // 2 invalid payloads = 10 events > 8: the next valid event is already refused.
    expect((await call(socket, 'createRoom', { mode: 4 })).error).toBe('mode must be one of 1, 2, 3, 5 minutes');
    expect((await call(socket, 'noSuchEvent')).error).toBe('Unknown event: noSuchEvent');
    expect(await call(socket, 'getTimer', {})).toEqual({ error: 'Too many messages, slow down', code: 'RATE_LIMITED' });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    for (let i = 0; i < LIMIT * 2; i++) socket.emit('getTimer', {});
    expect(await disconnected).toBe('io server disconnect');
  });
});
