/**
 * Issue #2's user story in a real browser (Debian's Chromium via playwright-core), three browser
 * contexts: one account signs up and plays the single-player challenge to its results; meanwhile two
 * more sign up, the second on a phone-sized window, join a Math Challenge by code, play it to the
 * end, see the winner, rematch in both windows, play again, and go home to see both ratings changed
 * and the leaderboard updated without a reload. (The single-player run goes beside the Math
 * Challenge rather than before it so that the test waits for two 1-minute clocks, not three.)
 * Every screen is saved under artifacts/screenshots/.
 */
import { solveQuestionText } from '@mathsprint/shared/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newContext, PHONE, shot } from './support/browser';
import { useAppAndBrowser } from './support/suite';
import { signUp } from './support/accounts';
import { answerCorrectly } from './support/play';

const suite = useAppAndBrowser();

const stamp = Date.now().toString(36);
const ada = { name: 'Ada Lovelace', email: `ada-${stamp}@example.com`, password: 'analytical-engine-1' };
const bob = { name: 'Bob Builder', email: `bob-${stamp}@example.com`, password: 'can-we-fix-it-2' };
const cid = { name: 'Cid Solo', email: `cid-${stamp}@example.com`, password: 'on-my-own-3' };

async function ratingOf(page: Page): Promise<string> {
  return (await page.locator('.rating-figure').getAttribute('aria-label')) ?? '';
}

/**
 * Cid's single-player challenge (desktop), to its results screen: answers three, steps out to the
 * dashboard, which offers the run back, resumes it, answers two more and lets the server's 1-minute
 * clock run out. It runs beside the Math Challenge, whose clocks it would otherwise wait behind.
 */
async function playSoloChallenge(page: Page): Promise<void> {
  await signUp(page, cid);
  // Single-player to its results screen.
  await page.getByRole('button', { name: 'Start Challenge' }).click();
  await page.waitForURL('**/singleplayer');
  await page.locator('.solo-question').waitFor();
  await shot(page, '04-singleplayer-desktop');
  const complete = page.getByText('Challenge Complete!');
  for (let i = 0; i < 3 && !(await complete.isVisible()); i++) await answerCorrectly(page, '.solo-question');
  // The player steps out to the dashboard: the run goes on, and the dashboard offers it back.
  const soloQuestion = (await page.locator('.solo-question').textContent())?.trim();
  const soloScore = (await page.locator('.game-stat-value').nth(1).textContent())?.replace(/\s+/g, ' ').trim();
  await page.getByRole('link', { name: 'MathSprint home' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const soloNotice = page.getByRole('region', { name: 'Your solo run' });
  await soloNotice.getByText('Your Solo Sprint is still on').waitFor();
  await soloNotice.getByText(`${soloScore} ·`).waitFor();
  await soloNotice.getByText('Question 4 of 150').waitFor();
  await shot(page, '04b-home-solo-on-desktop');
  await soloNotice.getByRole('button', { name: 'Resume' }).click();
  await page.waitForURL('**/singleplayer');
  await expect.poll(async () => (await page.locator('.solo-question').textContent())?.trim()).toBe(soloQuestion);
  for (let i = 0; i < 2 && !(await complete.isVisible()); i++) await answerCorrectly(page, '.solo-question');
  // Then let the server's clock run out.
  await complete.waitFor({ timeout: 75_000 });
  await shot(page, '05-singleplayer-complete-desktop');
  await page.waitForURL('**/results');
  await expect.poll(() => page.getByText('You', { exact: true }).count()).toBeGreaterThan(0);
  await expect.poll(() => page.getByText('5 questions solved').count()).toBe(1);
  await shot(page, '06-singleplayer-results-desktop');
  await page.getByRole('button', { name: 'Back to Home' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // The run is over and forgotten (spec §3): the dashboard has nothing to offer back.
  expect(await page.evaluate(() => localStorage.getItem('soloSession'))).toBeNull();
  expect(await page.getByRole('region', { name: 'Your solo run' }).count()).toBe(0);
}

describe('user story: sign up, single-player, Math Challenge with rematch, live ratings', () => {
  it('is playable end to end by three people at once', { timeout: 420_000 }, async () => {
    const ctxA = await newContext(suite.browser, suite.app.url, DESKTOP);
    const ctxB = await newContext(suite.browser, suite.app.url, PHONE);
    const ctxC = await newContext(suite.browser, suite.app.url, DESKTOP);
    const pageA = await ctxA.newPage();
    const pageB = await ctxB.newPage();
    const pageC = await ctxC.newPage();
    const alerts: string[] = [];
    for (const p of [pageA, pageB, pageC]) p.on('dialog', (d) => void (alerts.push(d.message()), d.dismiss()));

    // Cid plays the single-player challenge meanwhile (awaited at the end).
    const solo = playSoloChallenge(pageC);
    solo.catch(() => undefined);

    // Sign-in screens at both widths.
    await pageA.goto('/login');
    await shot(pageA, '01-login-desktop');
    await pageB.goto('/login');
    await shot(pageB, '01-login-phone');

    // A signs up and lands on the dashboard.
    await signUp(pageA, ada, '02-signup-desktop');
    await expect.poll(() => ratingOf(pageA)).toBe('Rating 1500, deviation 350');
    await shot(pageA, '03-home-desktop');

    // B signs up on a phone-sized window.
    await signUp(pageB, bob, '07-signup-phone');
    await shot(pageB, '08-home-phone');

    // A creates a 1-minute room; B joins it by code.
    await pageA.getByRole('button', { name: 'Create Room' }).click();
    await pageA.waitForURL('**/waiting');
    const code = (await pageA.locator('output.duel-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    await expect.poll(() => pageA.getByRole('button', { name: 'Waiting for opponent...' }).isDisabled()).toBe(true);
    await shot(pageA, '09-waiting-host-alone-desktop');
    await pageB.getByLabel('Room code').fill(code);
    await pageB.getByRole('button', { name: 'Join Room' }).click();
    await pageB.waitForURL('**/waiting');
    await pageA.getByText('Ready to start the game!').waitFor();
    await shot(pageB, '10-waiting-guest-phone');
    await shot(pageA, '10-waiting-host-ready-desktop');

    // Host starts: 3-2-1-Go, then both are in the game.
    await pageA.getByRole('button', { name: 'Start Game' }).click();
    await pageB.getByRole('alertdialog', { name: 'Game starting' }).waitFor();
    await shot(pageB, '11-countdown-phone');
    await pageA.waitForURL('**/game');
    await pageB.waitForURL('**/game');
    await pageA.locator('.duel-question').waitFor();
    await shot(pageA, '12-game-desktop');

    // B answers two correctly and one wrong: the wrong one stays in place with a toast.
    await answerCorrectly(pageB, '.duel-question');
    await answerCorrectly(pageB, '.duel-question');
    const stuck = (await pageB.locator('.duel-question').textContent())?.trim() ?? '';
    await pageB.getByPlaceholder('Type your answer').fill(String(solveQuestionText(stuck) + 1));
    await pageB.keyboard.press('Enter');
    await pageB.getByText('Wrong answer — try again.').first().waitFor();
    expect((await pageB.locator('.duel-question').textContent())?.trim()).toBe(stuck);
    // The wrong answer's toast replaces the 'Correct!' ones; the screenshot waits for them to slide out.
    await expect.poll(() => pageB.getByText('Correct!').count(), { timeout: 5_000 }).toBe(0);
    await shot(pageB, '13-game-wrong-phone');
    // Empty answers are refused on the client and nothing is sent.
    await pageB.getByPlaceholder('Type your answer').fill('');
    await pageB.keyboard.press('Enter');
    await pageB.getByText('Enter an answer before submitting.').first().waitFor();

    // B leaves the game's screen by the logo: the dashboard offers the way back, with the clock and
    // the scores, and the game goes on where B left it.
    const bobScore = (await pageB.locator('.game-stat-value').nth(1).textContent())?.replace(/\s+/g, ' ').trim();
    expect(bobScore).toMatch(/^[1-9]\d* pts$/);
    await pageB.getByRole('link', { name: 'MathSprint home' }).click();
    await pageB.waitForURL(/\/$/);
    const notice = pageB.getByRole('region', { name: 'Your room' });
    await notice.getByText('Your Math Challenge is still on').waitFor();
    await notice.getByText(`${bob.name} ${bobScore}`).waitFor();
    await expect.poll(async () => (await notice.getByRole('timer').textContent())?.trim()).toMatch(/^0:[0-5]\d$/);
    await shot(pageB, '13b-home-game-on-phone');
    await notice.getByRole('button', { name: 'Return to game' }).click();
    await pageB.waitForURL('**/game');
    await expect.poll(async () => (await pageB.locator('.duel-question').textContent())?.trim()).toBe(stuck);
    await pageB.getByText('Question 3 of 150').first().waitFor();

    // A answers six correctly and leads.
    for (let i = 0; i < 6; i++) await answerCorrectly(pageA, '.duel-question');
    await pageA.getByText('Leading').first().waitFor();
    await shot(pageA, '14-game-leading-desktop');

    // The server's clock ends the game; both land on the results.
    await pageA.getByText('Game Over!').waitFor({ timeout: 80_000 });
    await shot(pageA, '15-game-over-desktop');
    await pageA.waitForURL('**/results');
    await pageB.waitForURL('**/results');
    await pageA.getByText('You Won!').waitFor();
    await pageB.getByText(`Winner: ${ada.name}`).waitFor();
    await expect.poll(() => pageA.getByText('6 questions solved').count()).toBe(1);
    await expect.poll(() => pageB.getByText('2 questions solved').count()).toBe(1);
    await shot(pageA, '16-results-winner-desktop');
    await shot(pageB, '16-results-loser-phone');

    // Rematch: A asks, B sees the offer and accepts; both are back in a new game.
    await pageA.getByRole('button', { name: 'Rematch' }).click();
    await pageA.getByText('Waiting for other player to accept rematch...').waitFor();
    // The requester's button waits too (spec §4 "Rematch").
    expect(await pageA.getByRole('button', { name: 'Waiting...' }).isDisabled()).toBe(true);
    await pageB.getByText('Other player wants a rematch! Click Rematch to start.').waitFor();
    await shot(pageA, '17-rematch-requested-desktop');
    await shot(pageB, '17-rematch-offered-phone');
    await pageB.getByRole('button', { name: 'Rematch' }).click();
    // Both count down on the results screen; the server sends rematchStarted when the clock starts.
    for (const page of [pageA, pageB]) await page.getByRole('alertdialog', { name: 'Game starting' }).getByText('Rematch starting').waitFor();
    await Promise.all([shot(pageB, '17b-rematch-countdown-phone'), shot(pageA, '17b-rematch-countdown-desktop')]);
    await pageA.waitForURL('**/game');
    await pageB.waitForURL('**/game');
    await pageB.locator('.duel-question').waitFor();
    await expect.poll(() => pageB.getByText('Question 1 of 150').count()).toBeGreaterThan(0);
    await shot(pageB, '18-rematch-game-phone');

    // Second game: B wins this one. A steps out to the dashboard and back in between.
    for (let i = 0; i < 4; i++) await answerCorrectly(pageB, '.duel-question');
    const bobRematchScore = (await pageB.locator('.game-stat-value').nth(1).textContent())?.replace(/\s+/g, ' ').trim();
    await pageA.getByRole('link', { name: 'MathSprint home' }).click();
    await pageA.getByRole('region', { name: 'Your room' }).getByText(`${bob.name} ${bobRematchScore}`).waitFor();
    await shot(pageA, '18b-home-game-on-desktop');
    await pageA.getByRole('button', { name: 'Return to game' }).click();
    await pageA.waitForURL('**/game');
    await pageA.locator('.duel-question').waitFor();
    await answerCorrectly(pageA, '.duel-question');
    await pageB.waitForURL('**/results', { timeout: 80_000 });
    await pageA.waitForURL('**/results', { timeout: 10_000 });
    await pageB.getByText('You Won!').waitFor();
    await pageA.getByText(`Winner: ${bob.name}`).waitFor();

    // B walks off by the logo: that leaves the room, and A is told at once instead of offering a
    // rematch to nobody.
    await pageB.getByRole('link', { name: 'MathSprint home' }).click();
    await pageA.getByText('Your opponent has left the room.').waitFor();
    expect(await pageA.getByRole('button', { name: 'Rematch' }).isDisabled()).toBe(true);
    await shot(pageA, '18c-results-opponent-left-desktop');

    // Home again, no reload: both ratings moved and both players are on the leaderboard.
    await pageA.getByRole('button', { name: 'Back to Home' }).click();
    for (const page of [pageA, pageB]) {
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => ratingOf(page), { timeout: 10_000 }).not.toBe('Rating 1500, deviation 350');
      const board = page.getByRole('list', { name: 'Global leaderboard entries' });
      await expect.poll(() => board.getByText(ada.name).count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => board.getByText(bob.name).count(), { timeout: 10_000 }).toBe(1);
    }
    await shot(pageA, '19-home-after-desktop');
    await shot(pageB, '19-home-after-phone');
    await solo;
    expect(alerts).toEqual([]);
  });
});
