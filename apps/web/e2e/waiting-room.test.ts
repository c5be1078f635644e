/**
 * The waiting room when the opponent's connection drops (spec §2 "Waiting room", §4 "Real-time
 * connection"), in a real browser: two guests, the host creates a room and the other joins; the
 * guest's tab closes, so the host sees the opponent Offline with "Waiting for your opponent to
 * reconnect..." and Start disabled; the guest opens /waiting again, which rejoins from the stored
 * room, and the host's room is ready again; on another device with nothing stored, /waiting finds
 * the room through the server, and so does /game once the game runs (a player in no room who opens
 * /game goes home). The waiting room opens at its top although the dashboard was
 * scrolled to reach Create Room. When the host leaves, the player left behind becomes the host and
 * starts the game with a newcomer. Screens saved as artifacts/screenshots/waiting-* and game-other-device-phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newContext, PHONE, shot } from './support/browser';
import { continueAsGuest } from './support/accounts';
import { createRoom, joinRoom } from './support/play';
import { useAppAndBrowser } from './support/suite';

const suite = useAppAndBrowser();

/** A new browser (no saved room) signed in with `session`, as another device of the same player. */
async function signedInElsewhere(session: { token: string; user: string }, viewport: typeof DESKTOP | typeof PHONE): Promise<Page> {
  const device = await newContext(suite.browser, suite.app.url, viewport);
  await device.addInitScript((s) => {
    if (localStorage.getItem('token')) return;
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', s.user);
  }, session);
  return device.newPage();
}

describe('waiting room: an opponent who drops out and comes back', () => {
  it('tells the host the opponent is away, then ready again', { timeout: 90_000 }, async () => {
    const host = await (await newContext(suite.browser, suite.app.url, DESKTOP)).newPage();
    const guestContext = await newContext(suite.browser, suite.app.url, PHONE);
    const guest = await guestContext.newPage();
    await continueAsGuest(host);
    await continueAsGuest(guest);

    await host.getByRole('button', { name: 'Create Room' }).click();
    await host.waitForURL('**/waiting');
    // The dashboard was scrolled to reach Create Room; the waiting room opens at its top.
    await expect.poll(() => host.evaluate(() => window.scrollY)).toBe(0);
    const code = (await host.locator('output.duel-code').textContent())?.trim() ?? '';
    await guest.getByLabel('Room code').fill(code);
    await guest.getByRole('button', { name: 'Join Room' }).click();
    await guest.waitForURL('**/waiting');
    await host.getByText('Ready to start the game!').waitFor();

    // The guest's tab goes away: the host sees why Start is off, not "Waiting for opponent to join".
    await guest.close();
    await host.getByText('Waiting for your opponent to reconnect...').waitFor();
    await host.getByText('Offline').waitFor();
    expect(await host.getByRole('button', { name: 'Waiting for opponent...' }).isDisabled()).toBe(true);
    await shot(host, 'waiting-opponent-away-desktop');

    // Back on /waiting (no navigation state): the stored room is rejoined.
    const back = await guestContext.newPage();
    await back.goto('/waiting');
    await expect.poll(async () => (await back.locator('output.duel-code').textContent())?.trim(), { timeout: 15_000 }).toBe(code);
    await host.getByText('Ready to start the game!').waitFor();
    expect(await host.getByRole('button', { name: 'Start Game' }).isEnabled()).toBe(true);
    await shot(back, 'waiting-rejoined-phone');

    // Another device, signed in as the guest but with nothing saved about the room: /waiting asks
    // the server which room the player sits in (GET /api/rooms/current) and rejoins it.
    const session = await back.evaluate(() => ({ token: localStorage.getItem('token') ?? '', user: localStorage.getItem('user') ?? '' }));
    const elsewhere = await signedInElsewhere(session, DESKTOP);
    await elsewhere.goto('/waiting');
    await expect.poll(async () => (await elsewhere.locator('output.duel-code').textContent())?.trim(), { timeout: 15_000 }).toBe(code);
    expect(await elsewhere.evaluate(() => localStorage.getItem('gameState'))).toContain(code);
    await shot(elsewhere, 'waiting-other-device-desktop');

    // The host starts. On yet another device, /game with nothing saved finds the running game the
    // same way, and the guest can play it there.
    await host.getByRole('button', { name: 'Start Game' }).click();
    await host.waitForURL('**/game');
    const third = await signedInElsewhere(session, PHONE);
    await third.goto('/game');
    await third.locator('.duel-question').waitFor({ timeout: 15_000 });
    await expect.poll(() => third.getByText(/Question 1 of \d+/).count()).toBeGreaterThan(0);
    expect(await third.evaluate(() => localStorage.getItem('gameState'))).toContain(code);
    await shot(third, 'game-other-device-phone');

    // A player in no room who opens /game goes home.
    const stranger = await (await newContext(suite.browser, suite.app.url, PHONE)).newPage();
    await continueAsGuest(stranger);
    await stranger.goto('/game');
    await stranger.waitForURL((url) => url.pathname === '/');
  });

  it('makes the player left behind the host when the host leaves, so that the room can still start', { timeout: 90_000 }, async () => {
    const open = async (viewport: typeof DESKTOP | typeof PHONE) => (await newContext(suite.browser, suite.app.url, viewport)).newPage();
    const [host, guest, newcomer] = await Promise.all([open(DESKTOP), open(PHONE), open(PHONE)]);
    for (const page of [host, guest, newcomer]) await continueAsGuest(page);
    const code = await createRoom(host);
    await joinRoom(guest, code);
    await guest.waitForURL('**/waiting');
    await guest.getByText('Waiting for the host to start the game…').waitFor();

    await host.getByRole('button', { name: 'Leave room' }).click();
    await host.waitForURL((url) => url.pathname === '/');
    // The guest holds the room now: alone, with the host's button, off until someone joins.
    await guest.getByRole('button', { name: 'Waiting for opponent...' }).waitFor({ timeout: 10_000 });
    await shot(guest, 'waiting-host-left-phone');
    await joinRoom(newcomer, code);
    await newcomer.waitForURL('**/waiting');
    await guest.getByRole('button', { name: 'Start Game' }).click();
    await Promise.all([guest.waitForURL('**/game'), newcomer.waitForURL('**/game')]);
  });
});
