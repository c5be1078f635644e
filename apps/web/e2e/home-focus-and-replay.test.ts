/**
 * Three things a keyboard player meets in one single-player run (a 1-minute clock, so one run):
 * coming back to the dashboard mid-run, focus lands on the notices above the greeting, so the next
 * Tab is Resume (route-announcer and the dashboard's data-page-start); in its last 10 s the timer
 * pulses without ever fading its figure, and holds still under prefers-reduced-motion; the results
 * offer Play again, which starts a new run at 0 points on a full clock.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newContext, shot } from './support/browser';
import { useAppAndBrowser } from './support/suite';
import { signUp } from './support/accounts';
import { answerCorrectly } from './support/play';

const suite = useAppAndBrowser();

const stamp = Date.now().toString(36);
const dee = { name: 'Dee Keys', email: `dee-${stamp}@example.com`, password: 'tab-tab-enter-4' };

/** The focused element, described: tag, its text (trimmed), and whether it sits in the notices. */
async function focused(page: Page): Promise<{ tag: string; text: string; inNotices: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName ?? '',
      text: (el?.textContent ?? '').replace(/\s+/g, ' ').trim(),
      inNotices: Boolean(el?.closest('[data-page-start]')),
    };
  });
}

/**
 * The lowest opacity the timer's figure shows over `ms`, sampled every animation frame: the product
 * of its own and its ancestors' computed opacity, which is what reaches the eye.
 */
async function lowestTimerOpacity(page: Page, ms: number): Promise<number> {
  return page.evaluate(
    (duration) =>
      new Promise<number>((resolve) => {
        let lowest = 1;
        const end = performance.now() + duration;
        const sample = () => {
          let opacity = 1;
          for (let el: Element | null = document.querySelector('.game-stat-timer .game-stat-value'); el; el = el.parentElement) {
            opacity *= Number(getComputedStyle(el).opacity);
          }
          lowest = Math.min(lowest, opacity);
          if (performance.now() < end) requestAnimationFrame(sample);
          else resolve(lowest);
        };
        sample();
      }),
    ms,
  );
}

/** The animations running on the timer panel and its figure ('none' when still). */
async function timerAnimations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ['.game-stat-timer', '.game-stat-timer .game-stat-value'].map((s) => getComputedStyle(document.querySelector(s)!).animationName),
  );
}

async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.locator('.game-stat-timer .game-stat-value').textContent())?.trim() ?? '';
  const [m, s] = text.split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}

describe('keyboard focus on the dashboard, the last seconds, and Play again', () => {
  it('lands on Resume, keeps the clock readable, and replays from scratch', { timeout: 180_000 }, async () => {
    const ctx = await newContext(suite.browser, suite.app.url, DESKTOP);
    const page = await ctx.newPage();
    try {
      await signUp(page, dee);
      await page.getByRole('button', { name: 'Start Challenge' }).click();
      await page.waitForURL('**/singleplayer');
      await page.locator('.solo-question').waitFor();
      await answerCorrectly(page, '.solo-question');
      const firstRun = await page.evaluate(() => JSON.parse(localStorage.getItem('soloSession') ?? 'null')?.sessionId as string | undefined);
      expect(firstRun).toBeTruthy();

      // Out to the dashboard mid-run: focus lands on the notices above the greeting, not on it.
      await page.getByRole('link', { name: 'MathSprint home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      const notice = page.getByRole('region', { name: 'Your solo run' });
      await notice.getByText('Your Solo Sprint is still on').waitFor();
      await expect.poll(async () => (await focused(page)).inNotices, { timeout: 5_000 }).toBe(true);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ tag: 'BUTTON', text: 'Resume', inNotices: true });
      await page.keyboard.press('Enter');
      await page.waitForURL('**/singleplayer');
      await page.locator('.solo-question').waitFor();

      // The last 10 s: red and pulsing, the figure never below full opacity.
      await page.locator('.game-stat-timer.game-stat-pulse').waitFor({ timeout: 65_000 });
      expect(await secondsLeft(page)).toBeLessThanOrEqual(10);
      expect(await lowestTimerOpacity(page, 1_200)).toBe(1);
      expect((await timerAnimations(page)).every((name) => name !== 'none')).toBe(true);
      await shot(page, 'hf-solo-last-seconds-desktop');
      // Reduced motion: still, and as readable.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await timerAnimations(page)).toEqual(['none', 'none']);
      expect(await lowestTimerOpacity(page, 300)).toBe(1);
      await page.emulateMedia({ reducedMotion: 'no-preference' });

      // Results: Play again (reached by Tab) next to Back to Home, no Rematch.
      await page.waitForURL('**/results', { timeout: 20_000 });
      await page.getByText('Challenge Complete!').waitFor();
      await page.getByRole('button', { name: 'Back to Home' }).waitFor();
      expect(await page.getByRole('button', { name: /rematch/i }).count()).toBe(0);
      await shot(page, 'hf-solo-results-desktop');
      let reached = false;
      for (let i = 0; i < 20 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = (await focused(page)).text === 'Play again';
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');

      // A new run: another session, 0 points, a full 1-minute clock.
      await page.waitForURL('**/singleplayer');
      await page.locator('.solo-question').waitFor();
      expect((await page.locator('.game-stat-value').nth(1).textContent())?.replace(/\s+/g, ' ').trim()).toBe('0 pts');
      expect(await secondsLeft(page)).toBeGreaterThanOrEqual(57);
      const secondRun = await page.evaluate(() => JSON.parse(localStorage.getItem('soloSession') ?? 'null')?.sessionId as string | undefined);
      expect(secondRun).toBeTruthy();
      expect(secondRun).not.toBe(firstRun);
    } finally {
      await ctx.close();
    }
  });
});
