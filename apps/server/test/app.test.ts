/** The app shell: one origin serving the built web app with an SPA fallback, JSON 404s for API paths. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

describe('app shell', () => {
  let server: TestServer;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'ms-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>MathSprint test shell</title>');
    server = await startTestServer({ env: { SERVE_WEB: 'true', WEB_DIST: webDist } });
  });
  afterAll(() => server.close());

  it.each(['/', '/game', '/contest/abc', '/contest/abc/results', '/auth/success?token=x', '/login'])(
    'serves index.html for a browser navigation to %s',
    async (route) => {
      const res = await fetch(server.url + route, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('MathSprint test shell');
    },
  );

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(`${server.url}/api/nope`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found: GET /api/nope', code: 'NOT_FOUND' });
  });


  it('refuses U+0000 or a lone surrogate in a body, a query or a path with a 400 that names the field, and stores nothing', async () => {
    const post = (route: string, body: unknown) =>
      fetch(server.url + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const email = `nul-${Date.now()}@example.com`;
    for (const [res, error] of [
      [await post('/signup', { name: 'Ada\u0000', email, password: 'password123' }), 'name must not contain the NUL character (U+0000)'],
      [await post('/login', { email: 'a\u0000b@example.com', password: 'password123' }), 'email must not contain the NUL character (U+0000)'],
      [await fetch(`${server.url}/contest/leaderboard?contestId=%00`), 'contestId must not contain the NUL character (U+0000)'],
      [await fetch(`${server.url}/contest/past/a%00b`), 'contestId must not contain the NUL character (U+0000)'],
      [await post('/signup', { name: 'Ada \ud800', email, password: 'password123' }), 'name must be valid Unicode (it holds a lone surrogate)'],
    ] as const) {
      expect(res.status, res.url).toBe(400);
      expect(await res.json()).toEqual({ error, code: 'INVALID_INPUT' });
    }
    // The refused sign-up created no account: the same email signs up now.
    expect((await post('/signup', { name: 'Ada', email, password: 'password123' })).status).toBe(201);
  });

  it.each([
    ['a bad %-encoding', '/contest/past/%FF', 400, 'The address is malformed: a %-encoded part of it is not valid', 'INVALID_INPUT'],
    ['a path parameter over 100 characters', `/contest/past/${'a'.repeat(200)}`, 414, 'The address is too long', 'URI_TOO_LONG'],
    ['an address over the header size limit', `/contest/leaderboard?contestId=${'a'.repeat(20_000)}`, 431, 'The request headers (or its address) are too large', 'HEADERS_TOO_LARGE'],
  ])('answers %s with { error, code } before any route runs', async (_case, route, status, error, code) => {
    const res = await fetch(server.url + route);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error, code });
  });

  it('answers a request that is not valid HTTP with { error, code } and closes the connection', async () => {
    const { port } = new URL(server.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1.1 400 Bad Request\r\n/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'The request is not valid HTTP', code: 'INVALID_INPUT' });
  });

  it('refuses a malformed JSON body with a JSON 400', async () => {
    const res = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string };
    expect(typeof body.error).toBe('string');
  });
});
