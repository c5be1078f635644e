/**
 * The HTTP abuse limits (accounts/account-limits.ts, platform/rate-limiters.ts) where they meet
 * time and processes:
 *  - every limit lets its key in again once its window has passed, on each backend (memory, and
 *    Redis with TEST_REDIS_URL). The limiters keep rate-limiter-flexible's wall-clock time, not the
 *    injected clock, so the windows here are a few seconds long and the tests wait them out;
 *  - two server processes (apps/server/src/main.ts, helpers/cluster.ts) sharing Redis allow exactly
 *    what one allows: wrong logins per (email, IP), per IP and per email, and sign-ups per IP.
 *    Clients there connect from real loopback addresses (127.0.0.x, TRUST_PROXY_HOPS=0), as
 *    different machines would.
 * The rules themselves (which key refuses, what counts) are tested in accounts.test.ts.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './helpers/cluster.js';
import { backendEnv, dropPrefix, freshPrefix, NO_REDIS, roomBackends, testRedisUrl } from './helpers/redis.js';
import { createScratchPostgres, startTestServer, type TestServer } from './helpers/test-server.js';

const PASSWORD = 'correct horse 42';
const TOO_MANY_LOGINS = { error: 'Too many login attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' };
const TOO_MANY_ACCOUNTS = { error: 'Too many accounts created from your network. Please try again later.', code: 'RATE_LIMITED' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
let emailCounter = 0;
const freshEmail = (label: string) => `${label}-${++emailCounter}-${Date.now()}@example.com`;

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

interface Reply {
  status: number;
  body: { error?: string; token?: string };
}

/** POST `path` on `url` with a JSON body, from `from`: an X-Forwarded-For address, or a local address to bind. */
function post(url: string, path: string, body: unknown, from: { forwardedFor: string } | { localAddress: string }): Promise<Reply> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const headers: Record<string, string | number> = { 'content-length': Buffer.byteLength(payload) };
  if (payload) headers['content-type'] = 'application/json';
  if ('forwardedFor' in from) headers['x-forwarded-for'] = from.forwardedFor;
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'POST', headers, localAddress: 'localAddress' in from ? from.localAddress : undefined }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Reply['body']) : {} }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const WINDOW_MS = 3000;

describe.each(roomBackends())('limits end with their window (%s)', (backend) => {
  let server: TestServer;
  const prefix = freshPrefix();
  cleanups.push(() => dropPrefix(prefix));
  const at = (ip: string) => ({ forwardedFor: ip });
  const account = async (ip: string) => {
    const email = freshEmail('window');
    expect((await post(server.url, '/signup', { name: 'Window', email, password: PASSWORD }, at(ip))).status).toBe(201);
    return email;
  };
  /** Runs `refuse` (which must finish within the window it opens), waits out the window, then `admit`. */
  const acrossTheWindow = async (refuse: () => Promise<void>, admit: () => Promise<void>) => {
    const opened = Date.now();
    await refuse();
    expect(Date.now() - opened, 'the refusals took longer than the window').toBeLessThan(WINDOW_MS);
    await sleep(opened + WINDOW_MS + 200 - Date.now());
    await admit();
  };

  beforeAll(async () => {
    const windows = String(WINDOW_MS);
    server = await startTestServer({
      env: {
        ...backendEnv(backend, prefix),
        SIGNUP_RATE_LIMIT: '1',
        SIGNUP_RATE_LIMIT_WINDOW_MS: windows,
        LOGIN_RATE_LIMIT: '1',
        LOGIN_RATE_LIMIT_WINDOW_MS: windows,
        LOGIN_EMAIL_RATE_LIMIT: '2',
        LOGIN_EMAIL_RATE_LIMIT_WINDOW_MS: windows,
      },
    });
    cleanups.push(() => server.close());
    expect(server.app.redis !== null).toBe(backend === 'redis');
  });

  it.concurrent('sign-ups and guests from an IP', async () => {
    await Promise.all(
      (['/signup', '/auth/guest'] as const).map((path, i) => {
        const ip = `198.51.100.${i + 1}`;
        const create = () => post(server.url, path, path === '/signup' ? { name: 'Flood', email: freshEmail('flood'), password: PASSWORD } : undefined, at(ip));
        return acrossTheWindow(
          async () => {
            expect((await create()).status).toBe(201);
            expect(await create()).toEqual({ status: 429, body: TOO_MANY_ACCOUNTS });
          },
          async () => expect((await create()).status).toBe(201),
        );
      }),
    );
  });

  it.concurrent('failed logins of an email from an IP', async () => {
    const email = await account('198.51.100.10');
    const ip = '198.51.100.11';
    await acrossTheWindow(
      async () => {
        expect((await post(server.url, '/login', { email, password: 'wrong' }, at(ip))).status).toBe(401);
        expect(await post(server.url, '/login', { email, password: PASSWORD }, at(ip))).toEqual({ status: 429, body: TOO_MANY_LOGINS });
      },
      async () => expect((await post(server.url, '/login', { email, password: PASSWORD }, at(ip))).status).toBe(200),
    );
  });

  it.concurrent('failed logins of an email from many IPs (the ceiling)', async () => {
    const email = await account('198.51.100.20');
    await acrossTheWindow(
      async () => {
        for (const ip of ['198.51.100.21', '198.51.100.22']) {
          expect((await post(server.url, '/login', { email, password: 'wrong' }, at(ip))).status).toBe(401);
        }
        expect(await post(server.url, '/login', { email, password: PASSWORD }, at('198.51.100.23'))).toEqual({ status: 429, body: TOO_MANY_LOGINS });
      },
      async () => expect((await post(server.url, '/login', { email, password: PASSWORD }, at('198.51.100.23'))).status).toBe(200),
    );
  });
});

describe.skipIf(!testRedisUrl)(`two server processes sharing Redis (needs ${NO_REDIS}; with TEST_DATABASE_URL they share PostgreSQL too)`, () => {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  const LIMITS = { pair: 3, ip: 5, email: 4, signup: 2 };
  let servers: ServerProcess[] = [];
  /** The address of loopback client n: 127.0.0.n (Linux routes all of 127.0.0.0/8 to loopback). */
  const from = (n: number) => ({ localAddress: `127.0.0.${n}` });
  /** The i-th request goes to process i mod 2, so that the processes take turns. */
  const turn = (i: number) => servers[i % 2]!.url;
  const login = (i: number, email: string, password: string, client: number) => post(turn(i), '/login', { email, password }, from(client));

  /** An account both processes know (one shared PostgreSQL, or each its own in-memory database). */
  const account = async (client: number) => {
    const email = freshEmail('shared');
    for (const s of testDatabaseUrl ? servers.slice(0, 1) : servers) {
      expect((await post(s.url, '/signup', { name: 'Shared', email, password: PASSWORD }, from(client))).status).toBe(201);
    }
    return email;
  };

  beforeAll(async () => {
    const prefix = freshPrefix();
    cleanups.push(() => dropPrefix(prefix));
    const scratch = testDatabaseUrl ? await createScratchPostgres(testDatabaseUrl) : null;
    if (scratch) cleanups.push(() => scratch.drop());
    const env = {
      REDIS_URL: testRedisUrl!,
      REDIS_KEY_PREFIX: prefix,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      // Clients connect from their own loopback addresses; no proxy in between.
      TRUST_PROXY_HOPS: '0',
      LOGIN_RATE_LIMIT: String(LIMITS.pair),
      LOGIN_IP_RATE_LIMIT: String(LIMITS.ip),
      LOGIN_EMAIL_RATE_LIMIT: String(LIMITS.email),
      SIGNUP_RATE_LIMIT: String(LIMITS.signup),
    };
    // One after the other, so that the first migrates a shared database alone.
    servers = [await startServerProcess(env)];
    cleanups.push(() => servers[0]!.stop());
    servers.push(await startServerProcess(env));
    cleanups.push(() => servers[1]!.stop());
  }, 120_000);

  it('allow LOGIN_RATE_LIMIT wrong logins of an email from an IP between them, then refuse both; another IP signs in', async () => {
    const email = await account(10);
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.pair + 2; i++) statuses.push((await login(i, email, `wrong ${i}`, 11)).status);
    expect(statuses).toEqual([...Array(LIMITS.pair).fill(401), 429, 429]);
    for (let i = 0; i < 2; i++) expect(await login(i, email, PASSWORD, 11)).toEqual({ status: 429, body: TOO_MANY_LOGINS });
    for (let i = 0; i < 2; i++) expect((await login(i, email, PASSWORD, 12)).status).toBe(200);
  });

  it('allow LOGIN_IP_RATE_LIMIT wrong logins from an IP between them, across emails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.ip + 2; i++) statuses.push((await login(i, freshEmail('nobody'), PASSWORD, 20)).status);
    expect(statuses).toEqual([...Array(LIMITS.ip).fill(401), 429, 429]);
  });

  it('allow LOGIN_EMAIL_RATE_LIMIT wrong logins of an email between them, from many IPs', async () => {
    const email = await account(30);
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.email + 2; i++) statuses.push((await login(i, email, `wrong ${i}`, 31 + i)).status);
    expect(statuses).toEqual([...Array(LIMITS.email).fill(401), 429, 429]);
    for (let i = 0; i < 2; i++) expect(await login(i, email, PASSWORD, 40 + i)).toEqual({ status: 429, body: TOO_MANY_LOGINS });
  });

  it('allow SIGNUP_RATE_LIMIT sign-ups from an IP between them', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.signup + 2; i++) {
      statuses.push((await post(turn(i), '/signup', { name: 'Pupil', email: freshEmail('pupil'), password: PASSWORD }, from(50))).status);
    }
    expect(statuses).toEqual([...Array(LIMITS.signup).fill(201), 429, 429]);
  });
});
