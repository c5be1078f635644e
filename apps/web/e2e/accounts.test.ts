/**
 * Signing in where the player was going, in a real browser (Debian's Chromium via playwright-core):
 * a signed-out visitor who opens a guarded link (/daily, /contest/<id>/results) is sent to /login and,
 * after signing in by any way (guest, sign-up reached from /login, email and password), lands on the
 * page and query they asked for, never on a path planted in the history state that would leave the
 * site. Also: the sign-up form refuses a password of spaces only next to the field, and the empty
 * global leaderboard says what the board lists. Screens go to SCREENSHOT_DIR at phone width.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, shot } from './support/browser';
import { useAppAndBrowser } from './support/suite';

const suite = useAppAndBrowser();

/** The phone width of the UX audit (390 px). */
const PHONE = { width: 390, height: 844 } as const;

const stamp = Date.now().toString(36);
const eve = { name: 'Eve Returner', email: `eve-return-${stamp}@example.com`, password: 'come-back-later-1' };

async function phonePage(): Promise<Page> {
  const ctx = await newContext(suite.browser, suite.app.url, PHONE);
  return ctx.newPage();
}

describe('accounts: back to the page asked for', () => {
  it('a guest who opened contest results signed out lands on them; the empty board says who it lists', { timeout: 120_000 }, async () => {
    const page = await phonePage();
    await page.goto('/contest/no-such-contest/results?tab=answers');
    await page.waitForURL((url) => url.pathname === '/login');
    // The route's signed-out toast, at the bottom of a phone screen.
    const toast = page.locator('.Toastify__toast', { hasText: 'Please login to view contest results' });
    await toast.waitFor();
    // Once its entrance animation (which starts far below the screen) has brought it into view.
    await expect.poll(async () => {
      const box = await toast.boundingBox();
      return box ? box.y + box.height : Infinity;
    }).toBeLessThanOrEqual(PHONE.height);
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThan(PHONE.height / 2);
    await shot(page, 'accounts-01-login-from-contest-toast-phone');

    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await page.waitForURL((url) => url.pathname === '/contest/no-such-contest/results' && url.search === '?tab=answers');

    // No account has signed up yet on this server: the board is empty and says what it lists.
    await page.goto('/');
    const board = page.getByRole('region', { name: 'Global leaderboard' });
    await board.getByText('No players on the board yet').waitFor({ timeout: 15_000 });
    expect(await board.textContent()).toContain('Every account is listed here by rating, starting at 1500.');
    expect(await board.textContent()).not.toContain('rated Math Challenge');
    await board.scrollIntoViewIfNeeded();
    await shot(page, 'accounts-02-home-empty-board-phone');
    await page.context().close();
  });

  it('sign-up reached from /login returns to /daily, and so does a later email sign-in with its query', { timeout: 120_000 }, async () => {
    const page = await phonePage();
    await page.goto('/daily');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('link', { name: /create an account/i }).click();
    await page.waitForURL((url) => url.pathname === '/signup');

    // A password of spaces only is refused next to the field, before anything is sent.
    const signups: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/signup' && r.method() === 'POST') signups.push(r.url());
    });
    await page.getByLabel('Full name').fill(eve.name);
    await page.getByRole('textbox', { name: 'Email' }).fill(eve.email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(' '.repeat(9));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText("Password can't be only spaces").waitFor();
    expect(await page.getByText('Password is required').count()).toBe(0);
    expect(signups).toEqual([]);
    await shot(page, 'accounts-03-signup-spaces-phone');

    await password.fill(eve.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/daily');
    await page.getByRole('heading', { name: 'Daily Practice', level: 1 }).waitFor();
    await page.context().close();

    // Another browser, signed out, follows a link with a query and signs in by email.
    const again = await phonePage();
    await again.goto('/daily?from=mail');
    await again.waitForURL((url) => url.pathname === '/login');
    // History state survives a reload of /login.
    await again.reload();
    await again.getByRole('textbox', { name: 'Email' }).fill(eve.email);
    await again.getByLabel('Password', { exact: true }).fill(eve.password);
    await again.getByRole('button', { name: 'Sign In' }).click();
    await again.waitForURL((url) => url.pathname === '/daily' && url.search === '?from=mail');
    await again.getByRole('heading', { name: 'Daily Practice', level: 1 }).waitFor();
    await again.context().close();
  });

  it('never follows a path that would leave the site, and goes home when nothing was asked for', { timeout: 120_000 }, async () => {
    /** Opens /login with `from` planted where SessionGuard writes it (React Router keeps state under `usr`). */
    async function loginWithPlantedFrom(from: string): Promise<Page> {
      const page = await phonePage();
      await page.goto('/login');
      await page.evaluate((value) => window.history.replaceState({ usr: { from: value }, key: 'planted', idx: 0 }, '', '/login'), from);
      await page.reload();
      await page.getByRole('textbox', { name: 'Email' }).waitFor();
      return page;
    }
    // The control: a planted same-origin path is followed, so the state is read from where it is put.
    const control = await loginWithPlantedFrom('/daily?planted=1');
    await control.getByRole('textbox', { name: 'Email' }).fill(eve.email);
    await control.getByLabel('Password', { exact: true }).fill(eve.password);
    await control.getByRole('button', { name: 'Sign In' }).click();
    await control.waitForURL((url) => url.pathname === '/daily' && url.search === '?planted=1');
    await control.context().close();

    // Another host is not: the player goes home.
    const page = await loginWithPlantedFrom('//evil.example/daily');
    await page.getByRole('textbox', { name: 'Email' }).fill(eve.email);
    await page.getByLabel('Password', { exact: true }).fill(eve.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).origin).toBe(suite.app.url.replace(/\/$/, ''));
    await page.locator('#dashboard-greeting').waitFor();
    await page.context().close();
  });
});
