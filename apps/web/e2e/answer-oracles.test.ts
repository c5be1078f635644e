/**
 * Issue #47 in a real browser (Debian's Chromium via playwright-core), at 375 and 1280 px: the
 * contest results page of an attempt submitted before close says it is submitted, how many answers
 * it holds and when results come, with a live countdown, and no score; the daily hub's discussion
 * panel of a set not yet submitted says it opens on submission, and asks the server for no
 * comment, until the set is submitted. Screens are saved as SCREENSHOT_DIR/oracles-*.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, SCREENSHOT_DIR, shot, VIEWPORTS } from './support/browser';
import { useAppAndBrowser } from './support/suite';
import { grantOperator } from './support/app-server';
import { call } from '../../server/test/helpers/http';

const stamp = Date.now().toString(36);
const ADMIN = { name: 'Oona Operator', email: `oracle-ops-${stamp}@example.com`, password: 'schedule-it-now-1' };

const suite = useAppAndBrowser({ SIGNUP_RATE_LIMIT: '100' });

interface Session {
  token: string;
  user: unknown;
}

/** `method` `path` with `body` as the holder of `token`; throws on an error status. */
async function send<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
  const reply = await call<T>(suite.app, method, path, { body, token });
  if (reply.status >= 400) throw new Error(`${method} ${path} → ${reply.status} ${reply.body.error ?? ''}`);
  return reply.body;
}

/** A browser page at `viewport`, signed in as `session` (as the app stores a sign-in). */
async function signedInPage(session: Session, viewport: { width: number; height: number }): Promise<Page> {
  const ctx = await newContext(suite.browser, suite.app.url, viewport);
  await ctx.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  return ctx.newPage();
}

describe('answer oracles closed in the browser', () => {
  it('shows a submitted attempt before close without its score, with the close time and a countdown', { timeout: 120_000 }, async () => {
    const admin = await send<Session>('POST', '/signup', ADMIN);
    await grantOperator(suite.app, ADMIN.email);
    const player = await send<Session>('POST', '/signup', { name: 'Pia Prober', email: `pia-${stamp}@example.com`, password: 'one-candidate-1' });
    const openTime = new Date(Date.now() + 3_000).toISOString();
    const { contest } = await send<{ contest: { _id: string; closeTime: string } }>(
      'POST',
      '/admin/contests',
      { title: `Oracle Cup ${stamp}`, openTime, durationMinutes: 10, questionCount: 20 },
      admin.token,
    );
    await send('POST', '/contest/register', { contestId: contest._id }, player.token);
    await expect
      .poll(async () => (await call(suite.app, 'POST', '/contest/start', { body: { contestId: contest._id }, token: player.token })).status, { timeout: 20_000, interval: 250 })
      .toBe(200);
    for (const [questionIndex, answer] of [
      [0, 12],
      [3, 7],
    ] as const) {
      await send('POST', '/contest/submit-answer', { contestId: contest._id, questionIndex, answer, timeSpent: 2 }, player.token);
    }
    await send('POST', '/contest/submit', { contestId: contest._id }, player.token);

    for (const [viewport, name] of VIEWPORTS) {
      const page = await signedInPage(player, viewport);
      await page.goto(`/contest/${contest._id}/results`);
      const submission = page.getByRole('list', { name: 'Your submission' });
      await submission.waitFor({ timeout: 15_000 });
      expect(await page.locator('.cresults-hero-message').textContent()).toBe('Your attempt is submitted. Your results arrive when the contest closes.');
      expect(await submission.textContent()).toMatch(/StatusSubmitted/);
      expect(await submission.textContent()).toMatch(/Answers\s*2\s*of 20 questions/);
      const at = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(Date.parse(contest.closeTime));
      expect(await submission.textContent()).toMatch(new RegExp(`Results at\\s*${at}`));
      // The countdown to the close runs on its own.
      const timer = page.getByRole('timer');
      const first = (await timer.textContent()) ?? '';
      expect(first).toMatch(/^00:(09|10):\d\d$/);
      await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
      const text = (await page.locator('.cresults-page').textContent()) ?? '';
      expect(text).not.toMatch(/Total Score|of 100 points|Percentile|Correct answers/);
      expect(text).toContain('Score, answers, rank and leaderboard come at close');
      // Nothing overflows the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(page, `oracles-contest-results-before-close-${name}`);
      await page.context().close();
    }
  });

  it('keeps the daily discussion closed until the set is submitted, without asking for its comments', { timeout: 120_000 }, async () => {
    const author = await send<Session>('POST', '/signup', { name: 'Al Author', email: `al-${stamp}@example.com`, password: 'posted-first-1' });
    const { date } = await send<{ date: string }>('GET', '/api/daily/today', undefined, author.token);
    await send('GET', `/api/daily/section/${date}/basic`, undefined, author.token);
    await send('POST', '/api/daily/submit', { date, sectionKey: 'basic', answers: [] }, author.token);
    await send('POST', '/api/daily/comment', { date, sectionKey: 'basic', text: 'Question 1 is easy once you carry the 1' }, author.token);

    for (const [viewport, name] of VIEWPORTS) {
      const reader = await send<Session>('POST', '/signup', { name: `Rae ${name}`, email: `rae-${name}-${stamp}@example.com`, password: 'not-yet-solved-1' });
      const page = await signedInPage(reader, viewport);
      const commentCalls: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/daily/comments') commentCalls.push(r.url());
      });
      await page.goto('/daily');
      await page
        .getByRole('list', { name: "Today's problem sets" })
        .getByRole('listitem', { name: 'Basic set' })
        .getByRole('button', { name: 'Start Solving Basic' })
        .click();
      const discussion = page.locator('#daily-open-section .daily-discussion');
      await discussion.getByText('Submit this set to read and join its discussion.').waitFor({ timeout: 15_000 });
      expect(await discussion.getByLabel('Comment on Basic').count()).toBe(0);
      expect(await discussion.textContent()).not.toContain('carry the 1');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await discussion.scrollIntoViewIfNeeded();
      await shot(page, `oracles-daily-discussion-before-submit-${name}`);
      await discussion.screenshot({ path: `${SCREENSHOT_DIR}/oracles-daily-discussion-before-submit-${name}-panel.png` });
      expect(commentCalls).toEqual([]);

      // Submitted (blank, after the confirmation), the discussion opens with the author's comment.
      await page.getByRole('button', { name: 'Execute Submit()' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Submit anyway' }).click();
      await discussion.getByText('Question 1 is easy once you carry the 1').waitFor({ timeout: 15_000 });
      expect(await discussion.getByLabel('Comment on Basic').count()).toBe(1);
      expect(commentCalls.length).toBeGreaterThan(0);
      await discussion.scrollIntoViewIfNeeded();
      await shot(page, `oracles-daily-discussion-after-submit-${name}`);
      await discussion.screenshot({ path: `${SCREENSHOT_DIR}/oracles-daily-discussion-after-submit-${name}-panel.png` });
      await page.context().close();
    }
  });
});
