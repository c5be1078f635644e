/**
 * A connection refused for a flood back-off (issue #46), in a real browser: a guest's token floods
 * from another client (socket.io-client, as a script would) and is cut, so the user is refused for
 * the back-off. The guest's page, reloaded, is told so in a toast ("Too many messages: this
 * connection is paused for N s…"), and once the back-off is over it connects by itself and the
 * toast goes. A second flood doubles the back-off; the phone screen shows it. Back-offs of 3 s (6 s
 * the second time) here instead of 5 s. Screens saved as artifacts/screenshots/flood-refused-*.
 */
import { io as connectClient } from 'socket.io-client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { continueAsGuest } from './support/accounts';
import { DESKTOP, PHONE, newContext, shot } from './support/browser';
import { useAppAndBrowser } from './support/suite';

const LIMIT = 5;
const suite = useAppAndBrowser({ SOCKET_RATE_LIMIT_EVENTS: String(LIMIT), SOCKET_FLOOD_BACKOFF_MS: '3000' });

/** Floods the server with `token` from this process until it cuts the connection. */
async function floodWith(token: string): Promise<void> {
  const socket = connectClient(suite.app.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const cut = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  for (let i = 0; i <= LIMIT * 3; i++) socket.emit('getTimer', {});
  expect(await cut).toBe('io server disconnect');
}

const REFUSED = /Too many messages: this connection is paused for (\d+) s\. It reconnects by itself after that\./;
const refusedToast = (page: Page) => page.getByRole('alert').filter({ hasText: REFUSED });
/** Waits for a toast's entrance animation to end, so that the screenshot shows it in place. */
const settled = (toast: ReturnType<typeof refusedToast>) =>
  toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
/** The seconds a refusal toast announces. */
const secondsIn = async (toast: ReturnType<typeof refusedToast>) => Number(REFUSED.exec(await toast.innerText())?.[1]);

describe('a connection refused for flooding', () => {
  it('tells the player why and for how long, then connects again by itself', { timeout: 120_000 }, async () => {
    const desktop = await (await newContext(suite.browser, suite.app.url, DESKTOP)).newPage();
    await continueAsGuest(desktop);
    const session = await desktop.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));
    const token = session.token;
    expect(token).toBeTruthy();

    await floodWith(token!);
    await desktop.reload();
    const toast = refusedToast(desktop);
    await toast.waitFor();
    expect(await secondsIn(toast)).toBeLessThanOrEqual(3);
    await settled(toast);
    await shot(desktop, 'flood-refused-desktop');
    // Back after the back-off (3 s, and at most a second of jitter): the toast goes with it.
    await toast.waitFor({ state: 'detached', timeout: 15_000 });

    await floodWith(token!);
    const phoneContext = await newContext(suite.browser, suite.app.url, PHONE);
    // The same player on a phone: the back-off is the user's too.
    await phoneContext.addInitScript((stored) => {
      localStorage.setItem('token', stored.token ?? '');
      localStorage.setItem('user', stored.user ?? '');
    }, session);
    const phone = await phoneContext.newPage();
    await phone.goto('/');
    const doubled = refusedToast(phone);
    await doubled.waitFor();
    expect(await secondsIn(doubled)).toBeGreaterThan(3);
    await settled(doubled);
    await shot(phone, 'flood-refused-phone');
    await doubled.waitFor({ state: 'detached', timeout: 20_000 });
  });
});
