/**
 * Fair play (issue #47 "Bots") in a real browser: a script run inside the player's page answers a
 * single-player run's questions from their text as fast as it can, over the same HTTP calls the
 * page makes; the server flags the run, and the end panel and the results screen say why ("You
 * answered faster than a person can, so this run sets no record"), on a 375 px phone and a
 * 1280 px desktop. Screens saved as artifacts/screenshots/fair-play-*.
 */
import { solveQuestionText } from '@mathsprint/shared/testing';
import { describe, expect, it } from 'vitest';
import { continueAsGuest } from './support/accounts';
import { DESKTOP, newContext, PHONE, shot } from './support/browser';
import { useAppAndBrowser } from './support/suite';

// The pace rule at its defaults (the browser tests' app process switches it off otherwise).
const suite = useAppAndBrowser({ PACE_EASY_FLOOR_MS: '250', PACE_FLOOR_STEP_MS: '50' });

const NOTICE = 'You answered faster than a person can, so this run sets no record.';

describe('a scripted single-player run', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`is flagged, and the ${label} end panel and results screen say why`, { timeout: 90_000 }, async () => {
      const context = await newContext(suite.browser, suite.app.url, viewport);
      const page = await context.newPage();
      await continueAsGuest(page);
      await page.getByRole('button', { name: 'Start Challenge' }).click();
      await page.locator('.solo-question').waitFor();

      // The script: the page's own session and token, every answer posted at once after the other.
      const session = await page.evaluate(() => JSON.parse(localStorage.getItem('soloSession') ?? 'null') as { sessionId: string; questions: string[] });
      const answers = session.questions.map((text) => solveQuestionText(text));
      const last = await page.evaluate(
        async ({ sessionId, answers }) => {
          const headers = { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token') ?? ''}` };
          let body: unknown = null;
          for (const answer of answers) {
            body = await (await fetch('/singleplayer/answer', { method: 'POST', headers, body: JSON.stringify({ sessionId, answer }) })).json();
          }
          return body as { over: boolean; paceFlag?: string };
        },
        { sessionId: session.sessionId, answers },
      );
      expect(last).toMatchObject({ over: true, paceFlag: 'answered faster than a person can' });

      // The page hears of the end from its timer call: the end panel, then the results screen.
      const notice = page.locator('.solo-over .pace-notice');
      await notice.waitFor({ timeout: 10_000 });
      expect((await notice.textContent())?.replace(/\s+/g, ' ').trim()).toBe(NOTICE);
      await shot(page, `fair-play-solo-over-${label}`);

      await page.waitForURL('**/results', { timeout: 10_000 });
      const results = page.locator('.results-hero .pace-notice');
      await results.waitFor();
      expect((await results.textContent())?.replace(/\s+/g, ' ').trim()).toBe(NOTICE);
      // The notice fits the screen: no sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(page, `fair-play-solo-results-${label}`);
      await context.close();
    });
  }
});
