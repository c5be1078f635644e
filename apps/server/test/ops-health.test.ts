/**
 * Operations endpoints on the real server (issue #5): /healthz, /readyz with its named failing
 * parts (database, Redis, any registered check, shutdown), and /metrics in Prometheus text format
 * with the socket, room, acknowledgement and HTTP metrics, open or behind METRICS_TOKEN.
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { guest } from './helpers/accounts.js';
import { dropPrefix, freshPrefix, NO_REDIS, testRedisUrl } from './helpers/redis.js';
import { connectPlayer, type Client } from './helpers/socket-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * A TCP relay to Redis that the test can stall, standing for a Redis that stops answering this
 * server only (the real Redis is shared with the tests running beside this one). While stalled it
 * holds the bytes both ways; `resume` delivers them.
 */
async function redisRelay(target: URL): Promise<{ url: string; stall(): void; resume(): void; close(): void }> {
  let stalled = false;
  const held: Array<() => void> = [];
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk: Buffer) => (stalled ? held.push(() => to.write(chunk)) : to.write(chunk)));
    forward(client, upstream);
    forward(upstream, client);
    for (const s of [client, upstream]) s.on('error', () => s.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const send of held.splice(0)) send();
    },
    close() {
      relay.close();
    },
  };
}

/** Value of an unlabelled sample, or of the sample whose label text is `labels`. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('health, readiness and metrics', () => {
  let server: TestServer;
  const clients: Client[] = [];
  beforeAll(async () => {
    server = await startTestServer({ env: { SIGNUP_RATE_LIMIT: '1000' } });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.disconnect();
  });
  afterAll(() => server?.close());

  async function connect(token: string): Promise<Client> {
    const socket = await connectPlayer(server.url, token);
    clients.push(socket);
    return socket;
  }

  const scrape = async (): Promise<string> => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('GET /healthz answers 200 {status:"ok"}', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 when the database answers', async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz names every failing check with a 503, including one that hangs', async () => {
    server.app.ops.readiness.register('broken', () => Promise.reject(new Error('down')));
    server.app.ops.readiness.register('hanging', () => new Promise(() => {}));
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', failing: ['broken', 'hanging'] });
    server.app.ops.readiness.register('broken', async () => {});
    server.app.ops.readiness.register('hanging', async () => {});
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('GET /metrics exports sockets, live rooms, answer-ack and HTTP latency histograms, event-loop delay and memory', async () => {
    const player = await guest(server);
    const socket = await connect(player.token);
    const noRoom = await socket.timeout(5000).emitWithAck('submitAnswer', { answer: 4 });
    expect(noRoom.error).toBeTruthy();
    const created = await socket.timeout(5000).emitWithAck('createRoom', { mode: 1 });
    expect(created.roomCode).toBeTruthy();
    await fetch(`${server.url}/contest/does-not-exist/results`);

    const text = await scrape();
    expect(sample(text, 'mathsprint_sockets_connected')).toBe(1);
    expect(sample(text, 'mathsprint_duel_rooms_live')).toBe(1);
    expect(sample(text, 'mathsprint_duel_answer_ack_seconds_count')).toBe(1);
    expect(sample(text, 'mathsprint_http_request_duration_seconds_count', 'method="POST",route="/auth/guest",status_code="201"')).toBe(1);
    // By route pattern, never by raw URL (bounded label values).
    expect(text).not.toContain('does-not-exist');
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);

    socket.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sample(await scrape(), 'mathsprint_sockets_connected')).toBe(0);
  });

  it('GET /admin/backup answers 404 without an embedded database on disk (PostgreSQL: pg_dump)', async () => {
    const res = await fetch(`${server.url}/admin/backup`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toContain('pg_dump');
  });

  // Last: it closes this server's database.
  it('GET /readyz answers 503 failing ["database"] once the database is gone; /healthz stays 200', async () => {
    await server.database.close();
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', failing: ['database'] });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe('METRICS_TOKEN', () => {
  it('makes /metrics need the bearer token', async () => {
    const token = 'metrics-token-0123456789';
    const server = await startTestServer({ env: { METRICS_TOKEN: token } });
    try {
      const refused = await fetch(`${server.url}/metrics`);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: 'Metrics need Authorization: Bearer <METRICS_TOKEN>', code: 'TOKEN_REQUIRED' });
      expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      const ok = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('mathsprint_sockets_connected');
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(!testRedisUrl)(`readiness with REDIS_URL (needs ${NO_REDIS})`, () => {
  it('is ready while Redis answers, 503 failing ["redis"] while it does not (/healthz stays 200), ready again when it is back', async () => {
    const relay = await redisRelay(new URL(testRedisUrl ?? 'redis://127.0.0.1:6379'));
    const prefix = freshPrefix();
    const server = await startTestServer({ env: { REDIS_URL: relay.url, REDIS_KEY_PREFIX: prefix } });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      relay.stall();
      await expect
        .poll(async () => {
          const res = await fetch(`${server.url}/readyz`);
          return { status: res.status, body: await res.json() };
        })
        .toEqual({ status: 503, body: { status: 'unavailable', failing: ['redis'] } });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      relay.resume();
      await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 10_000 }).toBe(200);
    } finally {
      relay.resume();
      await server.close();
      relay.close();
      await dropPrefix(prefix);
    }
  });
});
