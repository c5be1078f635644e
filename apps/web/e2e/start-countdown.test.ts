/**
 * A screen back in its room during a game's 3 s start countdown (spec §9), in a real browser. Two
 * guests play a Math Challenge:
 *  - the guest's connection blips while the first game's countdown shows in the waiting room: the
 *    rejoin says how long the countdown still runs (RejoinAck.startsInMs), so the waiting room
 *    finishes its countdown and opens /game as the clock starts, not on the rejoin;
 *  - the guest reloads the results screen during the rematch's countdown, so the new page missed
 *    rematchStarting: it shows the rest of the countdown and opens /game as the clock starts.
 * Each time the guest's first answer counts, with no alert ("The game has not started yet"), and
 * the guest reaches /game no earlier than the host, whose countdown ran undisturbed. Then a second
 * rematch whose rematchStarted the host's page never sees (lost on its way, as when a process's
 * Redis subscriber is down): 'Go!' stays only until the results screen rejoins, 2 s past the
 * countdown's end, and the server sends it again; the host's first answer counts. Then the host's
 * page loses five clock ticks in a row: it asks for the clock after 2.5 s of silence, so its clock
 * moves on meanwhile. Screens saved as artifacts/screenshots/countdown-*.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { continueAsGuest } from './support/accounts';
import { DESKTOP, PHONE, shot } from './support/browser';
import { cuttablePage } from './support/cuttable-page';
import { SOLVES_EVERY_QUESTION_ENV, answerAll, answerCorrectly, clockSeconds, createRoom, joinRoom } from './support/play';
import { useAppAndBrowser } from './support/suite';

const suite = useAppAndBrowser(SOLVES_EVERY_QUESTION_ENV);

/** How much earlier than the host the guest may open /game (ms): two pages' timers and the
 * server's ticks are not in lockstep, but a screen that went on the rejoin would be ~2 s early. */
const SLACK_MS = 400;

/** When (epoch ms, by this process's clock) `page` reaches /game. */
async function reachesGame(page: Page): Promise<number> {
  await page.waitForURL('**/game', { timeout: 15_000 });
  return Date.now();
}

/** Saves the countdown once its 200 ms fade-in has run (it may have ended meanwhile: then no screenshot). */
async function shotCountdown(page: Page, name: string): Promise<void> {
  const overlay = page.locator('.duel-countdown');
  await overlay.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished))).catch(() => undefined);
  if (await overlay.isVisible()) await shot(page, name);
}

describe('a screen back in its room during the start countdown', () => {
  it('shows the rest of the countdown and opens the game as its clock starts', { timeout: 120_000 }, async () => {
    const host = await cuttablePage(suite, DESKTOP);
    const guest = await cuttablePage(suite, PHONE);
    const alerts: string[] = [];
    for (const { page } of [host, guest]) page.on('dialog', (dialog) => void (alerts.push(dialog.message()), dialog.dismiss()));
    await continueAsGuest(host.page);
    await continueAsGuest(guest.page);

    const code = await createRoom(host.page);
    await joinRoom(guest.page, code);
    await guest.page.waitForURL('**/waiting');
    await host.page.getByText('Ready to start the game!').waitFor();

    // The first game: the guest's connection blips as its countdown shows.
    await host.page.getByRole('button', { name: 'Start Game' }).click();
    const hostAtGame = reachesGame(host.page);
    const guestAtGame = reachesGame(guest.page);
    const countdown = guest.page.getByRole('alertdialog', { name: 'Game starting' });
    await countdown.waitFor();
    await guest.cut();
    await guest.restore();
    // Back (a reconnection takes 250–750 ms): still counting down, unless the countdown ended first.
    await guest.page.waitForFunction(() => !document.querySelector('.duel-countdown') || !document.body.textContent?.includes('Connection lost'));
    if (await countdown.isVisible()) await shotCountdown(guest.page, 'countdown-waiting-blip-phone');
    const [hostAt, guestAt] = await Promise.all([hostAtGame, guestAtGame]);
    expect(guestAt).toBeGreaterThanOrEqual(hostAt - SLACK_MS);
    await guest.page.locator('.duel-question').waitFor();
    await expect.poll(() => answerCorrectly(guest.page, '.duel-question'), { timeout: 15_000 }).toBe(true);
    expect(alerts).toEqual([]);

    // Both solve every question; both ask for a rematch, and the guest reloads its results screen
    // as the rematch's countdown begins.
    await Promise.all([answerAll(host.page), answerAll(guest.page)]);
    for (const { page } of [host, guest]) {
      await expect.poll(() => page.getByRole('button', { name: 'Rematch' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    }
    await host.page.getByRole('button', { name: 'Rematch' }).click();
    await guest.page.getByText('Other player wants a rematch! Click Rematch to start.').waitFor();
    await guest.page.getByRole('button', { name: 'Rematch' }).click();
    await guest.page.getByText('Rematch starting').first().waitFor();
    const hostAtRematch = reachesGame(host.page);
    await guest.page.reload();
    const guestAtRematch = reachesGame(guest.page);
    // The reloaded results screen counts down the rest (unless the reload outlasted the countdown).
    const rest = guest.page.getByRole('alertdialog', { name: 'Game starting' });
    await rest.or(guest.page.locator('.duel-question')).first().waitFor({ timeout: 15_000 });
    if (await rest.isVisible()) await shotCountdown(guest.page, 'countdown-results-reloaded-phone');
    const [hostRematchAt, guestRematchAt] = await Promise.all([hostAtRematch, guestAtRematch]);
    expect(guestRematchAt).toBeGreaterThanOrEqual(hostRematchAt - SLACK_MS);
    await expect.poll(() => answerCorrectly(guest.page, '.duel-question'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => guest.page.getByText('Question 2 of').count()).toBeGreaterThan(0);
    expect(alerts).toEqual([]);

    // A second rematch, whose rematchStarted never reaches the host's page.
    await Promise.all([answerAll(host.page), answerAll(guest.page)]);
    for (const { page } of [host, guest]) {
      await expect.poll(() => page.getByRole('button', { name: 'Rematch' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    }
    await host.lose('rematchStarted');
    await guest.page.getByRole('button', { name: 'Rematch' }).click();
    await host.page.getByText('Other player wants a rematch! Click Rematch to start.').waitFor();
    await host.page.getByRole('button', { name: 'Rematch' }).click();
    const guestAtSecond = await reachesGame(guest.page);
    // The clock started and the guest plays; the host's screen still says 'Go!'.
    await host.page.getByRole('alertdialog', { name: 'Game starting' }).getByText('Go!').waitFor();
    const hostAtSecond = await reachesGame(host.page);
    expect(await host.lostCount()).toBe(1);
    // Rejoined 2 s past the countdown's end; a round trip later the server's answer opened /game.
    expect(hostAtSecond - guestAtSecond).toBeGreaterThanOrEqual(1_500);
    await expect.poll(() => answerCorrectly(host.page, '.duel-question'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => host.page.getByText('Question 2 of').count()).toBeGreaterThan(0);
    expect(alerts).toEqual([]);

    // The host's page loses the next 5 ticks (timerUpdate): after 2.5 s of silence it asks for the
    // clock, so the clock it shows moves on before the ticks come back.
    const shown = async () => clockSeconds(await host.page.getByRole('timer').textContent());
    await host.lose('timerUpdate', 5);
    const before = await shown();
    await expect.poll(() => host.lostCount(), { timeout: 10_000 }).toBeGreaterThanOrEqual(1 + 4);
    expect(await shown()).toBeLessThanOrEqual(before - 2);
    expect(alerts).toEqual([]);
  });
});
