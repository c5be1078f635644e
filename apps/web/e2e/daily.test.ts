/**
 * Issue #4's user story in a real browser (Debian's Chromium via playwright-core), two browser
 * contexts: a new user opens /daily, sees today's four sets with the locked ones marked with their
 * unlock ratings, opens the basic set, answers it, presses 'Execute Submit()', gets practice points
 * and a badge toast (answers typed before leaving the set and coming back are still there, and the
 * error toast of a refused try goes once the submit succeeds), finds themselves in the daily
 * rankings and the season leaderboard, sees today
 * solved in the streak calendar and the streak at 1 on the home dashboard (whose daily card first
 * invites a start, then says the streak is safe for today); B's discussion opens only once B has
 * submitted the set (issue #47); A posts a comment that
 * appears live in a second signed-in browser, where a vote on it shows up live in the first; a
 * comment holding markup is shown as text and runs nothing. Guests are invited to create an account
 * and call no daily endpoint. Every screen is saved at phone and desktop widths under SCREENSHOT_DIR
 * (default artifacts/screenshots).
 */
import { solveQuestionText } from '@mathsprint/shared/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, SCREENSHOT_DIR, shot } from './support/browser';
import { continueAsGuest } from './support/accounts';
import { useAppAndBrowser } from './support/suite';
import { call } from '../../server/test/helpers/http';

// The season test signs a dozen players up from one address.
const suite = useAppAndBrowser({ SIGNUP_RATE_LIMIT: '100' });

/** The widths of the daily screens' review (issue #4 screenshots). */
const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1366, height: 900 } as const;

const stamp = Date.now().toString(36);
const ada = { name: 'Ada Lovelace', email: `ada-daily-${stamp}@example.com`, password: 'analytical-engine-1' };
const bob = { name: 'Bob Builder', email: `bob-daily-${stamp}@example.com`, password: 'can-we-fix-it-2' };
const XSS = '<img src=x onerror="window.__xss=1"> <b>bold?</b>';

async function signUp(page: Page, who: typeof ada): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => page.locator('#dashboard-greeting').textContent()).toContain(`Hello, ${who.name.split(' ')[0]}!`);
}

/** A full-page screenshot at the page's width, then the other width too; the viewport is restored. */
async function shotBoth(page: Page, name: string, current: 'desktop' | 'phone'): Promise<void> {
  await page.waitForTimeout(250);
  await shot(page, `${name}-${current}`);
  const other = current === 'desktop' ? PHONE : DESKTOP;
  await page.setViewportSize(other);
  await page.waitForTimeout(350);
  await shot(page, `${name}-${current === 'desktop' ? 'phone' : 'desktop'}`);
  await page.setViewportSize(current === 'desktop' ? DESKTOP : PHONE);
  await page.waitForTimeout(150);
}

function setCard(page: Page, title: string) {
  return page.getByRole('list', { name: "Today's problem sets" }).getByRole('listitem', { name: `${title} set` });
}

function commentList(page: Page) {
  return page.getByRole('list', { name: 'Comments on Basic' });
}

describe('user story: daily practice hub', () => {
  it('solves the basic set, climbs the boards, keeps a streak and discusses it live', { timeout: 300_000 }, async () => {
    const ctxA = await newContext(suite.browser, suite.app.url, DESKTOP);
    const ctxB = await newContext(suite.browser, suite.app.url, PHONE);
    const pageA = await ctxA.newPage();
    const pageB = await ctxB.newPage();
    const alerts: string[] = [];
    const pageErrors: string[] = [];
    for (const p of [pageA, pageB]) {
      p.on('dialog', (d) => void (alerts.push(d.message()), d.dismiss()));
      p.on('pageerror', (e) => pageErrors.push(e.message));
    }

    await signUp(pageA, ada);
    await signUp(pageB, bob);

    // Home: the daily card shows 3 sample problems of the first unlocked set; the streak is 0.
    const dailyCard = pageA.getByRole('region', { name: 'Daily Practice' });
    await expect.poll(() => dailyCard.locator('.daily-card-problem').count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => pageA.getByRole('button', { name: 'Basic', pressed: true }).count()).toBe(1);
    expect(await pageA.getByRole('button', { name: /Intermediate/ }).isDisabled()).toBe(true);
    await pageA.getByRole('link', { name: 'Daily streak 0 days' }).waitFor();
    // A new player is invited to start a streak.
    await dailyCard.getByText('Solve a set today to start a streak.').waitFor();
    await shotBoth(pageA, 'daily-01-home-before', 'desktop');

    // The hub: four sets, the three above basic locked with their unlock ratings.
    await dailyCard.getByRole('link', { name: 'Open daily practice' }).click();
    await pageA.waitForURL('**/daily');
    await pageA.getByRole('heading', { name: 'Daily Practice', level: 1 }).waitFor();
    await expect.poll(() => pageA.getByRole('list', { name: "Today's problem sets" }).getByRole('listitem').count(), { timeout: 15_000 }).toBe(4);
    for (const [title, rating] of [
      ['Intermediate', 1600],
      ['Advanced', 1800],
      ['Expert', 1900],
    ] as const) {
      await expect.poll(() => setCard(pageA, title).textContent()).toContain(`Locked · Unlocks at rating ${rating}`);
      expect(await setCard(pageA, title).getByRole('button', { name: `Start Solving ${title}` }).isDisabled()).toBe(true);
    }
    await expect.poll(() => setCard(pageA, 'Expert').textContent()).toContain('Mixed');
    await expect.poll(() => setCard(pageA, 'Basic').textContent()).toContain('Available');
    await expect.poll(() => pageA.getByLabel('Rating 1500, deviation 350').count()).toBe(1);
    await expect.poll(() => pageA.getByLabel('Streak 0 days').count()).toBe(1);
    await expect.poll(() => pageA.locator('.daily-season').textContent()).toMatch(/days? to next season|Next season starts soon/);
    await shotBoth(pageA, 'daily-02-hub', 'desktop');

    // A locked set's rankings can be read without opening it.
    await setCard(pageA, 'Advanced').getByRole('button', { name: 'Daily rankings for Advanced' }).click();
    // Read, not invited: a locked set's empty rankings do not say "Be the first!".
    await pageA.getByText('Nobody has submitted this set today yet.', { exact: true }).waitFor();
    await shotBoth(pageA, 'daily-03-rankings-locked', 'desktop');

    // Open basic and answer every question.
    await setCard(pageA, 'Basic').getByRole('button', { name: 'Start Solving Basic' }).click();
    const panel = pageA.locator('#daily-open-section');
    const questions = panel.locator('.daily-question');
    await expect.poll(() => questions.count(), { timeout: 15_000 }).toBe(10);
    const solutions: string[] = [];
    for (let i = 0; i < 10; i++) {
      const text = (await questions.nth(i).locator('.daily-question-text').textContent())?.trim() ?? '';
      solutions.push(String(solveQuestionText(text)));
    }
    // Five answers, then the player leaves the set: the server's clock runs on, the answers wait.
    for (let i = 0; i < 5; i++) await questions.nth(i).getByRole('textbox').fill(solutions[i]!);
    await pageA.getByRole('link', { name: 'Back to home' }).click();
    await pageA.waitForURL((url) => url.pathname === '/');
    await pageA.goto('/daily');
    await setCard(pageA, 'Basic').getByRole('button', { name: 'Start Solving Basic' }).click();
    await expect.poll(() => questions.count(), { timeout: 15_000 }).toBe(10);
    for (let i = 0; i < 10; i++) expect(await questions.nth(i).getByRole('textbox').inputValue()).toBe(i < 5 ? solutions[i] : '');
    for (let i = 5; i < 10; i++) await questions.nth(i).getByRole('textbox').fill(solutions[i]!);
    await shotBoth(pageA, 'daily-04-section-answered', 'desktop');

    // A letter in question 7 is refused with an error toast; fixed and submitted, the error goes.
    await questions.nth(6).getByRole('textbox').fill('abc');
    await pageA.getByRole('button', { name: 'Execute Submit()' }).click();
    const numbersError = pageA.locator('.Toastify__toast', { hasText: 'Answers must be numbers: check question 7.' });
    await numbersError.waitFor();
    await questions.nth(6).getByRole('textbox').fill(solutions[6]!);
    await pageA.getByRole('button', { name: 'Execute Submit()' }).click();
    await pageA.getByText(/^\+\d+ practice points · 10\/10 correct$/).waitFor();
    await pageA.getByText('New badges!').waitFor();
    await pageA.locator('.daily-badge-chip', { hasText: 'First Solve' }).waitFor();
    await pageA.locator('.daily-badge-chip', { hasText: 'Perfect Set' }).waitFor();
    const points = Number((await panel.locator('.daily-result-value').textContent())?.trim());
    expect(points).toBeGreaterThanOrEqual(100);
    await expect.poll(() => panel.getByRole('list', { name: 'Answers and explanations' }).getByRole('listitem').count()).toBe(10);
    await expect.poll(() => numbersError.count()).toBe(0);
    // Top-right toasts open below the sticky header, not over its Logout.
    const headerBottom = (await pageA.locator('.topbar').boundingBox())!;
    const firstToast = (await pageA.locator('.Toastify__toast').first().boundingBox())!;
    expect(firstToast.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
    await shot(pageA, 'daily-05-submitted-toasts-desktop');
    // The set is submitted: its answers draft is gone.
    expect(await pageA.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('dailyDraft:')))).toEqual([]);

    // Daily rankings and the season leaderboard, both with A marked.
    const rankings = panel.getByRole('table', { name: 'Daily rankings, Basic' });
    await expect.poll(() => rankings.getByRole('row', { name: /Ada Lovelace \(You\)/ }).count(), { timeout: 10_000 }).toBe(1);
    expect(await rankings.getByRole('row', { name: /Ada Lovelace/ }).textContent()).toContain(String(points));
    const podium = pageA.getByRole('list', { name: 'Season podium' });
    await expect.poll(() => podium.getByText('Ada Lovelace').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => setCard(pageA, 'Basic').textContent()).toContain(`Solved · ${points} practice points`);
    await expect.poll(() => pageA.getByLabel('Streak 1 day').count()).toBe(1);

    // The streak calendar marks today solved; selecting it fills the day analysis panel.
    const todayCell = pageA.getByRole('button', { name: /: today, solved$/ });
    await todayCell.scrollIntoViewIfNeeded();
    await todayCell.click();
    const analysis = pageA.getByRole('region', { name: 'Day analysis' });
    await expect.poll(() => analysis.locator('.daily-analysis-stat--solved dd').textContent()).toBe('1');
    await expect.poll(() => analysis.textContent()).toContain('streak 1 day');
    await shotBoth(pageA, 'daily-06-after-submit', 'desktop');
    // All: every day of the year; today is the one solved day, and no other is missed: the earlier
    // ones are before the account was made, the later ones still to come (both out of range).
    await pageA.getByRole('button', { name: 'All', exact: true }).click();
    await expect.poll(() => analysis.locator('.daily-analysis-stat--solved dd').textContent()).toBe('1');
    expect(await analysis.locator('.daily-analysis-detail').textContent()).toBe('1 set solved on the selected days');
    const year = new Date().getUTCFullYear();
    const daysInYear = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;
    expect(await analysis.locator('.daily-analysis-stat--missed dd').textContent()).toBe('0');
    expect(await analysis.locator('.daily-analysis-stat--out dd').textContent()).toBe(String(daysInYear - 1));
    expect(await pageA.getByRole('button', { name: /: before you joined$/ }).count()).toBeGreaterThan(0);
    expect(await pageA.getByRole('button', { name: /: missed$/ }).count()).toBe(0);
    await pageA.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => analysis.count()).toBe(0);

    // On a phone the calendar shows one month, today's, with cells large enough to tap, and steps
    // through the months with its buttons.
    await pageB.goto('/daily');
    const monthLabel = (ms: number) => new Date(ms).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const now = new Date();
    const shownMonth = pageB.locator('.daily-month-nav-name');
    await expect.poll(() => shownMonth.textContent()).toBe(monthLabel(now.getTime()));
    const todayB = pageB.getByRole('button', { name: /: today$/ });
    expect(await todayB.isVisible()).toBe(true);
    expect((await todayB.boundingBox())!.width).toBeGreaterThanOrEqual(40);
    expect(await pageB.locator('.daily-month:visible').count()).toBe(1);
    await pageB.getByRole('button', { name: 'Previous month' }).click();
    await expect.poll(() => shownMonth.textContent()).toBe(monthLabel(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
    await pageB.getByRole('button', { name: 'Next month' }).click();
    await expect.poll(() => shownMonth.textContent()).toBe(monthLabel(now.getTime()));
    await shot(pageB, 'daily-06b-calendar-phone');

    // B opens the basic set on a phone: its discussion waits for B's submission (issue #47), which
    // B sends blank (no points, so the boards below keep their order), and then opens.
    await setCard(pageB, 'Basic').getByRole('button', { name: 'Start Solving Basic' }).click();
    await pageB.locator('#daily-open-section .daily-discussion-locked').getByText('Submit this set to read and join its discussion.').waitFor({ timeout: 15_000 });
    expect(await pageB.getByLabel('Comment on Basic').count()).toBe(0);
    await pageB.getByRole('button', { name: 'Execute Submit()' }).click();
    await pageB.getByRole('dialog').getByRole('button', { name: 'Submit anyway' }).click();
    await pageB.getByText('No comments yet. Start the discussion!').waitFor({ timeout: 15_000 });

    // On a phone a toast sits at the bottom, clear of the header's logo and Logout.
    await pageB.getByLabel('Comment on Basic').press('Control+Enter');
    const phoneToast = pageB.locator('.Toastify__toast', { hasText: "Comment can't be empty." });
    await phoneToast.waitFor();
    const phoneHeader = (await pageB.locator('.topbar').boundingBox())!;
    // Once its entrance animation (which starts far below the screen) has brought it into view.
    await expect.poll(async () => {
      const box = await phoneToast.boundingBox();
      return box ? box.y + box.height : Infinity;
    }).toBeLessThanOrEqual(PHONE.height);
    const phoneToastBox = (await phoneToast.boundingBox())!;
    expect(phoneToastBox.y).toBeGreaterThan(phoneHeader.y + phoneHeader.height);
    await pageB.screenshot({ path: `${SCREENSHOT_DIR}/daily-07a-toast-phone-viewport.png` });
    await shot(pageB, 'daily-07a-toast-phone');

    // A posts with Ctrl+Enter; it appears live for B.
    const boxA = pageA.getByLabel('Comment on Basic');
    await boxA.fill('Nice set! Tip: 7 × 8 = 56, then add the rest.');
    await boxA.press('Control+Enter');
    await expect.poll(() => commentList(pageA).getByRole('listitem').count()).toBe(1);
    await expect.poll(() => commentList(pageB).getByText('Nice set! Tip: 7 × 8 = 56, then add the rest.').count(), { timeout: 10_000 }).toBe(1);

    // B upvotes; A sees it live. Upvoting again removes the vote, downvoting switches it.
    await commentList(pageB).getByRole('button', { name: 'Upvote, 0' }).click();
    await expect.poll(() => commentList(pageA).getByRole('button', { name: 'Upvote, 1' }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => commentList(pageB).getByRole('button', { name: 'Upvote, 1', pressed: true }).count()).toBe(1);
    await shot(pageB, 'daily-07-discussion-voted-phone');
    await commentList(pageB).getByRole('button', { name: 'Upvote, 1' }).click();
    await expect.poll(() => commentList(pageA).getByRole('button', { name: 'Upvote, 0' }).count(), { timeout: 10_000 }).toBe(1);
    await commentList(pageB).getByRole('button', { name: 'Downvote, 0' }).click();
    await expect.poll(() => commentList(pageA).getByRole('button', { name: 'Downvote, 1' }).count(), { timeout: 10_000 }).toBe(1);
    await commentList(pageB).getByRole('button', { name: 'Upvote, 0' }).click();
    await expect.poll(() => commentList(pageA).getByRole('button', { name: 'Upvote, 1' }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => commentList(pageA).getByRole('button', { name: 'Downvote, 0' }).count()).toBe(1);

    // Markup is shown as text and runs nothing, in both browsers.
    await boxA.fill(XSS);
    await pageA.getByRole('button', { name: 'Post comment' }).click();
    for (const page of [pageA, pageB]) {
      await expect.poll(() => commentList(page).getByText(XSS, { exact: true }).count(), { timeout: 10_000 }).toBe(1);
      expect(await commentList(page).locator('img, b').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    }

    // The counter warns above 450 characters; an empty comment is refused on the client.
    await boxA.fill('x'.repeat(451));
    await expect.poll(() => pageA.locator('.daily-counter.is-warn').textContent()).toContain('451/500');
    await boxA.fill('   ');
    await boxA.press('Control+Enter');
    await pageA.getByText("Comment can't be empty.").first().waitFor();
    await boxA.fill('');
    await pageA.locator('#daily-open-section .daily-discussion').scrollIntoViewIfNeeded();
    await shotBoth(pageA, 'daily-08-discussion', 'desktop');
    await pageB.locator('#daily-open-section .daily-discussion').scrollIntoViewIfNeeded();
    await shot(pageB, 'daily-08-discussion-live-phone');

    // Home: the streak reads 1 and the daily card's top 3 holds A.
    await pageA.getByRole('link', { name: 'Back to home' }).click();
    await pageA.waitForURL((url) => url.pathname === '/');
    await pageA.getByRole('link', { name: 'Daily streak 1 day' }).waitFor({ timeout: 10_000 });
    await pageA.getByRole('region', { name: 'Daily Practice' }).getByText('Streak safe for today: 1 day. See you tomorrow!').waitFor();
    await expect.poll(() => pageA.getByRole('list', { name: 'Daily top 3' }).getByText('Ada Lovelace').count(), { timeout: 10_000 }).toBe(1);
    await shotBoth(pageA, 'daily-09-home-after', 'desktop');

    expect(alerts).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('shows the season podium, ranks 4–10 and the own row of a player outside the top 10', { timeout: 120_000 }, async () => {
    // Ten more players solve basic over HTTP with 10 down to 2 correct answers; then Cy with 1 correct
    // lands outside the top 10 (Ada already holds 10 correct) and sees their own row.
    const players = Array.from({ length: 10 }, (_, i) => ({ name: `Season Player ${String(i + 1).padStart(2, '0')}`, correct: Math.max(2, 10 - i) }));
    const cy = { name: 'Cy Twelfth', email: `cy-daily-${stamp}@example.com`, password: 'twelfth-place-3' };
    async function solveOverHttp(who: { name: string; email: string; password: string }, correct: number): Promise<{ token: string; user: unknown }> {
      const signup = await call<{ token: string; user: unknown }>(suite.app, 'POST', '/signup', { body: { name: who.name, email: who.email, password: who.password } });
      expect(signup.status).toBeLessThan(300);
      const { token } = signup.body;
      const today = (await call<{ date: string }>(suite.app, 'GET', '/api/daily/today', { token })).body;
      const section = (await call<{ questions: string[] }>(suite.app, 'GET', `/api/daily/section/${today.date}/basic`, { token })).body;
      const answers = section.questions.map((q, i) => ({ answer: i < correct ? solveQuestionText(q) : null, timeMs: 1000 }));
      const submit = await call(suite.app, 'POST', '/api/daily/submit', { token, body: { date: today.date, sectionKey: 'basic', answers } });
      expect(submit.status).toBe(200);
      return signup.body;
    }
    for (const [i, p] of players.entries()) await solveOverHttp({ name: p.name, email: `season-${i}-${stamp}@example.com`, password: 'season-player-1' }, p.correct);
    const auth = await solveOverHttp(cy, 1);

    const ctx = await newContext(suite.browser, suite.app.url, DESKTOP);
    await ctx.addInitScript(
      ([token, user]) => {
        if (!localStorage.getItem('token')) {
          localStorage.setItem('token', token);
          localStorage.setItem('user', user);
        }
      },
      [auth.token, JSON.stringify(auth.user)] as const,
    );
    const page = await ctx.newPage();
    await page.goto('/daily');
    const season = page.getByRole('region', { name: 'Season leaderboard' });
    await expect.poll(() => season.getByRole('list', { name: 'Season podium' }).getByRole('listitem').count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => season.getByRole('table', { name: 'Season ranks 4 to 10' }).locator('tbody tr').count()).toBe(7);
    const own = season.getByLabel('Your season row');
    await expect.poll(() => own.textContent()).toContain('Cy Twelfth');
    expect(await own.locator('.daily-rank').textContent()).toBe('12');
    await season.scrollIntoViewIfNeeded();
    await shotBoth(page, 'daily-12-season-full', 'desktop');
    await ctx.close();
  });

  it('invites guests to create an account instead of calling the daily API', { timeout: 120_000 }, async () => {
    const ctx = await newContext(suite.browser, suite.app.url, PHONE);
    const page = await ctx.newPage();
    const dailyCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/daily/')) dailyCalls.push(r.url());
    });
    await continueAsGuest(page);
    const card = page.getByRole('region', { name: 'Daily Practice' });
    await card.getByRole('link', { name: 'Create account' }).waitFor();
    // Spec §6: the streak is fetched only when signed in; guests get no figure.
    expect(await page.getByRole('link', { name: /^Daily streak/ }).count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await shotBoth(page, 'daily-10-home-guest', 'phone');
    await page.goto('/daily');
    await page.getByRole('heading', { name: 'Create an account to practise daily' }).waitFor();
    await shotBoth(page, 'daily-11-hub-guest', 'phone');
    expect(dailyCalls).toEqual([]);
    await ctx.close();
  });
});
