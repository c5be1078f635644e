/**
 * SIGTERM on the real server process (issue #5): a request in flight finishes, a connected socket
 * is told `serverShutdown` and then loses its transport (so its client reconnects on its own), the
 * process exits 0 within 10 s after closing the database, and what was written before is there
 * when the server starts again on the same database. On the suite's backend: PGlite in DATA_DIR,
 * or a scratch PostgreSQL database when TEST_DATABASE_URL is set. A SIGTERM sent to `npm start`
 * (what `kill $!` after `npm start &` does, README "Running several processes") stops the server
 * too, not only npm.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, ClientToServerEvents, ServerToClientEvents } from '@mathsprint/shared/protocol';
import { LOCK_FILE_NAME } from '../src/platform/data-dir-lock.js';
import { childEnv, seedDataDir, spawnServer, startChildServer, type ChildServer } from './helpers/child-server.js';
import { createScratchPostgres, testDatabaseKind } from './helpers/test-server.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const password = 'correct horse 1';

async function signup(url: string, email: string): Promise<Response> {
  return fetch(`${url}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', email, password }),
  });
}

async function login(url: string, email: string): Promise<number> {
  const res = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

/** Sends a POST /signup's headers and half its body now; `finish()` sends the rest and reads the reply. */
function slowSignup(port: number, email: string): { finish(): Promise<{ status: number; body: string }> } {
  const body = Buffer.from(JSON.stringify({ name: 'Bea', email, password }));
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/signup',
    headers: { 'content-type': 'application/json', 'content-length': body.length },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
  });
  request.write(body.subarray(0, half));
  request.flushHeaders();
  return {
    finish() {
      request.end(body.subarray(half));
      return response;
    },
  };
}

describe(`SIGTERM (${testDatabaseKind})`, () => {
  let dataDir: string;
  let env: Record<string, string>;
  let dropScratch: (() => Promise<void>) | undefined;
  let server: ChildServer | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ms-shutdown-'));
    const extra: Record<string, string> = { SIGNUP_RATE_LIMIT: '1000' };
    if (process.env.TEST_DATABASE_URL) {
      const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL);
      extra.DATABASE_URL = scratch.url;
      dropScratch = scratch.drop;
    } else {
      await seedDataDir(dataDir);
    }
    env = childEnv(dataDir, extra);
  });
  afterAll(async () => {
    if (server) await server.stop('SIGKILL');
    await dropScratch?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, tells the socket, closes the database and exits 0 within 10 s; the data is there after a restart', async () => {
    server = await startChildServer(env);
    const { url, port } = server;
    expect((await signup(url, 'ada@example.com')).status).toBe(201);

    const guestRes = await fetch(`${url}/auth/guest`, { method: 'POST' });
    const { token } = (await guestRes.json()) as AuthResponse;
    const socket: Client = connectClient(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const told = new Promise<{ reconnectInMs: number }>((resolve) => socket.once('serverShutdown', resolve));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const inFlight = slowSignup(port, 'bea@example.com');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopping = server.stop('SIGTERM');

    const notice = await told;
    expect(notice.reconnectInMs).toBeGreaterThanOrEqual(0);
    expect(notice.reconnectInMs).toBeLessThan(2_000);
    // The transport closes under the client: Socket.IO reconnects on its own after "transport
    // close" (it would not after "io server disconnect").
    expect(await disconnected).toBe('transport close');
    // New connections are refused while the request in flight is still being served.
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    const finished = await inFlight.finish();
    expect(finished.status, finished.body).toBe(201);

    const exit = await stopping;
    const output = server.output();
    server = undefined;
    expect(exit.code, output.slice(-3000)).toBe(0);
    expect(exit.ms).toBeLessThan(10_000);
    const steps = [...output.matchAll(/"step":"([^"]+)"[^\n]*"msg":"shutdown step done"/g)].map((m) => m[1]);
    expect(steps).toEqual([
      'fail readiness',
      'stop accepting connections',
      'tell sockets to reconnect elsewhere',
      'close app (sockets, in-flight requests, domains)',
      'close database',
      ...(testDatabaseKind === 'pglite' ? ['release DATA_DIR lock'] : []),
    ]);
    if (testDatabaseKind === 'pglite') expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    server = await startChildServer(env);
    expect(await login(server.url, 'ada@example.com')).toBe(200);
    expect(await login(server.url, 'bea@example.com')).toBe(200);
    const second = await server.stop('SIGTERM');
    server = undefined;
    expect(second.code).toBe(0);
  }, 120_000);
});

/** `npm start` runs the build in apps/server/dist and apps/web/dist (npm test builds before vitest). */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const built = existsSync(path.join(repoRoot, 'apps/server/dist/main.js')) && existsSync(path.join(repoRoot, 'apps/web/dist/index.html'));

describe.skipIf(!built)('SIGTERM to npm start (needs `npm run build` first)', () => {
  it('reaches the server through npm and scripts/start.mjs, which stops within 10 s', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ms-npm-start-'));
    try {
      await seedDataDir(dataDir);
      const npm = spawnServer(childEnv(dataDir), { file: 'npm', args: ['start'] });
      const ready = await npm.ready;
      expect(ready, npm.output().slice(-2000)).not.toBeNull();
      expect((await fetch(`http://127.0.0.1:${ready!.port}/healthz`)).status).toBe(200);
      const sent = Date.now();
      npm.process.kill('SIGTERM');
      const exit = await npm.exited;
      expect(exit.code, npm.output().slice(-2000)).toBe(0);
      expect(Date.now() - sent).toBeLessThan(10_000);
      expect(npm.output()).toContain('"msg":"stopped"');
      // The server itself is gone, not only npm: nothing listens on its port any more.
      await expect(fetch(`http://127.0.0.1:${ready!.port}/healthz`)).rejects.toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
