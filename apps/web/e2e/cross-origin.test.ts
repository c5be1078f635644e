/**
 * A client written to spec §7 and served from another host, in a real browser (spec §7: HTTP calls
 * go to "the provider's API base", the leaderboard is read "with credentials" from an absolute API
 * host, the socket "sends credentials"). A page on a second origin, listed in CORS_ORIGINS, signs
 * up, reads /api/me and the leaderboard, and opens the socket, over WebSocket and over long-polling
 * (which CORS governs), to create a room. A page on a third origin, not listed, is stopped by
 * Chromium's own CORS checks. Nothing here is our web app: the pages are bare HTML with the
 * socket.io client bundle, as another team's client would be.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from './support/app-server';
import { DESKTOP, launchBrowser, newContext } from './support/browser';

const require = createRequire(import.meta.url);
// The package's browser bundle (not in its exports map: found beside its package.json).
const SOCKET_IO_BUNDLE = readFileSync(
  path.join(path.dirname(require.resolve('socket.io-client/package.json')), 'dist/socket.io.min.js'),
  'utf8',
);
const PAGE = '<!doctype html><meta charset="utf-8"><title>Another client</title><script src="/socket.io.min.js"></script><p>Another client</p>';

/** A static host for the other client: its page and the socket.io client bundle. */
async function clientHost(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    if (req.url === '/socket.io.min.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(SOCKET_IO_BUNDLE);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // localhost, not 127.0.0.1 as the API: another host name as well as another port.
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}

let allowed: { server: Server; origin: string };
let stranger: { server: Server; origin: string };
let app: AppProcess;
let browser: Browser;

beforeAll(async () => {
  [allowed, stranger] = await Promise.all([clientHost(), clientHost()]);
  app = await startAppProcess({ CORS_ORIGINS: allowed.origin });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  allowed?.server.close();
  stranger?.server.close();
});

async function openClient(origin: string): Promise<Page> {
  const page = await (await newContext(browser, origin, DESKTOP)).newPage();
  await page.goto('/');
  await page.getByText('Another client').waitFor();
  return page;
}

describe('a client on another origin', () => {
  it('signs up, reads its account and the leaderboard, and plays over the socket when its origin is listed', { timeout: 60_000 }, async () => {
    const page = await openClient(allowed.origin);
    const result = await page.evaluate(async (api) => {
      const json = { 'content-type': 'application/json' };
      const signup = await fetch(`${api}/signup`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'Elsewhere', email: `elsewhere${Date.now()}@example.com`, password: 'correct horse 1' }),
      });
      const { token } = (await signup.json()) as { token: string };
      const me = await fetch(`${api}/api/me`, { headers: { ...json, authorization: `Bearer ${token}` } });
      const leaderboard = await fetch(`${api}/api/leaderboard`, { credentials: 'include', headers: json });
      type Ack = { roomCode?: string; error?: string };
      const createRoom = (transports: string[]) =>
        new Promise<Ack & { transport: string }>((resolve, reject) => {
          const io = (window as unknown as { io: (url: string, options: object) => any }).io;
          const socket = io(api, { auth: { token }, transports, withCredentials: true, timeout: 20_000, reconnection: false, forceNew: true });
          socket.on('connect_error', (error: Error) => reject(new Error(`connect_error: ${error.message}`)));
          socket.on('connect', () =>
            socket.emit('createRoom', { mode: 1 }, (ack: Ack) => {
              resolve({ ...ack, transport: socket.io.engine.transport.name });
              socket.disconnect();
            }),
          );
        });
      return {
        signup: signup.status,
        me: { status: me.status, name: ((await me.json()) as { user?: { name?: string } }).user?.name },
        leaderboard: { status: leaderboard.status, isList: Array.isArray(((await leaderboard.json()) as { top?: unknown }).top) },
        websocket: await createRoom(['websocket', 'polling']),
        polling: await createRoom(['polling']),
      };
    }, app.url);
    expect(result.signup).toBe(201);
    expect(result.me).toEqual({ status: 200, name: 'Elsewhere' });
    expect(result.leaderboard).toEqual({ status: 200, isList: true });
    expect(result.websocket).toMatchObject({ transport: 'websocket', roomCode: expect.stringMatching(/^[A-Z2-9]{6}$/) });
    expect(result.polling).toMatchObject({ transport: 'polling', roomCode: expect.stringMatching(/^[A-Z2-9]{6}$/) });
  });

  it('is stopped by the browser when its origin is not listed', { timeout: 60_000 }, async () => {
    const page = await openClient(stranger.origin);
    const result = await page.evaluate(async (api) => {
      const fetched = await fetch(`${api}/api/leaderboard`, { credentials: 'include' }).then(
        (res) => `status ${res.status}`,
        (error: Error) => error.name,
      );
      const polled = await new Promise<string>((resolve) => {
        const io = (window as unknown as { io: (url: string, options: object) => any }).io;
        const socket = io(api, { transports: ['polling'], withCredentials: true, reconnection: false, forceNew: true, timeout: 5_000 });
        socket.on('connect', () => resolve('connected'));
        socket.on('connect_error', () => resolve('refused'));
      });
      return { fetched, polled };
    }, app.url);
    expect(result).toEqual({ fetched: 'TypeError', polled: 'refused' });
  });
});
