/**
 * Fair play (issue #47 "Bots") in a real browser: a script run inside the player's page answers a
 * single-player run's questions from their text as fast as it can, over the same HTTP calls the
 * page makes; the server flags the run, and the end panel and the results screen say why ("You
 * answered faster than a person can, so this run sets no record"), on a 375 px phone and a
 * 1280 px desktop; and a script playing a Math Challenge against a person in the browser, who
 * reads on the results screen that the script answered faster than a person can, so the game
 * changes no rating; and a script taking a weekly contest, whose results page says why its attempt
 * is marked, with the Flagged mark on its leaderboard row. Screens saved as
 * artifacts/screenshots/fair-play-*.
 */
import { solveQuestionText } from '@mathsprint/shared/testing';
import type { ClientToServerEvents, ServerToClientEvents } from '@mathsprint/shared/protocol';
import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { call } from '../../server/test/helpers/http';
import { continueAsGuest, signUp } from './support/accounts';
import { grantOperator } from './support/app-server';
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

// The Math Challenge (a 1-minute game) and the contest (opening in 10 s, for 1 minute) mostly wait
// on real clocks, and neither touches the other's data: they run side by side, each asserting with
// its own test context's `expect` (docs/testing.md).
describe.concurrent('scripts against people', () => {
  it('a Math Challenge against a script says on the results screen that the script answered faster than a person can, at 1280 and 375 px', { timeout: 150_000 }, async ({ expect }) => {
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

  it('a weekly contest taken by a script marks the attempt on its results page and leaderboard, at 1280 and 375 px', { timeout: 180_000 }, async ({ expect }) => {
    const stamp = Date.now().toString(36);
    const operator = await call<{ token: string }>(suite.app, 'POST', '/signup', {
      body: { name: 'Olga Operator', email: `ops-${stamp}@example.com`, password: 'schedule-it-now-1' },
    });
    await grantOperator(suite.app, `ops-${stamp}@example.com`);
    const ada = await call<{ token: string }>(suite.app, 'POST', '/signup', {
      body: { name: 'Ada Person', email: `ada-${stamp}@example.com`, password: 'analytical-engine-1' },
    });
    const context = await newContext(suite.browser, suite.app.url, DESKTOP);
    const page = await context.newPage();
    await signUp(page, { name: 'Contest Script', email: `script-${stamp}@example.com`, password: 'a-script-plays-2' });
    const botToken = await page.evaluate(() => localStorage.getItem('token') ?? '');

    // Opening in 10 s (time to register), for 1 minute.
    const created = await call<{ contest: { _id: string; closeTime: string } }>(suite.app, 'POST', '/admin/contests', {
      token: operator.body.token,
      body: { title: 'Fair Play Cup', openTime: new Date(Date.now() + 10_000).toISOString(), durationMinutes: 1, questionCount: 20 },
    });
    expect(created.status).toBe(201);
    const contestId = created.body.contest._id;
    for (const token of [botToken, ada.body.token]) {
      expect((await call(suite.app, 'POST', '/contest/register', { token, body: { contestId } })).status).toBe(200);
    }
    const start = async (token: string) => {
      for (;;) {
        const r = await call<{ questions: Array<{ question: string }> }>(suite.app, 'POST', '/contest/start', { token, body: { contestId } });
        if (r.status === 200) return r.body.questions;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const questions = await start(botToken);
    for (const [questionIndex, q] of questions.entries()) {
      const r = await call(suite.app, 'POST', '/contest/submit-answer', {
        token: botToken,
        body: { contestId, questionIndex, answer: solveQuestionText(q.question), timeSpent: 0 },
      });
      expect(r.status).toBe(200);
    }
    expect((await call(suite.app, 'POST', '/contest/submit', { token: botToken, body: { contestId } })).status).toBe(200);
    // A person who answers one question: too few answers to judge, so never flagged.
    const adaQuestions = await start(ada.body.token);
    await call(suite.app, 'POST', '/contest/submit-answer', {
      token: ada.body.token,
      body: { contestId, questionIndex: 0, answer: solveQuestionText(adaQuestions[0]!.question), timeSpent: 4 },
    });
    expect((await call(suite.app, 'POST', '/contest/submit', { token: ada.body.token, body: { contestId } })).status).toBe(200);

    await expect
      .poll(async () => (await call<{ finalized: boolean }>(suite.app, 'GET', `/contest/leaderboard?contestId=${contestId}&limit=10`)).body.finalized, {
        timeout: 100_000,
        interval: 1_000,
      })
      .toBe(true);

    await page.goto(`/contest/${contestId}/results`);
    const notice = page.locator('.pace-notice');
    await notice.waitFor({ timeout: 15_000 });
    expect((await notice.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
      'You answered faster than a person can, so this attempt is marked, earns no badge and is left out of the rating.',
    );
    await shot(page, 'fair-play-contest-results-desktop');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'fair-play-contest-results-phone');
    // Ranked, but marked on the leaderboard; the person's row is not.
    await page.getByRole('tab', { name: /Leaderboard/ }).click();
    const flagged = page.locator('.cresults-flagged');
    await flagged.waitFor();
    expect(await flagged.count()).toBe(1);
    expect((await flagged.textContent())?.trim()).toBe('Flagged: answered faster than a person can');
    expect(await page.locator('tr', { has: flagged }).locator('.cresults-name').textContent()).toBe(`script-${stamp}`);
    await shot(page, 'fair-play-contest-leaderboard-phone');
    await context.close();
  });
});
