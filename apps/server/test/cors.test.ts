/**
 * Cross-origin clients (spec §7: HTTP calls go to "the provider's API base", the leaderboard is read
 * "with credentials" from an absolute API host, the socket "sends credentials"): browsers on the
 * origins in CORS_ORIGINS, and WEB_URL's, may call the HTTP API and open the socket; no other origin
 * may, and none at all by default. Real server, real HTTP; the browser's side of it is in
 * apps/web/e2e/cross-origin.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const ALLOWED = 'http://client.test:8080';
const WEB = 'https://play.example.com';
const OTHER = 'https://elsewhere.example';

/** A browser's preflight for a JSON POST with a Bearer token. */
const preflight = (url: string, origin: string) =>
  fetch(url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  });

describe('CORS with CORS_ORIGINS and WEB_URL set', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { CORS_ORIGINS: `${ALLOWED}, https://b.example`, WEB_URL: `${WEB}/app/` } });
  });
  afterAll(() => server?.close());

  it.each([ALLOWED, WEB])('answers the preflight and the call of %s, credentials allowed', async (origin) => {
    const pre = await preflight(`${server.url}/signup`, origin);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');

    const res = await fetch(`${server.url}/api/leaderboard`, { headers: { origin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')?.toLowerCase()).toContain('origin');
  });

  it('gives an origin not on the list no CORS headers, so its browser keeps the answer from it', async () => {
    const pre = await preflight(`${server.url}/signup`, OTHER);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const res = await fetch(`${server.url}/api/leaderboard`, { headers: { origin: OTHER } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("opens the socket's polling handshake to a listed origin only", async () => {
    const handshake = (origin: string) => fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
    const allowed = await handshake(ALLOWED);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(await allowed.text()).toContain('"sid"');
    const other = await handshake(OTHER);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS by default', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('sends no CORS headers to any origin: the web app is served from this one', async () => {
    const pre = await preflight(`${server.url}/signup`, ALLOWED);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const res = await fetch(`${server.url}/api/leaderboard`, { headers: { origin: ALLOWED } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const socket = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: ALLOWED } });
    expect(socket.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS_ORIGINS and WEB_URL checks at start-up', () => {
  it.each(['https://play.example.com/', 'https://play.example.com/app', 'ftp://files.example.com', 'play.example.com'])(
    'refuses %s as an origin, naming the rule',
    (entry) => {
      expect(() => loadConfig({ CORS_ORIGINS: `https://ok.example,${entry}` })).toThrow(
        /CORS_ORIGINS\.1: CORS_ORIGINS entries must be origins such as https:\/\/play\.example\.com/,
      );
    },
  );

  it('refuses a WEB_URL that is not an http(s) URL', () => {
    expect(() => loadConfig({ WEB_URL: 'javascript:alert(1)' })).toThrow(/WEB_URL/);
    expect(() => loadConfig({ WEB_URL: 'play.example.com' })).toThrow(/WEB_URL/);
  });
});
