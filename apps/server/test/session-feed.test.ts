/**
 * The session change feed across two servers on one database (issue #5: several processes; issue
 * #2: a password change revokes every older token): server B has the user's session cached for
 * its whole lifetime (SESSION_CACHE_TTL_MS, 10 minutes by default), and still refuses the old
 * token within about a feed interval of the change made through server A. Open sockets that came
 * in with the revoked token are cut too: on A at once, on B within about a feed interval.
 */
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@mathsprint/shared/protocol';
import { call } from './helpers/http.js';
import { startServerPair, type ServerPair, type TestServer } from './helpers/test-server.js';

const FEED_INTERVAL_MS = 200;
let pair: ServerPair | undefined;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  const env = { SESSION_FEED_INTERVAL_MS: String(FEED_INTERVAL_MS) };
  pair = await startServerPair({ env });
  ({ a, b } = pair);
});
afterAll(async () => {
  await pair?.close();
});

describe('session change feed between two servers on one database', () => {
  it('refuses on server B a token revoked through server A, within about one feed interval', async () => {
    const email = `feed-${Date.now()}@example.com`;
    const signed = await call<AuthResponse>(a, 'POST', '/signup', { body: { name: 'Feed Tester', email, password: 'password123' } });
    expect(signed.status).toBe(201);
    const oldToken = signed.body.token;
    // B reads the session row now and keeps it (its cache lifetime is the default 10 minutes).
    expect((await call(b, 'GET', '/api/me', { token: oldToken })).status).toBe(200);
    expect(b.config.SESSION_CACHE_TTL_MS).toBeGreaterThanOrEqual(60_000);

    const changed = await call<AuthResponse>(a, 'POST', '/api/password', {
      token: oldToken,
      body: { currentPassword: 'password123', newPassword: 'password456' },
    });
    expect(changed.status).toBe(200);
    const changedAt = Date.now();

    let status = 200;
    while (status === 200 && Date.now() - changedAt < 5_000) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await call(b, 'GET', '/api/me', { token: oldToken })).status;
    }
    expect(status).toBe(401);
    expect(Date.now() - changedAt).toBeLessThan(FEED_INTERVAL_MS * 2 + 1_000);
    // The new token works on both servers.
    expect((await call(b, 'GET', '/api/me', { token: changed.body.token })).status).toBe(200);
    expect((await call(a, 'GET', '/api/me', { token: changed.body.token })).status).toBe(200);
  });

  it('cuts the sockets of a revoked token on both servers, and lets them back in signed out', async () => {
    const email = `feed-socket-${Date.now()}@example.com`;
    const signed = await call<AuthResponse>(a, 'POST', '/signup', { body: { name: 'Socket Tester', email, password: 'password123' } });
    expect(signed.status).toBe(201);
    const oldToken = signed.body.token;
    const onA = await connect(a, oldToken);
    const onB = await connect(b, oldToken);
    expect(await createRoom(onB)).toMatchObject({ isHost: true });

    const cutA = disconnection(onA);
    const cutB = disconnection(onB);
    const changed = await call<AuthResponse>(a, 'POST', '/api/password', {
      token: oldToken,
      body: { currentPassword: 'password123', newPassword: 'password456' },
    });
    expect(changed.status).toBe(200);
    const changedAt = Date.now();
    // The server cut them ("io server disconnect"), A at once, B after its next feed read.
    expect(await cutA).toBe('io server disconnect');
    expect(Date.now() - changedAt).toBeLessThan(1_000);
    expect(await cutB).toBe('io server disconnect');
    expect(Date.now() - changedAt).toBeLessThan(FEED_INTERVAL_MS * 2 + 1_000);

    // Back with the revoked token: connected, but signed out. With the new one: playing.
    expect(await createRoom(await connect(b, oldToken))).toEqual({ error: 'Please log in to play', code: 'LOGIN_REQUIRED' });
    const fresh = await connect(b, changed.body.token);
    expect(await createRoom(fresh)).toMatchObject({ isHost: true });
    await new Promise((r) => setTimeout(r, FEED_INTERVAL_MS * 3));
    expect(fresh.connected).toBe(true);
  });
});

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

async function connect(server: TestServer, token: string): Promise<Socket> {
  const socket = connectClient(server.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const createRoom = (socket: Socket): Promise<unknown> => socket.timeout(5_000).emitWithAck('createRoom', { mode: 1 });

/** The reason of `socket`'s next disconnection (rejects after 5 s). */
function disconnection(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected after 5 s')), 5_000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
