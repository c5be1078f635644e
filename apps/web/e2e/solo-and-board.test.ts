/**
 * What a brand-new player meets on the dashboard's rating and leaderboard panels and in the
 * single-player challenge, with the keyboard only, in a real browser:
 *  - just signed up: the leaderboard lists the new player (the server reads new accounts into its
 *    snapshot on a later request, so the first load missed them) as '(You)', tied players share a
 *    rank without a medal, the rating card says what moves a starting rating, and on the wide
 *    dashboard the leaderboard card ends with its list instead of a blank block below it, and a
 *    board longer than its 420 px does not make the page scroll on into a blank area;
 *  - a solo run whose start fails puts focus on 'Try again', which starts it; when the run ends
 *    focus goes to the end panel (not to <body>, and not to its Return to Home, which an Enter typed
 *    as time runs out would press);
 *  - a level-10 question on a 375 px phone breaks between its bracket groups, not inside them;
 *  - the run's toasts (a blank answer, an answer refused as time runs out) show in the play card,
 *    under the answer form, covering neither the question nor the time and points, on a phone and
 *    on a desktop;
 *  - the dashboard's decorative maths symbols drift up by animating transform and opacity only (no
 *    layout per frame), and stand still in the other browser tests (support/browser.ts).
 * Screens saved as artifacts/screenshots/board-* and solo-*.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { continueAsGuest, signUp } from './support/accounts';
import { DESKTOP, newContext, shot, VIEWPORTS } from './support/browser';
import { coveredBy } from './support/overlap';
import { useAppAndBrowser } from './support/suite';
import { call } from '../../server/test/helpers/http';

const suite = useAppAndBrowser();

const stamp = Date.now().toString(36);
/** The phone size of the audit (iPhone 12–15); support/browser's PHONE is 375 × 812. */
const PHONE_390 = { width: 390, height: 844 } as const;

/** What of the solo screen a player needs while playing: a toast must cover none of it. */
const SOLO_PARTS = { question: '.solo-question', 'answer form': '.answer-form', 'time and points': '.game-stats' };

/**
 * Waits until the play card holds one toast, faded in: the screenshot shows it as a player reads
 * it, not mid-fade or over the one it replaced. (A toast's progress bar runs for its whole life.)
 */
async function oneToastShown(page: Page): Promise<void> {
  const slot = page.locator('.solo-card .play-feedback');
  await expect.poll(() => slot.locator('.Toastify__toast').count()).toBe(1);
  await slot.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => !(a.effect instanceof KeyframeEffect && a.effect.target?.classList.contains('Toastify__progress-bar')))
        .map((a) => a.finished),
    ),
  );
}

/** The focused element, described for assertions: tag, classes and text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}.${el.className} ${(el.textContent ?? '').trim().slice(0, 40)}` : '';
  });
}

describe('a new player on the dashboard and in a solo run', () => {
  it('finds themselves on the leaderboard at once, sharing rank 1 with the other new player', { timeout: 120_000 }, async () => {
    const first = await newContext(suite.browser, suite.app.url, PHONE_390);
    const firstPage = await first.newPage();
    await signUp(firstPage, { name: 'Nadia First', email: `nadia-${stamp}@example.com`, password: 'first-on-board-1' });
    await first.close();

    const page = await (await newContext(suite.browser, suite.app.url, DESKTOP)).newPage();
    await signUp(page, { name: 'Omar Second', email: `omar-${stamp}@example.com`, password: 'second-on-board-2' });
    const board = page.getByRole('list', { name: 'Global leaderboard entries' });
    const me = board.locator('li[aria-current="true"]');
    // Well within the client's re-reads (about 10 s); without them the page kept the stale board.
    await me.waitFor({ timeout: 9_000 });
    expect((await me.textContent())?.replace(/\s+/g, ' ')).toContain('Omar Second (You)');
    await expect.poll(() => board.locator('li').count()).toBe(2);
    // Both at 1500: both are first, and neither wears the gold ring.
    expect(await board.locator('.leaderboard-rank').allTextContents()).toEqual(['Rank 1 (tied)', 'Rank 1 (tied)']);
    expect(await board.locator('.leaderboard-rank.rank-1').count()).toBe(0);

    const rating = page.getByRole('region', { name: 'Your rating' });
    expect(await rating.textContent()).toContain('Your starting rating. Rated Math Challenges and weekly contests move it');

    // The card ends with its list (spec §9: the list stops at 420 px), not at the column's foot.
    const card = page.getByRole('region', { name: 'Global leaderboard' });
    const cardBox = (await card.boundingBox())!;
    const listBox = (await board.boundingBox())!;
    expect(cardBox.y + cardBox.height - (listBox.y + listBox.height)).toBeLessThan(60);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'board-01-new-player-desktop');

    // A board longer than its 420 px, on a phone, where it is the last card: the rows scrolled out
    // of it (and their hidden text) do not make the page itself taller than its content.
    await page.setViewportSize(PHONE_390);
    for (let i = 0; i < 12; i++) {
      const signup = await call(suite.app, 'POST', '/signup', { body: { name: `Player ${i + 3}`, email: `player-${i}-${stamp}@example.com`, password: 'crowded-board-3' } });
      expect(signup.status).toBe(201);
    }
    await expect
      .poll(
        async () => {
          await page.reload();
          await board.waitFor();
          return board.locator('li').count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(14);
    const overflow = await page.evaluate(() => document.documentElement.scrollHeight - (document.querySelector('.page')?.getBoundingClientRect().bottom ?? 0) - window.scrollY);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  it('keeps keyboard focus through a failed start, Try again, and the end of the run', { timeout: 90_000 }, async () => {
    const context = await newContext(suite.browser, suite.app.url, PHONE_390);
    const page = await context.newPage();
    await continueAsGuest(page);

    // The first start fails: the error card takes focus on its first action.
    let failStart = true;
    await page.route('**/singleplayer/start', async (route) => {
      if (failStart) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service unavailable' }) });
      else await route.continue();
    });
    await page.getByRole('button', { name: 'Start Challenge' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'The challenge could not start' }).waitFor();
    await expect.poll(() => focused(page)).toBe('button.btn btn-primary Try again');
    await shot(page, 'solo-01-start-failed-phone');

    failStart = false;
    await page.keyboard.press('Enter');
    await page.locator('.solo-question').waitFor();
    await expect.poll(() => focused(page)).toMatch(/^input\..*answer-input/);

    // The server's clock says the run is over: the answer field goes, and focus goes to the panel.
    await page.route('**/singleplayer/timer**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ timeLeft: 0, over: true, score: 0, current: 0 }) }),
    );
    await page.getByRole('heading', { name: 'Challenge Complete!' }).waitFor({ timeout: 5_000 });
    await expect.poll(() => focused(page)).toMatch(/^div\.solo-over-focus Challenge Complete!/);
    await shot(page, 'solo-02-complete-phone');
    // An Enter typed as time ran out does not press Return to Home: the results follow 1 s later.
    await page.keyboard.press('Enter');
    await page.waitForURL('**/results', { timeout: 5_000 });
    await context.close();
  });

  it('sets a level-10 question on a 375 px phone without splitting its bracket groups', { timeout: 60_000 }, async () => {
    const context = await newContext(suite.browser, suite.app.url, { width: 375, height: 667 });
    const page = await context.newPage();
    await continueAsGuest(page);
    // The longest texts the generator makes (level 10), served as the run's questions.
    const questions = ['(17 − (24 − 17) + 18) × (160 ÷ 8)', 'Solve for x: 15x + 39 = 10x + 129'];
    let current = 0;
    await page.route('**/singleplayer/start', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ sessionId: 'long-questions', questions, timerDuration: 60 }) }),
    );
    await page.route('**/singleplayer/timer**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ timeLeft: 50, over: false, score: 0, current }) }),
    );
    await page.route('**/singleplayer/answer', (route) => {
      current = 1;
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ correct: true, score: 100, current, over: false }) });
    });
    await page.getByRole('button', { name: 'Start Challenge' }).click();
    const question = page.locator('.solo-question');
    for (const [index, text] of questions.entries()) {
      await expect.poll(() => question.textContent()).toBe(text);
      // Each piece (a bracket group, 'Solve for x:', the equation) sits on one line of its own.
      const pieces = await question.locator('.question-chunk').evaluateAll((spans) =>
        spans.map((span) => ({ text: span.textContent, height: span.getBoundingClientRect().height, line: parseFloat(getComputedStyle(span).lineHeight) })),
      );
      expect(pieces.length).toBeGreaterThan(1);
      for (const piece of pieces) expect(piece.height, piece.text ?? '').toBeLessThan(piece.line * 1.5);
      await shot(page, `solo-03-long-question-${index + 1}-phone`);
      if (index === 0) {
        await page.getByPlaceholder('Type your answer').fill('580');
        await page.keyboard.press('Enter');
      }
    }
    await context.close();
  });

  it('shows its toasts in the play card, over neither the question nor the time and points', { timeout: 90_000 }, async () => {
    for (const [viewport, name] of VIEWPORTS) {
      const context = await newContext(suite.browser, suite.app.url, viewport);
      const page = await context.newPage();
      await continueAsGuest(page);
      await page.getByRole('button', { name: 'Start Challenge' }).click();
      await page.locator('.solo-question').waitFor();

      // A blank answer: the toast is an alert in the card, under the form.
      await page.getByPlaceholder('Type your answer').press('Enter');
      const blank = page.locator('.solo-card .play-feedback').getByRole('alert').filter({ hasText: 'Enter an answer before submitting.' });
      expect(await coveredBy(page, blank, SOLO_PARTS)).toEqual([]);
      await oneToastShown(page);
      await shot(page, `solo-04-blank-toast-${name}`);

      // Then a wrong answer (no level-1 sum is negative): the wrong-answer message replaces the
      // blank answer's, which stayed on screen over a silent cross (issue #47).
      await page.getByPlaceholder('Type your answer').fill('-987654');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('.solo-card .play-feedback').textContent(), { timeout: 10_000 }).toBe('Wrong answer — try again.');
      await oneToastShown(page);
      await shot(page, `solo-04b-wrong-after-blank-${name}`);

      // The server refuses an answer as time runs out: its message stays readable under the end panel.
      await page.route('**/singleplayer/answer', (route) =>
        route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'Time is up', code: 'RUN_OVER' }) }),
      );
      await page.getByPlaceholder('Type your answer').fill('1');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Challenge Complete!' }).waitFor();
      const refused = page.locator('.solo-card .play-feedback').getByRole('alert').filter({ hasText: 'Time is up' });
      expect(await coveredBy(page, refused, { 'end panel': '.solo-over', 'time and points': '.game-stats' })).toEqual([]);
      // One toast at a time: the blank answer's went when the refusal came.
      await oneToastShown(page);
      expect(await page.locator('.solo-card .play-feedback').textContent()).toBe('Time is up');
      await shot(page, `solo-05-time-is-up-toast-${name}`);
      await context.close();
    }
  });

  it('sees the dashboard\'s maths symbols drift up by transform alone, and held still in the other tests', { timeout: 60_000 }, async () => {
    /**
     * A symbol's top edge (CSS px from the viewport's top), the properties its animation changes,
     * and its computed top. The hero's newest symbol is sampled: the oldest is the one replaced
     * every 12 s.
     */
    const newestSymbol = async (page: Page) => (await page.locator('.dashboard-hero .floating-symbol').last().elementHandle());
    const sample = (symbol: Awaited<ReturnType<typeof newestSymbol>>) =>
      symbol.evaluate((el) => ({
        y: el.getBoundingClientRect().top,
        animated: el
          .getAnimations()
          .flatMap((a) => (a.effect instanceof KeyframeEffect ? a.effect.getKeyframes() : []))
          .flatMap((frame) => Object.keys(frame).filter((key) => !['offset', 'easing', 'composite', 'computedOffset'].includes(key))),
        top: getComputedStyle(el).top,
      }));
    const moving = await newContext(suite.browser, suite.app.url, DESKTOP, { floatingSymbolsMove: true });
    const held = await newContext(suite.browser, suite.app.url, DESKTOP);
    try {
      const [a, b] = [await moving.newPage(), await held.newPage()];
      await Promise.all([continueAsGuest(a), continueAsGuest(b)]);
      const [movingSymbol, heldSymbol] = await Promise.all([newestSymbol(a), newestSymbol(b)]);
      const before = { moving: await sample(movingSymbol), held: await sample(heldSymbol) };
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const after = { moving: await sample(movingSymbol), held: await sample(heldSymbol) };
      // For a player: the symbol rises (or wrapped round to the bottom), and only transform and
      // opacity animate, which needs no layout per frame; its top stays where the stylesheet puts it.
      expect(after.moving.y).not.toBe(before.moving.y);
      expect(new Set(after.moving.animated)).toEqual(new Set(['transform', 'opacity']));
      expect(after.moving.top).toBe(before.moving.top);
      // In the browser tests (support/browser.ts), the same symbol stays where it was.
      expect(after.held.y).toBe(before.held.y);
    } finally {
      await Promise.all([moving.close(), held.close()]);
    }
  });
});
