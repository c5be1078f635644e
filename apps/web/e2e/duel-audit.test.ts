/**
 * A new player's Math Challenge, audited in a real browser (spec §2 "Waiting room", "Multiplayer
 * game", "Game results"): a player with a long name (50 characters is the limit) on a phone
 * (375×812, the results also at 390×844) creates a 1-minute room and copies its code; a guest on a
 * desktop joins after a wrong code; the host starts by keyboard; both play (keyboard and mouse, a
 * wrong answer too) to the results, and rematch by keyboard. Checked on the way, each of which the
 * audit fixed:
 *  - the long name is not cut to its first letters on the phone (it takes two lines) and its full
 *    text is the title where it is cut on a wide screen (the duel screens use PlayerName);
 *  - the players counter announces "2/2 players joined", not a bare "2/2";
 *  - the start countdown's live region stays on the page from 3 to 'Go!', so each step is read out
 *    (a live region that is replaced at every step is not announced);
 *  - the Copy button's name includes the 'Copied!' it shows after a click (axe: label in name), and
 *    the button no longer jumps under the code on a phone when its label grows;
 *  - the results read each rank as "Rank 1" (a label on a plain span is ignored), and the share
 *    link says that it opens a new tab;
 *  - the answer feedback toasts are alerts that cover neither the question, the answer form, the
 *    timer and score, nor 'Players Progress' (they showed over it on the phone, and over the timer
 *    on the desktop).
 * Screens saved as artifacts/screenshots/duel-audit-* (each also checked with axe by shot()).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { continueAsGuest, signUp } from './support/accounts';
import { DESKTOP, newContext, PHONE, shot } from './support/browser';
import { coveredBy } from './support/overlap';
import { SOLVES_EVERY_QUESTION_ENV, answerAll, answerCorrectly, createRoom, joinRoom } from './support/play';
import { useAppAndBrowser } from './support/suite';

const suite = useAppAndBrowser(SOLVES_EVERY_QUESTION_ENV);

const LONG_NAME = 'Maximiliana Wolfeschlegelsteinhausenbergerdorff Jr';

/** How many lines the element's text takes. */
function lineCount(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const lineHeight = parseFloat(getComputedStyle(node).lineHeight) || parseFloat(getComputedStyle(node).fontSize) * 1.2;
    return Math.round(node.getBoundingClientRect().height / lineHeight);
  });
}

/** What of the game screen a player needs while playing: a toast must cover none of it. */
const GAME_PARTS = { question: '.duel-question', 'answer form': '.answer-form', 'time and score': '.game-stats', 'Players Progress': '.duel-progress-card' };

/** Whether `target` has the keyboard focus. */
function focused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

/** Presses Tab until `target` has the focus (at most 40 presses). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await focused(target)) return;
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

describe('Math Challenge: a new player audit', () => {
  it('reads well on a phone and a desktop, by keyboard and to a screen reader', { timeout: 150_000 }, async () => {
    const stamp = Date.now().toString(36);
    const hostContext = await newContext(suite.browser, suite.app.url, PHONE);
    await hostContext.grantPermissions(['clipboard-read', 'clipboard-write']);
    const host = await hostContext.newPage();
    const guest = await (await newContext(suite.browser, suite.app.url, DESKTOP)).newPage();
    const alerts: string[] = [];
    guest.on('dialog', (d) => {
      alerts.push(d.message());
      void d.dismiss();
    });
    await signUp(host, { name: LONG_NAME, email: `max-${stamp}@example.com`, password: 'long-name-pass-1' });
    await continueAsGuest(guest);

    const code = await createRoom(host);
    // Copy, by keyboard: the button says so in its name too, and keeps focus.
    const copyButton = host.getByRole('button', { name: 'Copy room code', exact: true });
    await tabTo(host, copyButton);
    const before = await copyButton.boundingBox();
    await host.keyboard.press('Enter');
    const copiedButton = host.getByRole('button', { name: 'Copied!', exact: true });
    await copiedButton.waitFor();
    // It stays where it was: the wider label does not push it under the code.
    expect(await copiedButton.boundingBox()).toEqual(before);
    expect(await focused(copiedButton)).toBe(true);
    expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await shot(host, 'duel-audit-00-waiting-copied-phone');

    // A wrong code says so and stays home; the right one joins.
    await joinRoom(guest, 'ZZZZZ2');
    await expect.poll(() => alerts).toEqual(['Room not found']);
    expect(new URL(guest.url()).pathname).toBe('/');
    // Focus is back in the room code, the wrong code selected to be typed over (it had fallen to
    // the page while the Join button was busy).
    await expect
      .poll(() =>
        guest.evaluate(() => {
          const active = document.activeElement as HTMLInputElement | null;
          return active?.name === 'roomCode' ? active.value.slice(active.selectionStart ?? 0, active.selectionEnd ?? 0) : null;
        }),
      )
      .toBe('ZZZZZ2');
    await joinRoom(guest, code);
    await guest.waitForURL('**/waiting');
    await host.getByText('Ready to start the game!').waitFor();

    // The counter is announced with its meaning.
    const counter = host.locator('[aria-live="polite"]').filter({ hasText: '2/2' });
    expect((await counter.textContent())?.trim()).toBe('2/2 players joined');
    // The long name takes two lines on the phone instead of ending after nine letters.
    const slots = host.locator('.duel-slots');
    expect(await lineCount(slots.getByText(LONG_NAME, { exact: true }))).toBeGreaterThanOrEqual(2);
    await shot(host, 'duel-audit-01-waiting-host-phone');
    await shot(guest, 'duel-audit-02-waiting-guest-desktop');

    // The host starts by keyboard; the countdown's live region lives from 3 to 'Go!'.
    await tabTo(host, host.getByRole('button', { name: 'Start Game' }));
    await host.keyboard.press('Enter');
    const live = host.locator('.duel-countdown [aria-live="assertive"]');
    await live.waitFor();
    const region = await live.elementHandle();
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const { connected, text } = await region.evaluate((el) => ({ connected: el.isConnected, text: el.textContent?.trim() ?? '' }));
          if (connected) seen.add(text);
          return connected && text === '1';
        },
        { timeout: 4000, interval: 50 },
      )
      .toBe(true);
    expect(seen.has('2')).toBe(true);
    await Promise.all([host.waitForURL('**/game'), guest.waitForURL('**/game')]);
    await host.locator('.duel-question').waitFor();

    // On the phone the long name takes two lines in Players Progress; on the desktop it is cut,
    // with the whole name as its title.
    const hostProgressName = host.locator('.duel-progress-list').getByText(LONG_NAME, { exact: true });
    expect(await lineCount(hostProgressName)).toBeGreaterThanOrEqual(2);
    expect(await guest.locator('.duel-progress-list .player-name').first().getAttribute('title')).toBe(LONG_NAME);

    // A wrong answer by keyboard, then a right one by mouse.
    await host.keyboard.type('99999');
    await host.keyboard.press('Enter');
    await host.getByText('Wrong answer — try again.').waitFor();
    expect(await host.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    // The toast is read out (an alert) and covers nothing the player needs: on the phone it used to
    // sit at the bottom, over 'Players Progress'; it shows in the play card, under the answer form.
    const wrongToast = host.getByRole('alert').filter({ hasText: 'Wrong answer — try again.' });
    expect(await coveredBy(host, wrongToast, GAME_PARTS)).toEqual([]);
    await shot(host, 'duel-audit-03-game-wrong-phone');
    await shot(guest, 'duel-audit-04-game-desktop');
    await answerCorrectly(guest, '.duel-question');
    // On the desktop it used to sit top right, over the timer and score.
    expect(await coveredBy(guest, guest.getByRole('alert').filter({ hasText: 'Correct!' }), GAME_PARTS)).toEqual([]);
    await shot(guest, 'duel-audit-04b-game-correct-desktop');
    await answerCorrectly(guest, '.duel-question');

    await Promise.all([answerAll(host), answerAll(guest)]);
    // Most likely a tie (both solve all 30), unless the clock beats one of them.
    const banner = /It's a Tie!|You Won!|Winner:/;
    await host.locator('.results-banner').filter({ hasText: banner }).waitFor({ timeout: 15_000 });
    await guest.locator('.results-banner').filter({ hasText: banner }).waitFor({ timeout: 15_000 });

    // Ranks are read with their meaning; the share link says where it goes.
    expect((await host.locator('.results-rank').first().textContent())?.trim()).toBe('Rank 1');
    await host.getByRole('link', { name: 'Share on WhatsApp (opens in a new tab)' }).waitFor();
    expect(await lineCount(host.locator('.results-list').getByText(LONG_NAME, { exact: true }))).toBeGreaterThanOrEqual(2);
    expect(await guest.locator('.results-list .player-name').first().getAttribute('title')).toBe(LONG_NAME);
    await shot(host, 'duel-audit-05-results-phone');
    await host.setViewportSize({ width: 390, height: 844 });
    await shot(host, 'duel-audit-06-results-phone-390');
    await shot(guest, 'duel-audit-07-results-desktop');

    // Rematch by keyboard: focus stays on the button, which says it waits.
    await tabTo(guest, guest.getByRole('button', { name: 'Rematch' }));
    await guest.keyboard.press('Enter');
    await guest.getByText('Waiting for other player to accept rematch...').waitFor();
    expect(await focused(guest.getByRole('button', { name: 'Waiting...' }))).toBe(true);
    await host.getByText('Other player wants a rematch! Click Rematch to start.').waitFor();
    await shot(host, 'duel-audit-08-results-opponent-asked-phone');
    await host.getByRole('button', { name: 'Rematch' }).click();
    await Promise.all([host.waitForURL('**/game', { timeout: 10_000 }), guest.waitForURL('**/game', { timeout: 10_000 })]);
    await host.locator('.duel-question').waitFor();
  });
});
