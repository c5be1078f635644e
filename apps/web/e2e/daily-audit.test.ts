/**
 * The daily hub as a new player uses it on phones (375 and 390 px wide) and a desktop, checked after
 * a new-player audit:
 * - a set answered by keyboard alone: Enter in an answer goes on to the next question and, from the
 *   last, to 'Execute Submit()' (it used to submit the whole set, nine blanks and all, after the
 *   first answer: a set is submitted once a day);
 * - a long unbroken name keeps the daily rankings table inside a phone's screen (points and seconds
 *   were pushed into a sideways scroll no keyboard could reach);
 * - a card's Rankings button moves the focus to the panel it opens, and Close puts it back on the
 *   button that opened the panel (it fell to <body>), also once Start Solving has become Review;
 * - a locked set's empty rankings do not invite the player to "Be the first!";
 * - a player with no season points reads their own season row as not ranked, with a labelled rating;
 * - a set whose opening failed offers Try again (Close was the only way on);
 * - a refused submit puts the focus on the first answer that is not a number, and a failed one back
 *   on 'Execute Submit()' (the button, disabled while sending, had dropped it to <body>);
 * - 'Execute Submit()' with blank answers asks first (a set is sent once a day and blanks count as
 *   wrong; it used to send at once): Keep solving puts the focus on the first blank, Submit anyway
 *   sends;
 * - a set left open across 00:00 UTC keeps its typed answers and says the new day's sets are out and
 *   that it can no longer be submitted (the hub used to keep yesterday's sets for good).
 * Every screen is saved under artifacts/screenshots as daily-audit-*.png and checked by axe (shot()).
 */
import { solveQuestionText } from '@mathsprint/shared/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from './support/accounts';
import { DESKTOP, newContext, PHONE, SCREENSHOT_DIR, shot } from './support/browser';
import { useAppAndBrowser } from './support/suite';

const suite = useAppAndBrowser({ SIGNUP_RATE_LIMIT: '100' });

const PHONE_390 = { width: 390, height: 844 } as const;
const stamp = Date.now().toString(36);
/** One long word, as some players' names are: it must wrap, not widen the tables. */
const longName = { name: 'Ada Wolfeschlegelsteinhausenbergerdorff', email: `ada-audit-${stamp}@example.com`, password: 'audit-password-1' };
const unlucky = { name: 'Cal Unlucky', email: `cal-audit-${stamp}@example.com`, password: 'audit-password-3' };
const newcomer = { name: 'Bea Newcomer', email: `bea-audit-${stamp}@example.com`, password: 'audit-password-2' };
const hasty = { name: 'Dev Hasty', email: `dev-audit-${stamp}@example.com`, password: 'audit-password-4' };
const nightOwl = { name: 'Eve Nightowl', email: `eve-audit-${stamp}@example.com`, password: 'audit-password-5' };

function setCard(page: Page, title: string) {
  return page.getByRole('list', { name: "Today's problem sets" }).getByRole('listitem', { name: `${title} set` });
}

/** The focused element's accessible text: its aria-label, else its id, else its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '<body>';
    return el.getAttribute('aria-label') ?? (el.id || (el.textContent ?? '').trim());
  });
}

/** From now on, the page's uncaught errors and the URLs of its daily set submissions (POST /api/daily/submit). */
function watchPage(page: Page): { pageErrors: string[]; submits: string[] } {
  const pageErrors: string[] = [];
  const submits: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/daily/submit') submits.push(r.url());
  });
  return { pageErrors, submits };
}

describe('daily hub audit: a new player on phones and a desktop', () => {
  it('answers by keyboard without an early submit, keeps tables on screen and returns the focus', { timeout: 240_000 }, async () => {
    const ctx = await newContext(suite.browser, suite.app.url, PHONE);
    const page = await ctx.newPage();
    const { pageErrors, submits } = watchPage(page);

    await signUp(page, longName);
    await page.goto('/daily');
    await expect.poll(() => page.getByRole('list', { name: "Today's problem sets" }).getByRole('listitem').count(), { timeout: 15_000 }).toBe(4);
    await shot(page, 'daily-audit-01-hub-375');

    // Keyboard only: Start Solving with Enter puts the focus on question 1.
    await setCard(page, 'Basic').getByRole('button', { name: 'Start Solving Basic' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.locator('#daily-open-section');
    const questions = panel.locator('.daily-question');
    await expect.poll(() => questions.count(), { timeout: 15_000 }).toBe(10);
    await expect.poll(() => focusedName(page)).toBe('daily-answer-basic-0');

    const texts: string[] = [];
    for (let i = 0; i < 10; i++) texts.push((await questions.nth(i).locator('.daily-question-text').textContent())?.trim() ?? '');

    // Enter after the first answer moves on to question 2 and submits nothing.
    await page.keyboard.type(String(solveQuestionText(texts[0]!)));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('daily-answer-basic-1');
    await page.waitForTimeout(500);
    expect(submits).toEqual([]);
    expect(await panel.locator('.daily-result').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Execute Submit()' }).count()).toBe(1);

    // The rest the same way; Enter on the last answer goes to 'Execute Submit()', still unsent.
    for (let i = 1; i < 10; i++) {
      await page.keyboard.type(String(solveQuestionText(texts[i]!)));
      await page.keyboard.press('Enter');
      if (i < 9) await expect.poll(() => focusedName(page)).toBe(`daily-answer-basic-${i + 1}`);
    }
    await expect.poll(() => focusedName(page)).toBe('Execute Submit()');
    expect(submits).toEqual([]);
    for (let i = 0; i < 10; i++) expect(await questions.nth(i).getByRole('textbox').inputValue()).toBe(String(solveQuestionText(texts[i]!)));
    await shot(page, 'daily-audit-02-answered-by-keyboard-375');

    // A phone has a ± key beside each answer (an iPhone's decimal keypad has no minus): it flips
    // the sign and leaves the focus in the answer.
    const firstAnswer = questions.nth(0).getByRole('textbox');
    const typed = await firstAnswer.inputValue();
    const sign = page.getByRole('button', { name: 'Toggle minus sign, question 1', exact: true });
    await sign.click();
    expect(await firstAnswer.inputValue()).toBe(`-${typed}`);
    await panel.locator('.daily-questions').screenshot({ path: `${SCREENSHOT_DIR}/daily-audit-02b-answers-sign-key-375.png` });
    await expect.poll(() => focusedName(page)).toBe('daily-answer-basic-0');
    await sign.click();
    expect(await firstAnswer.inputValue()).toBe(typed);
    const signBox = (await sign.boundingBox())!;
    expect(signBox.width).toBeGreaterThanOrEqual(24);
    expect(signBox.height).toBeGreaterThanOrEqual(24);
    // Nothing in the rows runs past the phone's edge with the key beside the answer.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Execute Submit()' }).focus();

    // Enter on the button submits, once, and the result takes the focus.
    await page.keyboard.press('Enter');
    await panel.locator('.daily-result').waitFor({ timeout: 15_000 });
    expect(submits).toHaveLength(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('daily-result') ?? false)).toBe(true);
    expect(await panel.locator('.daily-result').textContent()).toContain('10/10');

    // The daily rankings show the long name wrapped: the table fits its box, nothing scrolls sideways.
    const rankings = panel.getByRole('table', { name: 'Daily rankings, Basic' });
    await expect.poll(() => rankings.getByRole('row', { name: /Wolfeschlegelsteinhausenbergerdorff \(You\)/ }).count(), { timeout: 10_000 }).toBe(1);
    const fit = await panel.locator('.daily-table-wrap').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    const secondsCell = (await rankings.locator('tbody tr td').last().boundingBox())!;
    expect(secondsCell.x + secondsCell.width).toBeLessThanOrEqual(PHONE.width);
    await panel.locator('.daily-panel-rankings').scrollIntoViewIfNeeded();
    await shot(page, 'daily-audit-03-rankings-long-name-375');

    // Close: the focus goes back to the card's button, which now reads Review.
    await panel.getByRole('button', { name: 'Close Basic' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe('Review Basic');

    // Desktop: the same hub after the submission, the panel reopened for review.
    await page.setViewportSize(DESKTOP);
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.getByRole('list', { name: 'Answers and explanations' }).getByRole('listitem').count(), { timeout: 15_000 }).toBe(10);
    await shot(page, 'daily-audit-04-review-1280');
    expect(pageErrors).toEqual([]);
    await ctx.close();

    // A second new player, on a 390 px phone, has no season points yet.
    const ctxB = await newContext(suite.browser, suite.app.url, PHONE_390);
    const pageB = await ctxB.newPage();
    pageB.on('pageerror', (e) => pageErrors.push(e.message));
    await signUp(pageB, newcomer);
    await pageB.goto('/daily');
    const own = pageB.getByRole('region', { name: 'Season leaderboard' }).getByLabel('Your season row');
    await expect.poll(() => own.textContent(), { timeout: 15_000 }).toContain('Bea Newcomer');
    expect(await own.textContent()).toContain('Rating 1500');
    expect(await own.locator('.daily-rank').textContent()).toBe('–Not ranked yet');
    await own.scrollIntoViewIfNeeded();
    await shot(pageB, 'daily-audit-05-season-own-row-390');

    // A locked set's Rankings: the focus follows to the panel's heading; the empty rankings do not
    // invite a player who cannot solve the set; Close puts the focus back on the Rankings button.
    await setCard(pageB, 'Expert').getByRole('button', { name: 'Daily rankings for Expert' }).click();
    const panelB = pageB.locator('#daily-open-section');
    await expect.poll(() => focusedName(pageB)).toBe('daily-panel-title-expert');
    await panelB.getByText('Nobody has submitted this set today yet.', { exact: true }).waitFor();
    expect(await panelB.getByText(/Be the first/).count()).toBe(0);
    await pageB.waitForTimeout(600);
    await shot(pageB, 'daily-audit-06-locked-rankings-390');
    await panelB.getByRole('button', { name: 'Close Expert' }).click();
    await expect.poll(() => panelB.count()).toBe(0);
    await expect.poll(() => focusedName(pageB)).toBe('Daily rankings for Expert');

    // Basic's rankings at 390 px: Ada's long name wraps inside the table here too.
    await setCard(pageB, 'Basic').getByRole('button', { name: 'Daily rankings for Basic' }).click();
    await expect.poll(() => panelB.getByRole('table', { name: 'Daily rankings, Basic' }).getByRole('row', { name: /Wolfeschlegelsteinhausenbergerdorff/ }).count(), { timeout: 10_000 }).toBe(1);
    const fitB = await panelB.locator('.daily-table-wrap').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(fitB.scroll).toBeLessThanOrEqual(fitB.client);
    await shot(pageB, 'daily-audit-07-rankings-390');
    expect(pageErrors).toEqual([]);
    await ctxB.close();
  });

  it('recovers from a failed opening and a failed submit with the focus where the player works', { timeout: 120_000 }, async () => {
    const ctx = await newContext(suite.browser, suite.app.url, PHONE_390);
    const page = await ctx.newPage();
    const { pageErrors } = watchPage(page);
    await signUp(page, unlucky);
    await page.goto('/daily');
    await expect.poll(() => page.getByRole('list', { name: "Today's problem sets" }).getByRole('listitem').count(), { timeout: 15_000 }).toBe(4);

    // The opening fails once (a passing server error): the panel offers Try again, which opens it.
    const failOpen = (route: import('playwright-core').Route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service unavailable' }) });
    await page.route('**/api/daily/section/**', failOpen);
    await setCard(page, 'Basic').getByRole('button', { name: 'Start Solving Basic' }).click();
    const panel = page.locator('#daily-open-section');
    const alert = panel.getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toContain('Service unavailable');
    await shot(page, 'daily-audit-08-open-failed-390');
    await alert.screenshot({ path: `${SCREENSHOT_DIR}/daily-audit-08b-open-failed-alert-390.png` });
    await page.unroute('**/api/daily/section/**', failOpen);
    await alert.getByRole('button', { name: 'Try again' }).click();
    const questions = panel.locator('.daily-question');
    await expect.poll(() => questions.count(), { timeout: 15_000 }).toBe(10);
    expect(await panel.getByRole('alert').count()).toBe(0);

    // A letter in question 3: the submit is refused and the focus goes to question 3.
    for (let i = 0; i < 10; i++) {
      const text = (await questions.nth(i).locator('.daily-question-text').textContent())?.trim() ?? '';
      await questions.nth(i).getByRole('textbox').fill(i === 2 ? 'abc' : String(solveQuestionText(text)));
    }
    await page.getByRole('button', { name: 'Execute Submit()' }).click();
    await page.locator('.Toastify__toast', { hasText: 'Answers must be numbers: check question 3.' }).waitFor();
    await expect.poll(() => focusedName(page)).toBe('daily-answer-basic-2');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(String(solveQuestionText((await questions.nth(2).locator('.daily-question-text').textContent())?.trim() ?? '')));

    // The submit fails on the server: the form stays, with the focus back on 'Execute Submit()'.
    const failSubmit = (route: import('playwright-core').Route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service unavailable' }) });
    await page.route('**/api/daily/submit', failSubmit);
    await page.getByRole('button', { name: 'Execute Submit()' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.Toastify__toast', { hasText: 'Submit failed: Service unavailable' }).waitFor();
    await expect.poll(() => focusedName(page)).toBe('Execute Submit()');
    await shot(page, 'daily-audit-09-submit-failed-390');

    // Enter again, with the server back: submitted.
    await page.unroute('**/api/daily/submit', failSubmit);
    await page.keyboard.press('Enter');
    await panel.locator('.daily-result').waitFor({ timeout: 15_000 });
    expect(await panel.locator('.daily-result').textContent()).toContain('10/10');
    expect(pageErrors).toEqual([]);
    await ctx.close();
  });

  it('asks before sending a set with blank answers, and Keep solving goes to the first blank', { timeout: 120_000 }, async () => {
    const ctx = await newContext(suite.browser, suite.app.url, PHONE_390);
    const page = await ctx.newPage();
    const { pageErrors, submits } = watchPage(page);
    await signUp(page, hasty);
    await page.goto('/daily');
    await setCard(page, 'Basic').getByRole('button', { name: 'Start Solving Basic' }).click();
    const panel = page.locator('#daily-open-section');
    const questions = panel.locator('.daily-question');
    await expect.poll(() => questions.count(), { timeout: 15_000 }).toBe(10);
    const texts: string[] = [];
    for (let i = 0; i < 10; i++) texts.push((await questions.nth(i).locator('.daily-question-text').textContent())?.trim() ?? '');

    // Questions 3, 8 and 10 left blank.
    const blanks = [2, 7, 9];
    for (let i = 0; i < 10; i++) if (!blanks.includes(i)) await questions.nth(i).getByRole('textbox').fill(String(solveQuestionText(texts[i]!)));
    const execute = page.getByRole('button', { name: 'Execute Submit()' });
    await execute.click();
    const dialog = page.getByRole('dialog', { name: 'Submit with blank answers?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('3 of 10 answers are blank. Blank answers count as wrong, and a set can be sent once a day.');
    // The safe choice has the focus: a stray Enter must not send the set.
    await expect.poll(() => focusedName(page)).toBe('Keep solving');
    await page.waitForTimeout(300);
    expect(submits).toEqual([]);
    await shot(page, 'daily-audit-10-blank-confirm-390');
    // The screen as the player sees it (a full-page shot shows the modal's backdrop over one screen only).
    await page.screenshot({ path: `${SCREENSHOT_DIR}/daily-audit-10b-blank-confirm-screen-390.png` });
    await page.setViewportSize(DESKTOP);
    await shot(page, 'daily-audit-11-blank-confirm-1280');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/daily-audit-11b-blank-confirm-screen-1280.png` });
    await page.setViewportSize(PHONE_390);

    // Keep solving: the dialog goes, nothing is sent, the focus is on question 3, the first blank.
    await dialog.getByRole('button', { name: 'Keep solving' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => focusedName(page)).toBe('daily-answer-basic-2');
    expect(submits).toEqual([]);
    await page.keyboard.type(String(solveQuestionText(texts[2]!)));

    // Escape is Keep solving too, now at question 8.
    await execute.click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('2 of 10 answers are blank.');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => focusedName(page)).toBe('daily-answer-basic-7');
    expect(submits).toEqual([]);

    // Submit anyway sends the set once, blanks and all; the result takes the focus.
    await execute.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Submit anyway' }).click();
    await panel.locator('.daily-result').waitFor({ timeout: 15_000 });
    expect(submits).toHaveLength(1);
    expect(await dialog.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('daily-result') ?? false)).toBe(true);
    expect(await panel.locator('.daily-result').textContent()).toContain('8/10');
    const review = panel.getByRole('list', { name: 'Answers and explanations' }).getByRole('listitem');
    await expect.poll(() => review.count(), { timeout: 15_000 }).toBe(10);
    expect(await review.nth(7).textContent()).toContain('Blank');
    expect(await review.nth(9).textContent()).toContain('Blank');
    expect(pageErrors).toEqual([]);
    await ctx.close();
  });

  it('keeps an open set and its answers across 00:00 UTC and says the new sets are out', { timeout: 120_000 }, async () => {
    const ctx = await newContext(suite.browser, suite.app.url, PHONE_390);
    const page = await ctx.newPage();
    const { pageErrors } = watchPage(page);
    // The browser's clock runs on as usual until the test moves it to just past midnight.
    await page.clock.install();
    await signUp(page, nightOwl);
    await page.goto('/daily');
    await setCard(page, 'Basic').getByRole('button', { name: 'Start Solving Basic' }).click();
    const panel = page.locator('#daily-open-section');
    const questions = panel.locator('.daily-question');
    await expect.poll(() => questions.count(), { timeout: 15_000 }).toBe(10);
    await questions.nth(0).getByRole('textbox').fill('12');
    await questions.nth(1).getByRole('textbox').fill('7');

    // Midnight UTC: the server's today (stood in for by a rewritten answer, as the real server's day
    // has not turned) becomes tomorrow, and the browser coming back to the tab notices.
    const today = /for (\d{4}-\d{2}-\d{2}) \(UTC\)/.exec((await page.locator('.daily-header').textContent()) ?? '')![1]!;
    const midnight = Date.parse(`${today}T00:00:00Z`) + 86_400_000;
    const tomorrow = new Date(midnight).toISOString().slice(0, 10);
    await page.route('**/api/daily/today', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { date: string; serverTime: string };
      await route.fulfill({ response, json: { ...body, date: tomorrow, serverTime: new Date(midnight + 5_000).toISOString() } });
    });
    await page.clock.setSystemTime(midnight + 5_000);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));

    await expect.poll(() => page.locator('.daily-header').textContent(), { timeout: 15_000 }).toContain(`Today's sets for ${tomorrow} (UTC)`);
    const notice = panel.getByRole('status').filter({ hasText: 'New sets are out' });
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain(
      `New sets are out for ${tomorrow} (UTC). The ${today} set can no longer be submitted, so the answers here will not be scored.`,
    );
    expect(await notice.getByRole('button', { name: "Open today's Basic" }).count()).toBe(1);
    // The old set stays with the answers typed in it; it can no longer be sent.
    expect(await questions.nth(0).getByRole('textbox').inputValue()).toBe('12');
    expect(await questions.nth(1).getByRole('textbox').inputValue()).toBe('7');
    expect(await page.getByRole('button', { name: 'Execute Submit()' }).isDisabled()).toBe(true);
    await shot(page, 'daily-audit-12-new-day-notice-390');
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/daily-audit-12b-new-day-notice-screen-390.png` });
    expect(pageErrors).toEqual([]);
    await ctx.close();
  });
});
