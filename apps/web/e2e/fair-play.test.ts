/**
 * Fair play (issue #47 "Bots") in a real browser: a script run inside the player's page answers a
 * single-player run's questions from their text as fast as it can, over the same HTTP calls the
 * page makes; the server flags the run, and the end panel and the results screen say why ("You
 * answered faster than a person can, so this run sets no record"), on a 375 px phone and a
 * 1280 px desktop; and a script playing a Math Challenge against a person in the browser, who
 * reads on the results screen that the script answered faster than a person can, so the game
 * changes no rating. Screens saved as artifacts/screenshots/fair-play-*.
 */
import { solveQuestionText } from '@mathsprint/shared/testing';
import type { ClientToServerEvents, ServerToClientEvents } from '@mathsprint/shared/protocol';
import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { call } from '../../server/test/helpers/http';
import { continueAsGuest, signUp } from './support/accounts';
import { DESKTOP, newContext, PHONE, shot } from './support/browser';
import { answerCorrectly, createRoom } from './support/play';
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

describe('a Math Challenge against a script', () => {
  it('says on the results screen that the script answered faster than a person can, at 1280 and 375 px', { timeout: 150_000 }, async () => {
    const stamp = Date.now().toString(36);
    const context = await newContext(suite.browser, suite.app.url, DESKTOP);
    const page = await context.newPage();
    await signUp(page, { name: 'Pia Person', email: `pia-${stamp}@example.com`, password: 'a-person-plays-1' });
    const code = await createRoom(page);

    // The script: its own account and socket, every answer sent the moment the last one is acknowledged.
    const bot = await call<{ token: string }>(suite.app, 'POST', '/signup', {
      body: { name: 'Bot Script', email: `bot-${stamp}@example.com`, password: 'a-script-plays-1' },
    });
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(suite.app.url, {
      auth: { token: bot.body.token },
      transports: ['websocket'],
      reconnection: false,
    });
    const scripted = new Promise<number>((resolve) => {
      socket.once('gameStarted', async ({ questions }) => {
        // The clock starts after the 3 s countdown; answers before it are refused.
        await new Promise((r) => setTimeout(r, 3_200));
        let solved = 0;
        for (const text of questions) {
          const ack = await socket.timeout(5_000).emitWithAck('submitAnswer', { answer: solveQuestionText(text) });
          if (ack.correct) solved++;
        }
        resolve(solved);
      });
    });
    const joined = await socket.timeout(5_000).emitWithAck('joinRoom', { roomCode: code });
    expect(joined.error).toBeUndefined();

    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.waitForURL('**/game');
    await page.locator('.duel-question').waitFor();
    expect(await scripted).toBeGreaterThan(5);
    // The person answers a few, then the clock runs out (1 minute).
    for (let i = 0; i < 3; i++) await answerCorrectly(page, '.duel-question');
    await page.waitForURL('**/results', { timeout: 75_000 });

    const notice = page.locator('.results-hero .pace-notice');
    await notice.waitFor();
    expect((await notice.textContent())?.replace(/\s+/g, ' ').trim()).toBe('Bot Script answered faster than a person can, so this game changes no rating.');
    await shot(page, 'fair-play-duel-results-desktop');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'fair-play-duel-results-phone');
    socket.disconnect();
    await context.close();
  });
});
