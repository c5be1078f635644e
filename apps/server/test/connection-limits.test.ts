/**
 * Connection exhaustion (issue #46): one address holding thousands of idle connections must not
 * starve everyone else. The real server on a free port, raw TCP connections from 127.0.0.1, and a
 * second client bound to 127.0.0.2 that signs up, checks /healthz and plays a Math Challenge with
 * real socket.io-client connections. The server runs in this process, so /proc/self/fd counts its
 * descriptors together with the clients'; after every client has gone both fall back to the idle
 * count.
 */
import http from 'node:http';
import { io as connectClient } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HandshakeAuth } from '@mathsprint/shared/protocol';
import { loadConfig } from '../src/config.js';
import { duelHandleOf, type DuelHandle } from '../src/duel/duel.socket.js';
import { boundCall, idleConnection, openDescriptors, openIdleConnections, pollUntil, type IdleConnection } from './helpers/connections.js';
import { nginxBinary, startNginx } from './helpers/nginx.js';
import type { Client } from './helpers/socket-client.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

const FLOOD = 5_000;
/** Descriptors the process may hold beyond its idle count afterwards (a log file, a timer fd). */
const DESCRIPTOR_TOLERANCE = 10;

const clients: Client[] = [];
const idle: IdleConnection[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
  for (const c of idle.splice(0)) c.socket.destroy();
});

/** A socket.io-client connection (websocket unless told) from `localAddress`; resolves on connect. */
function connect(
  url: string,
  auth: Partial<HandshakeAuth>,
  options: { localAddress?: string; transports?: Array<'websocket' | 'polling'>; forwardedFor?: string } = {},
): Promise<Client> {
  const socket: Client = connectClient(url, {
    auth,
    transports: options.transports ?? ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    ...(options.forwardedFor ? { extraHeaders: { 'x-forwarded-for': options.forwardedFor } } : {}),
  } as Parameters<typeof connectClient>[1]);
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Emits `event` and waits at most 5 s for its acknowledgement; returns it with its round trip in ms. */
async function timedCall(socket: Client, event: string, payload?: unknown): Promise<{ reply: any; ms: number }> {
  const raw = socket as unknown as { timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<any> } };
  const started = performance.now();
  const reply = await (payload === undefined ? raw.timeout(5000).emitWithAck(event) : raw.timeout(5000).emitWithAck(event, payload));
  return { reply, ms: performance.now() - started };
}

const open = (connections: IdleConnection[]) => connections.filter((c) => c.closedAfterMs === null).length;

describe('a flood of idle connections from one address, with the default cap', () => {
  let server: TestServer;
  let clock: ManualClock;
  let duel: DuelHandle;
  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 2, 6, 10));
    server = await startTestServer({
      clock,
      env: {
        // Clients connect directly; '' leaves MAX_CONNECTIONS_PER_IP at its default.
        TRUST_PROXY_HOPS: '0',
        MAX_CONNECTIONS_PER_IP: '',
        // The flood stays connected for the whole test; idle keep-alives close soon after it.
        HTTP_HEADERS_TIMEOUT_MS: '60000',
        HTTP_REQUEST_TIMEOUT_MS: '60000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
        SIGNUP_RATE_LIMIT: '1000',
        // Both players answer every one of a 1-minute game's 150 questions at once, past the
        // default 100 events per 20 s that a person never reaches.
        SOCKET_RATE_LIMIT_EVENTS: '1000',
      },
    });
    duel = duelHandleOf(server.app.io)!;
  });
  afterAll(() => server?.close());

  it(`refuses most of ${FLOOD} idle connections from 127.0.0.1 while 127.0.0.2 signs up, checks health and plays a Math Challenge`, async () => {
    const cap = server.config.MAX_CONNECTIONS_PER_IP;
    expect(cap).toBe(200);
    const idleDescriptors = openDescriptors();

    const flood = await openIdleConnections(server.port, FLOOD);
    idle.push(...flood);
    const held = open(flood);
    const duringFlood = openDescriptors();
    expect(held).toBeLessThanOrEqual(cap);
    expect(FLOOD - held).toBeGreaterThanOrEqual(FLOOD - cap);
    // Refused at the connection event: reset before the server wrote anything.
    expect(flood.every((c) => c.received === 0)).toBe(true);

    const agent = new http.Agent({ keepAlive: true, localAddress: '127.0.0.2' });
    try {
      const healthStarted = performance.now();
      const health = await boundCall(agent, server.url, 'GET', '/healthz', { timeoutMs: 1000 });
      const healthMs = performance.now() - healthStarted;
      expect(health.status).toBe(200);

      const signups = await Promise.all(
        ['Alice', 'Bob'].map((name, i) =>
          boundCall(agent, server.url, 'POST', '/signup', { body: { name, email: `flood-${name.toLowerCase()}-${i}@example.com`, password: 'correct horse 1' } }),
        ),
      );
      for (const s of signups) expect(s.status).toBe(201);
      const [host, guest] = await Promise.all(signups.map((s) => connect(server.url, { token: s.body.token }, { localAddress: '127.0.0.2' })));

      const acks: number[] = [];
      const ack = async (socket: Client, event: string, payload?: unknown) => {
        const { reply, ms } = await timedCall(socket, event, payload);
        acks.push(ms);
        return reply;
      };
      const created = await ack(host!, 'createRoom', { mode: 1 });
      expect((await ack(guest!, 'joinRoom', { roomCode: created.roomCode })).error).toBeUndefined();
      const started = new Promise((resolve) => guest!.once('gameStarted', resolve));
      expect(await ack(host!, 'startGame')).toEqual({});
      await started;
      clock.advance(3000);
      const { answers } = (await duel.store.get(created.roomCode))!.game!.questions;
      const over = new Promise<{ winner: string | null }>((resolve) => host!.once('gameOver', resolve));
      for (const player of [host!, guest!]) {
        for (const answer of answers) expect((await ack(player, 'submitAnswer', { answer })).correct).toBe(true);
      }
      expect((await over).winner).toBeNull();
      expect((await duel.store.get(created.roomCode))!.status).toBe('finished');
      // The flood was still holding its connections while the game was played.
      expect(open(flood)).toBe(held);

      for (const c of flood) c.socket.destroy();
      host!.disconnect();
      guest!.disconnect();
      agent.destroy();
      const after = await pollUntil(openDescriptors, (n) => n <= idleDescriptors + DESCRIPTOR_TOLERANCE, 15_000);
      expect(after).toBeLessThanOrEqual(idleDescriptors + DESCRIPTOR_TOLERANCE);

      const sorted = [...acks].sort((a, b) => a - b);
      console.info(
        `[connection-limits] flood ${FLOOD} from 127.0.0.1: ${held} held, ${FLOOD - held} refused; ` +
          `127.0.0.2 /healthz ${healthMs.toFixed(1)} ms; ${acks.length} acks, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, ` +
          `max ${sorted[sorted.length - 1]!.toFixed(1)} ms; descriptors idle ${idleDescriptors}, during ${duringFlood}, after ${after}`,
      );
    } finally {
      agent.destroy();
    }
  });
});

describe('per-address cap and deadlines, clients connecting directly', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        TRUST_PROXY_HOPS: '0',
        MAX_CONNECTIONS_PER_IP: '3',
        HTTP_HEADERS_TIMEOUT_MS: '500',
        HTTP_REQUEST_TIMEOUT_MS: '1000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
        SIGNUP_RATE_LIMIT: '1000',
        // Both players answer every one of a 1-minute game's 150 questions at once, past the
        // default 100 events per 20 s that a person never reaches.
        SOCKET_RATE_LIMIT_EVENTS: '1000',
      },
    });
  });
  afterAll(() => server?.close());

  it('closes a connection that sends nothing, or only part of a request head, after HTTP_HEADERS_TIMEOUT_MS', async () => {
    const silent = idleConnection(server.port);
    const partial = idleConnection(server.port, '127.0.0.2');
    idle.push(silent, partial);
    partial.socket.once('connect', () => partial.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'));
    // Node checks the deadline once a second: closed within 0.5 s + 1 s, well before 5 s.
    await Promise.race([Promise.all([silent.closed, partial.closed]), new Promise((r) => setTimeout(r, 5_000))]);
    expect(silent.closedAfterMs).not.toBeNull();
    expect(partial.closedAfterMs).not.toBeNull();
    expect(silent.closedAfterMs!).toBeGreaterThanOrEqual(400);
  });

  it('refuses the fourth connection of an address holding three, while another address is served', async () => {
    const agent = new http.Agent({ keepAlive: false, localAddress: '127.0.0.2' });
    const players = await Promise.all(
      [1, 2, 3].map((i) => boundCall(agent, server.url, 'POST', '/signup', { body: { name: `Cap ${i}`, email: `cap-${i}@example.com`, password: 'correct horse 1' } })),
    );
    const sockets = await Promise.all(players.map((p) => connect(server.url, { token: p.body.token })));
    expect(sockets.every((s) => s.connected)).toBe(true);

    const fourth = idleConnection(server.port);
    idle.push(fourth);
    await Promise.race([fourth.closed, new Promise((r) => setTimeout(r, 2_000))]);
    expect(fourth.closedAfterMs).not.toBeNull();
    await expect(connect(server.url, { token: players[0]!.body.token })).rejects.toThrow();

    const health = await boundCall(agent, server.url, 'GET', '/healthz', { timeoutMs: 1000 });
    expect(health.status).toBe(200);
    const other = await connect(server.url, { token: players[0]!.body.token }, { localAddress: '127.0.0.2' });
    expect(other.connected).toBe(true);

    // One of the three leaves: the address may connect again.
    sockets[0]!.disconnect();
    await new Promise((r) => setTimeout(r, 300));
    const again = await connect(server.url, { token: players[1]!.body.token });
    expect(again.connected).toBe(true);
    agent.destroy();
  });
});

describe('Socket.IO sessions behind a proxy (TRUST_PROXY_HOPS 1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { TRUST_PROXY_HOPS: '1', MAX_CONNECTIONS_PER_IP: '3', UNAUTHENTICATED_SOCKET_TIMEOUT_MS: '1000', SIGNUP_RATE_LIMIT: '1000' },
    });
  });
  afterAll(() => server?.close());

  it("caps each forwarded client address, on both transports, without locking out the proxy's own address", async () => {
    const guests = await Promise.all(
      [1, 2, 3, 4, 5].map(async () => (await fetch(`${server.url}/auth/guest`, { method: 'POST' }).then((r) => r.json())) as { token: string }),
    );
    const viaProxy = (i: number, forwardedFor: string, transport: 'websocket' | 'polling') =>
      connect(server.url, { token: guests[i]!.token }, { forwardedFor, transports: [transport] });
    await Promise.all([viaProxy(0, '203.0.113.7', 'websocket'), viaProxy(1, '203.0.113.7', 'polling'), viaProxy(2, '203.0.113.7', 'websocket')]);
    await expect(viaProxy(3, '203.0.113.7', 'polling')).rejects.toThrow();
    await expect(viaProxy(3, '203.0.113.7', 'websocket')).rejects.toThrow();
    // Every connection comes from the proxy's address (127.0.0.1): other clients still connect.
    const others = await Promise.all([viaProxy(3, '198.51.100.1', 'websocket'), viaProxy(4, '198.51.100.2', 'polling'), viaProxy(4, '198.51.100.3', 'websocket')]);
    expect(others.every((s) => s.connected)).toBe(true);
  });

  it('admits no more than the cap from a burst of simultaneous handshakes of one address', async () => {
    const burst = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => connect(server.url, {}, { forwardedFor: '203.0.113.99', transports: [i % 2 ? 'polling' : 'websocket'] })),
    );
    expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  });

  it('disconnects a socket without a session token after UNAUTHENTICATED_SOCKET_TIMEOUT_MS, and keeps guests and signed-in players', async () => {
    const guest = (await fetch(`${server.url}/auth/guest`, { method: 'POST' }).then((r) => r.json())) as { token: string };
    const signup = await fetch(`${server.url}/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Stays', email: 'stays@example.com', password: 'correct horse 1' }),
    }).then((r) => r.json() as Promise<{ token: string }>);
    const [anonymous, asGuest, signedIn] = await Promise.all([
      connect(server.url, {}, { forwardedFor: '192.0.2.1' }),
      connect(server.url, { token: guest.token }, { forwardedFor: '192.0.2.2' }),
      connect(server.url, { token: signup.token }, { forwardedFor: '192.0.2.3' }),
    ]);
    const reason = new Promise<string>((resolve) => anonymous.once('disconnect', resolve));
    const cut = await Promise.race([reason, new Promise<string>((r) => setTimeout(() => r('still connected'), 5_000))]);
    expect(cut).toBe('io server disconnect');
    expect(asGuest.connected).toBe(true);
    expect(signedIn.connected).toBe(true);
  });
});

describe.skipIf(!nginxBinary())('deploy/nginx.conf in front of the server (needs nginx)', () => {
  let server: TestServer;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  beforeAll(async () => {
    // The app's own cap is out of the way (the helper's default): what refuses is nginx's limit_conn.
    server = await startTestServer({ env: { TRUST_PROXY_HOPS: '1' } });
    nginx = await startNginx([server.port]);
  });
  afterAll(async () => {
    await nginx?.stop();
    await server?.close();
  });

  it("holds a client address to limit_conn's 200 WebSockets and serves another address meanwhile", async () => {
    const connected = await Promise.all(Array.from({ length: 200 }, () => connect(nginx.url, {})));
    expect(connected.every((s) => s.connected)).toBe(true);
    await expect(connect(nginx.url, {})).rejects.toThrow();
    const other = await connect(nginx.url, {}, { localAddress: '127.0.0.2' });
    expect(other.connected).toBe(true);
  });
});

describe('configuration', () => {
  it('defaults to 200 connections per address and refuses deadlines Node would refuse, naming the variable', () => {
    const config = loadConfig({});
    expect(config.MAX_CONNECTIONS_PER_IP).toBe(200);
    expect(config.HTTP_HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(config.HTTP_REQUEST_TIMEOUT_MS);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS: .*HTTP_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_IP: '0' })).toThrow(/MAX_CONNECTIONS_PER_IP/);
    expect(() => loadConfig({ UNAUTHENTICATED_SOCKET_TIMEOUT_MS: 'soon' })).toThrow(/UNAUTHENTICATED_SOCKET_TIMEOUT_MS/);
  });
});
