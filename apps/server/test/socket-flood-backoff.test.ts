/**
 * The flood back-off (platform/flood-backoff.ts, flood-gate.ts; issue #46 "Floods that reconnect")
 * against the real server and real socket.io-client: a socket cut for flooding is refused again on
 * reconnect, with a reason the client can read, then refused before the Engine.IO handshake; it is
 * admitted once the back-off ends, and the back-off doubles on the next flood. The refusal holds
 * per address (another address, 127.0.0.2, gets in) and per user (the same user from another
 * address does not), and with REDIS_URL across processes. Back-offs are 1 s here (the shortest the
 * Redis store keeps) instead of 5 s.
 */
import { io as connectClient, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { socketRefusalSchema } from '@mathsprint/shared/protocol';
import { REFUSAL_HOLD_MS } from '../src/platform/flood-gate.js';
import { guestToken } from './helpers/cluster.js';
import { NO_REDIS, backendEnv, dropPrefix, freshPrefix, testRedisUrl } from './helpers/redis.js';
import { startServerPair, startTestServer, type ServerPair, type TestServer } from './helpers/test-server.js';

/** Events per window: a flood is 3 × this within it. */
const LIMIT = 5;
const BACKOFF_MS = 2000;
const ENV = {
  SOCKET_RATE_LIMIT_EVENTS: String(LIMIT),
  SOCKET_RATE_LIMIT_WINDOW_MS: '60000',
  SOCKET_FLOOD_BACKOFF_MS: String(BACKOFF_MS),
  SOCKET_FLOOD_BACKOFF_MAX_MS: '16000',
  SOCKET_FLOOD_QUIET_MS: '60000',
  SIGNUP_RATE_LIMIT: '1000',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const clients: Socket[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});

/** Where a client connects from: `forwardedFor` through the trusted proxy hop (the test servers
 * trust one), or `localAddress` as its own TCP address. */
interface From {
  forwardedFor?: string;
  localAddress?: string;
}

type Outcome = { socket: Socket; error?: undefined } | { socket?: undefined; error: Error & { data?: unknown; description?: unknown } };

/** Connects once (no automatic reconnection) and settles with the socket or its connect_error. */
function tryConnect(url: string, token: string, from: From = {}): Promise<Outcome> {
  const options: Partial<ManagerOptions & SocketOptions> & { localAddress?: string } = {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(from.forwardedFor ? { extraHeaders: { 'x-forwarded-for': from.forwardedFor } } : {}),
    ...(from.localAddress ? { localAddress: from.localAddress } : {}),
  };
  const socket = connectClient(url, options);
  clients.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => resolve({ error }));
  });
}

async function connected(url: string, token: string, from: From = {}): Promise<Socket> {
  const outcome = await tryConnect(url, token, from);
  if (!outcome.socket) throw new Error(`connection refused: ${outcome.error.message}`);
  return outcome.socket;
}

/** The refusal the handshake middleware sent (its message and data), failing on anything else. */
async function refusal(url: string, token: string, from: From = {}): Promise<{ message: string; retryAfterMs: number }> {
  const outcome = await tryConnect(url, token, from);
  if (outcome.socket) throw new Error('connection admitted, expected a flood back-off refusal');
  const data = socketRefusalSchema.parse(outcome.error.data);
  return { message: outcome.error.message, retryAfterMs: data.retryAfterMs };
}

/** Sends 3 × LIMIT + 1 events at once and resolves when the server has cut the socket. */
async function flood(socket: Socket): Promise<void> {
  const cut = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  for (let i = 0; i <= LIMIT * 3; i++) socket.emit('getTimer', {});
  expect(await cut).toBe('io server disconnect');
}

const stillPlays = async (socket: Socket) =>
  expect(await socket.timeout(5000).emitWithAck('getTimer', {})).toEqual({ timeLeft: 0, error: 'You are not in a room', code: 'NOT_IN_ROOM' });

describe('flood back-off, in memory', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: ENV });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a flooder on reconnect for the back-off, early after the first refusal, then admits it; a second flood doubles it', async () => {
    const { token } = await guestToken(server.url, 1);
    const from = { forwardedFor: '10.46.1.1' };
    await flood(await connected(server.url, token, from));

    const first = await refusal(server.url, token, from);
    expect(first.message).toBe('Too many messages: this connection is paused for 2 s');
    expect(first.retryAfterMs).toBeGreaterThan(0);
    expect(first.retryAfterMs).toBeLessThanOrEqual(BACKOFF_MS);
    // Told once: the next knocks are refused before the Engine.IO handshake (no session, no
    // Socket.IO packet), a WebSocket upgrade with 400 and a long-polling handshake with 403, each
    // held for a second first (REFUSAL_HOLD_MS).
    const [early, polling] = await Promise.all([
      tryConnect(server.url, token, from),
      fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { 'x-forwarded-for': from.forwardedFor } }),
    ]);
    expect(early.error?.message).toBe('websocket error');
    expect((early.error?.description as { message?: string } | undefined)?.message).toBe('Unexpected server response: 400');
    expect(polling.status).toBe(403);
    expect(((await polling.json()) as { message: string }).message).toMatch(/^Too many messages: this connection is paused for [12] s$/);

    await sleep(Math.max(0, first.retryAfterMs - REFUSAL_HOLD_MS) + 50);
    const back = await connected(server.url, token, from);
    await stillPlays(back);

    await flood(back);
    const second = await refusal(server.url, token, from);
    expect(second.retryAfterMs).toBeGreaterThan(BACKOFF_MS);
    expect(second.retryAfterMs).toBeLessThanOrEqual(2 * BACKOFF_MS);
    expect(second.message).toBe('Too many messages: this connection is paused for 4 s');
    await sleep(second.retryAfterMs + 50);
    await stillPlays(await connected(server.url, token, from));
  });

  it('refuses the address for everyone (127.0.0.2 gets in) and the user from every address', async () => {
    const [flooder, neighbour, other] = await Promise.all([guestToken(server.url, 2), guestToken(server.url, 3), guestToken(server.url, 4)]);
    await flood(await connected(server.url, flooder.token, { localAddress: '127.0.0.1' }));

    // Another player on the flooder's address is refused with it…
    expect((await refusal(server.url, neighbour.token, { localAddress: '127.0.0.1' })).retryAfterMs).toBeGreaterThan(0);
    // …a player on another address is not…
    await stillPlays(await connected(server.url, other.token, { localAddress: '127.0.0.2' }));
    // …and the flooder is refused from that other address too.
    const moved = await refusal(server.url, flooder.token, { localAddress: '127.0.0.2' });
    expect(moved.retryAfterMs).toBeGreaterThan(0);
    expect(moved.retryAfterMs).toBeLessThanOrEqual(BACKOFF_MS);

    await sleep(moved.retryAfterMs + 50);
    await stillPlays(await connected(server.url, flooder.token, { localAddress: '127.0.0.2' }));
  });
});

describe.skipIf(!testRedisUrl)(`flood back-off in Redis, shared by two processes (needs ${NO_REDIS})`, () => {
  const prefix = freshPrefix();
  let pair: ServerPair | undefined;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const env = { ...ENV, ...backendEnv('redis', prefix) };
    // One database too, as two processes share it: b knows the accounts made on a.
    pair = await startServerPair({ env });
    ({ a, b } = pair);
  });
  afterAll(async () => {
    await pair?.close();
    await dropPrefix(prefix);
  });

  it('refuses on one process a flooder cut by the other, by address and by user, until the back-off ends', async () => {
    const [flooder, neighbour] = await Promise.all([guestToken(a.url, 5), guestToken(a.url, 6)]);
    const from = { forwardedFor: '10.46.2.1' };
    await flood(await connected(a.url, flooder.token, from));

    const onB = await refusal(b.url, flooder.token, { forwardedFor: '10.46.2.2' });
    expect(onB.message).toBe('Too many messages: this connection is paused for 2 s');
    expect((await refusal(b.url, neighbour.token, from)).retryAfterMs).toBeGreaterThan(0);
    const keys = await a.app.redis!.client.keys(`${prefix}flood:*`);
    expect(keys.sort()).toEqual([`${prefix}flood:ip:10.46.2.1`, `${prefix}flood:user:${flooder.id}`]);

    await sleep(onB.retryAfterMs + 50);
    await stillPlays(await connected(b.url, flooder.token, from));
    // The strike count is shared too: the next flood, on b, doubles the back-off a refuses with.
    await flood(await connected(b.url, flooder.token, from));
    const doubled = await refusal(a.url, flooder.token, { forwardedFor: '10.46.2.3' });
    expect(doubled.retryAfterMs).toBeGreaterThan(BACKOFF_MS);
  });
});
