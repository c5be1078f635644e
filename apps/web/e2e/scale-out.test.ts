/**
 * Issue #5's operator walk-through in a real browser: two server processes on PostgreSQL and Redis
 * behind nginx running deploy/nginx.conf (helpers/nginx.ts changes only its ports), each serving the
 * built web app. Two guests play a Math Challenge from two browser windows that nginx's ip_hash
 * sends to different processes; the process of one of them is killed with kill -9 mid-game. That
 * window's app reconnects on its own, nginx sends it to the survivor, and it carries on with the
 * score the server acknowledged and a clock within a second of the other window's; both windows
 * finish the same game and see the same result, and the game is stored once.
 *
 * Both windows run on this one machine, so a small TCP relay in front of nginx stands for the second
 * player's machine: it connects to nginx from another loopback address (127.0.k.1), which ip_hash
 * tells apart from 127.0.0.1 (it hashes an address's first three bytes).
 *
 * Needs TEST_DATABASE_URL, TEST_REDIS_URL and Debian's nginx (`npm test` installs it when both
 * variables are set). Skipped otherwise, with the reason in its name. Screens saved as
 * artifacts/screenshots/scale-out-*.
 */
import { request } from 'node:http';
import { createServer, connect, type Server } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { socketsOn, startServerProcess, type ServerProcess } from '../../server/test/helpers/cluster';
import { nginxBinary, startNginx } from '../../server/test/helpers/nginx';
import { dropPrefix, freshPrefix, testRedisUrl } from '../../server/test/helpers/redis';
import { createScratchPostgres } from '../../server/test/helpers/scratch-postgres';
import { continueAsGuest } from './support/accounts';
import { DESKTOP, launchBrowser, newContext, PHONE, shot } from './support/browser';
import { answerCorrectly } from './support/play';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const ready = Boolean(testDatabaseUrl && testRedisUrl && nginxBinary());
const NEEDS = 'needs TEST_DATABASE_URL, TEST_REDIS_URL and nginx (scripts/ensure-nginx.sh)';
const webDist = path.resolve(import.meta.dirname, '../dist');

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** How many requests for `/healthz` a process has served (its own /metrics, not through nginx). */
async function healthzServed(server: ServerProcess): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('mathsprint_http_request_duration_seconds_count{') && l.includes('route="/healthz"'))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

/** Which of `servers` nginx sends a client at `localAddress` to: one GET /healthz through nginx
 * from that address, then the process whose count moved. */
async function processFor(nginxUrl: string, localAddress: string, servers: ServerProcess[]): Promise<number> {
  const before = await Promise.all(servers.map(healthzServed));
  await new Promise<void>((resolve, reject) => {
    request(`${nginxUrl}/healthz`, { localAddress }, (res) => res.resume().on('end', resolve)).on('error', reject).end();
  });
  const after = await Promise.all(servers.map(healthzServed));
  const moved = after.findIndex((n, i) => n > before[i]!);
  if (moved < 0) throw new Error(`no process counted the /healthz from ${localAddress}`);
  return moved;
}

/** A TCP relay on 127.0.0.1 that connects each of its clients to `target` from `localAddress`: the
 * second player's own machine, as far as nginx can tell. */
async function relayFrom(localAddress: string, target: URL): Promise<{ url: string; server: Server }> {
  const server = createServer((client) => {
    const upstream = connect({ host: target.hostname, port: Number(target.port), localAddress });
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('relay has no port');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

/** Seconds left on a game screen's clock (its role="timer" label, "Time left m:ss"). */
async function secondsLeft(page: Page): Promise<number> {
  const label = (await page.getByRole('timer').first().getAttribute('aria-label')) ?? '';
  const match = /(\d+):(\d{2})$/.exec(label);
  if (!match) throw new Error(`no clock in "${label}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Points in a text such as "20 pts". */
const points = (text: string | null): number => Number((text ?? '').replace(/\D/g, ''));

/** The score a game screen shows (the second of its stats), in points. */
async function shownScore(page: Page): Promise<number> {
  return points(await page.locator('.game-stat-value').nth(1).textContent());
}

describe('two processes behind deploy/nginx.conf, in a real browser', () => {
  it.skipIf(!ready)(`a Math Challenge between two windows on different processes survives kill -9 of one (${NEEDS})`, { timeout: 180_000 }, async () => {
    const prefix = freshPrefix();
    const scratch = await createScratchPostgres(testDatabaseUrl!);
    cleanups.push(() => scratch.drop(), () => dropPrefix(prefix));
    const env = { DATABASE_URL: scratch.url, REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: prefix, SERVE_WEB: 'true', WEB_DIST: webDist };
    const processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    cleanups.push(...processes.map((p) => () => p.stop()));
    const nginx = await startNginx(processes.map((p) => p.port));
    cleanups.push(() => nginx.stop());

    // The host's window talks to nginx from 127.0.0.1; the guest's through a relay from an address
    // that ip_hash sends to the other process.
    const hostOn = await processFor(nginx.url, '127.0.0.1', processes);
    let guestAddress: string | null = null;
    for (let k = 1; k <= 32 && !guestAddress; k++) {
      if ((await processFor(nginx.url, `127.0.${k}.1`, processes)) !== hostOn) guestAddress = `127.0.${k}.1`;
    }
    expect(guestAddress, 'a client address that ip_hash sends to the other process').not.toBeNull();
    const guestOn = 1 - hostOn;
    const relay = await relayFrom(guestAddress!, new URL(nginx.url));
    cleanups.push(() => new Promise((resolve) => relay.server.close(resolve)));

    const browser: Browser = await launchBrowser();
    cleanups.push(() => browser.close());
    const host = await (await newContext(browser, nginx.url, DESKTOP)).newPage();
    const guest = await (await newContext(browser, relay.url, PHONE)).newPage();
    const alerts: string[] = [];
    for (const page of [host, guest]) page.on('dialog', (d) => void (alerts.push(d.message()), d.dismiss()));
    await continueAsGuest(host);
    await continueAsGuest(guest);

    // The host creates a room, the guest joins by code, the host starts.
    await host.getByRole('button', { name: 'Create Room' }).click();
    await host.waitForURL('**/waiting');
    const code = (await host.locator('output.duel-code').textContent())?.trim() ?? '';
    await guest.getByLabel('Room code').fill(code);
    await guest.getByRole('button', { name: 'Join Room' }).click();
    await guest.waitForURL('**/waiting');
    await host.getByText('Ready to start the game!').waitFor();
    await host.getByRole('button', { name: 'Start Game' }).click();
    for (const page of [host, guest]) await page.waitForURL('**/game', { timeout: 15_000 });
    for (const page of [host, guest]) await page.locator('.duel-question').waitFor();

    for (let i = 0; i < 3; i++) await answerCorrectly(host, '.duel-question');
    for (let i = 0; i < 2; i++) await answerCorrectly(guest, '.duel-question');
    const guestScore = await shownScore(guest);
    expect(guestScore).toBeGreaterThan(0);
    await shot(guest, 'scale-out-game-before-kill-phone');

    // kill -9 of the guest's process, mid-game. The guest's window says it lost the connection and
    // holds answers back; it comes back by itself, through nginx, on the survivor, with the same
    // score and question, and takes answers again.
    const survivor = processes[hostOn]!;
    await processes[guestOn]!.kill9();
    const notice = guest.getByText('Connection lost. Reconnecting…');
    await notice.waitFor({ timeout: 5_000 });
    await shot(guest, 'scale-out-reconnecting-phone');
    await notice.waitFor({ state: 'hidden', timeout: 20_000 });
    await expect.poll(() => socketsOn(survivor)).toBe(2);
    expect(await shownScore(guest)).toBe(guestScore);
    await answerCorrectly(guest, '.duel-question');
    await answerCorrectly(host, '.duel-question');
    await expect.poll(() => shownScore(guest)).not.toBe(guestScore);
    // One clock for both windows: within a second of each other.
    const [hostLeft, guestLeft] = await Promise.all([secondsLeft(host), secondsLeft(guest)]);
    expect(Math.abs(hostLeft - guestLeft)).toBeLessThanOrEqual(1);
    await shot(guest, 'scale-out-game-after-kill-phone');
    await shot(host, 'scale-out-game-after-kill-desktop');

    // The game ends on the server's clock; both windows see the same result.
    for (const page of [host, guest]) await page.waitForURL('**/results', { timeout: 90_000 });
    await host.getByText('You Won!').waitFor();
    await expect.poll(() => host.getByText('4 questions solved').count()).toBe(1);
    await expect.poll(() => guest.getByText('3 questions solved').count()).toBe(1);
    await shot(host, 'scale-out-results-desktop');
    await shot(guest, 'scale-out-results-phone');
    expect(alerts).toEqual([]);
    const finalScore = async (page: Page) => points(await page.locator('.results-myscore strong').textContent());
    const [hostFinal, guestFinal] = [await finalScore(host), await finalScore(guest)];
    expect(guestFinal).toBeGreaterThan(guestScore);

    // Stored once, with the scores both windows showed.
    const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
    cleanups.push(() => sql.end());
    const stored = await sql<{ id: string; room_code: string }[]>`select id, room_code from games`;
    expect(stored).toEqual([{ id: expect.any(String), room_code: code }]);
    const players = await sql<{ score: number; solved: number }[]>`select score, solved from game_players where game_id = ${stored[0]!.id} order by score desc`;
    expect(players).toEqual([
      { score: hostFinal, solved: 4 },
      { score: guestFinal, solved: 3 },
    ]);
  });
});
