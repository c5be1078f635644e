/**
 * Signing in where the player was going, in a real browser (Debian's Chromium via playwright-core):
 * a signed-out visitor who opens a guarded link (/daily, /contest/<id>/results) is sent to /login and,
 * after signing in by any way (guest, sign-up reached from /login, email and password), lands on the
 * page and query they asked for, never on a path planted in the history state that would leave the
 * site. Also: the sign-up form refuses a password of spaces only next to the field, and the empty
 * global leaderboard says what the board lists. Screens go to SCREENSHOT_DIR at phone width.
 * And the keyboard and screen-reader side of moving between screens: a navigation focuses the new
 * page's heading and announces its title (components/ui/route-announcer), the first load and a
 * hash change do neither, /login and /signup have the skip link, and a toast's close button is a
 * target of at least 24×24 px (WCAG 2.5.8).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newContext, shot } from './support/browser';
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

/** The focused element: tag, id and text, enough to tell a heading, <main> and <body> apart. */
async function focused(page: Page): Promise<{ tag: string; id: string; text: string }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return { tag: active?.tagName ?? '', id: active?.id ?? '', text: active?.textContent?.replace(/\s+/g, ' ').trim() ?? '' };
  });
}

/** What the route announcer's polite live region says now. */
async function announced(page: Page): Promise<string> {
  const region = page.locator('#route-announcer');
  expect(await region.getAttribute('aria-live')).toBe('polite');
  return ((await region.textContent()) ?? '').trim();
}

/** Focus is on the level-one heading `name` (after a navigation) and the announcer says `title`. */
async function expectArrivedAt(page: Page, heading: string | RegExp, title: string): Promise<void> {
  await expect.poll(async () => (await focused(page)).tag).toBe('H1');
  const { text } = await focused(page);
  if (typeof heading === 'string') expect(text).toBe(heading);
  else expect(text).toMatch(heading);
  expect(await announced(page)).toBe(title);
  expect(await page.title()).toBe(`${title} – MathSprint`);
  // The heading is a starting point, not a control: no focus ring on it.
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).toBe('none');
}

/** Uses the skip link by keyboard and expects focus on <main id="main">, which holds the form. */
async function expectSkipLinkToForm(page: Page): Promise<void> {
  const skip = page.getByRole('link', { name: 'Skip to content' });
  expect(await skip.count()).toBe(1);
  await skip.focus();
  // Off-screen until focused, then shown at the top of the viewport.
  const box = (await skip.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused(page)).id).toBe('main');
  expect(await page.evaluate(() => document.activeElement!.tagName)).toBe('MAIN');
  expect(await page.locator('main#main form').count()).toBe(1);
  // The next Tab lands inside the main content, not back in the hero or the skip link.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
}

/**
 * The signed-out toast of a guarded link, at `viewport`: its close button is named, a target of
 * at least 24×24 px, clear of the message, and closes the toast.
 */
async function expectToastCloseTarget(viewport: { width: number; height: number }, shotName: string): Promise<void> {
  const ctx = await newContext(suite.browser, suite.app.url, viewport);
  const page = await ctx.newPage();
  await page.goto('/contest/no-such-contest/results');
  const toast = page.locator('.Toastify__toast', { hasText: 'Please login to view contest results' });
  await toast.waitFor();
  const close = toast.getByRole('button', { name: 'Dismiss notification' });
  await expect.poll(async () => (await close.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(24);
  const box = (await close.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(24);
  // Wait out the toast's entrance animation (not its progress bar, its 5 s timer) before comparing
  // boxes, then hold it open (react-toastify pauses a hovered toast) for the screenshot.
  await toast.evaluate((el) =>
    Promise.allSettled(
      el
        .getAnimations({ subtree: true })
        .filter((a) => !((a.effect as KeyframeEffect | null)?.target as Element | null)?.classList.contains('Toastify__progress-bar'))
        .map((a) => a.finished),
    ),
  );
  await toast.hover();
  const settled = (await close.boundingBox())!;
  const toastBox = (await toast.boundingBox())!;
  expect(settled.x + settled.width).toBeLessThanOrEqual(toastBox.x + toastBox.width);
  expect(settled.y).toBeGreaterThanOrEqual(toastBox.y);
  // The message (react-toastify 11 puts its text straight into the toast) ends left of the button.
  const textRight = await toast.evaluate((el) => {
    const range = document.createRange();
    let right = -Infinity;
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) right = Math.max(right, rect.right);
    }
    return right;
  });
  expect(textRight).toBeGreaterThan(toastBox.x);
  expect(textRight).toBeLessThanOrEqual(settled.x);
  await shot(page, shotName);
  await close.click();
  await toast.waitFor({ state: 'detached' });
  await ctx.close();
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

describe('accounts: keyboard and screen reader', () => {
  it('a navigation focuses the new heading and announces it; the first load and the skip link do not', { timeout: 120_000 }, async () => {
    const page = await phonePage();
    // First load, redirected from a guarded page before the visitor did anything: focus stays at
    // the document's start and nothing is announced, but the document is titled.
    await page.goto('/daily');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Welcome back', level: 1 }).waitFor();
    expect((await focused(page)).tag).toBe('BODY');
    expect(await announced(page)).toBe('');
    expect(await page.title()).toBe('Sign in – MathSprint');

    // The first Tab reaches the skip link, as on the guarded screens; it goes to the form without
    // a new history entry (which would drop the page to return to, checked at the guest sign-in).
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Skip to content');
    await expectSkipLinkToForm(page);
    expect(await announced(page)).toBe('');
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/login');

    // A link to another page: its heading takes focus and its title is said.
    await page.getByRole('link', { name: /create an account/i }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    await expectArrivedAt(page, 'Create your account', 'Create account');
    await expectSkipLinkToForm(page);
    expect(await announced(page)).toBe('Create account');

    // By keyboard too, and back again.
    await page.getByRole('link', { name: 'Sign in' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/login');
    await expectArrivedAt(page, 'Welcome back', 'Sign in');

    // Signing in loads the page asked for afresh (features/accounts/session): a first load again.
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await page.waitForURL((url) => url.pathname === '/daily');
    await page.getByRole('heading', { name: 'Daily Practice', level: 1 }).waitFor();
    expect((await focused(page)).tag).toBe('BODY');
    expect(await announced(page)).toBe('');
    expect(await page.title()).toBe('Daily Practice – MathSprint');

    // A link between guarded pages.
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectArrivedAt(page, /^Hello, /, 'Home');

    // Back to a page of the same history: announced and focused as well.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/daily');
    await expectArrivedAt(page, 'Daily Practice', 'Daily Practice');
    await shot(page, 'accounts-04-daily-heading-focused-phone');
    await page.context().close();
  });

  it('a toast closes from a button of at least 24×24 px, on a phone and on a desktop', { timeout: 120_000 }, async () => {
    await expectToastCloseTarget(PHONE, 'accounts-05-toast-close-phone');
    await expectToastCloseTarget(DESKTOP, 'accounts-06-toast-close-desktop');
  });
});
