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
 * And wrong inputs as a new player makes them: every error sits at its field (aria-invalid,
 * aria-describedby), a blank password is "required", an edited field loses its error, a taken
 * email is said at the email field and a refused password at the password field, each with the
 * cursor put back there (a server error puts it on the submit button); the fields carry the
 * autofill hints password managers read; a token the server refuses lands on /login saying why and
 * signs back in to the page asked for; and a visitor still signed in is told as whom.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newContext, shot } from './support/browser';
import { useAppAndBrowser } from './support/suite';
import { call } from '../../server/test/helpers/http';

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

/** The ids an element's aria-describedby lists. */
async function describedBy(locator: Locator): Promise<string[]> {
  return ((await locator.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
}

/** `field` is marked invalid and described by an element whose text is `message`. */
async function expectFieldError(page: Page, field: Locator, message: string): Promise<void> {
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  const texts = await Promise.all((await describedBy(field)).map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(texts.map((t) => t?.trim())).toContain(message);
}

/** The focused element's name attribute, or its text for a button. */
async function focusedField(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute('name') ?? active?.textContent?.trim() ?? '';
  });
}

describe('accounts: wrong inputs and ended sessions', () => {
  const ann = { name: 'Ann Wrong', email: `ann-wrong-${stamp}@example.com`, password: 'ann-right-password-1' };

  it('the forms give autofill hints and pin each error to its field, from the client and the server', { timeout: 120_000 }, async () => {
    const page = await phonePage();
    await page.goto('/signup');
    const name = page.getByLabel('Full name');
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByLabel('Password', { exact: true });
    // What password managers and phone keyboards read.
    expect(await name.getAttribute('autocomplete')).toBe('name');
    expect(await email.getAttribute('autocomplete')).toBe('email');
    expect(await email.getAttribute('inputmode')).toBe('email');
    expect(await email.getAttribute('autocapitalize')).toBe('none');
    expect(await password.getAttribute('autocomplete')).toBe('new-password');

    // Blank: each field says it is required (the password too, not "at least 8"), the first takes focus.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectFieldError(page, name, 'Full name is required');
    await expectFieldError(page, email, 'Email is required');
    await expectFieldError(page, password, 'Password is required');
    expect(await page.getByText('Password must be at least 8 characters').count()).toBe(0);
    expect(await focusedField(page)).toBe('name');
    // The hints stay described next to the error.
    expect((await describedBy(password)).length).toBe(2);
    await shot(page, 'accounts-07-signup-blank-phone');

    // Editing a field takes its error away; the others stay until the next try.
    await name.fill(ann.name);
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByText('Full name is required').count()).toBe(0);
    await expectFieldError(page, email, 'Email is required');

    await email.fill(ann.email);
    await password.fill(ann.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('#dashboard-greeting').waitFor();
    // The sign-up form's history entry was replaced: Back leaves rather than reopening the form.
    await page.goBack();
    await expect.poll(() => page.url()).not.toContain('/signup');
    await page.context().close();

    // The same email again: said at the email field, with the cursor back in it.
    const again = await phonePage();
    await again.goto('/signup');
    await again.getByLabel('Full name').fill('Ann Again');
    const email2 = again.getByRole('textbox', { name: 'Email' });
    await email2.fill(ann.email);
    await again.getByLabel('Password', { exact: true }).fill('another-password-2');
    await again.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => email2.getAttribute('aria-invalid')).toBe('true');
    await expectFieldError(again, email2, 'An account with this email already exists');
    expect(await focusedField(again)).toBe('email');
    expect(await again.locator('.alert-error').count()).toBe(0);
    await shot(again, 'accounts-08-signup-email-taken-phone');
    await email2.fill(`ann-other-${stamp}@example.com`);
    expect(await email2.getAttribute('aria-invalid')).toBeNull();

    // Login with the wrong password: the alert describes the password field, which has the cursor.
    await again.goto('/login');
    const loginPassword = again.getByLabel('Password', { exact: true });
    expect(await loginPassword.getAttribute('autocomplete')).toBe('current-password');
    // The pair password managers save and fill: the email is the account's username here.
    expect(await again.getByRole('textbox', { name: 'Email' }).getAttribute('autocomplete')).toBe('username');
    await again.getByRole('textbox', { name: 'Email' }).fill(ann.email);
    await loginPassword.fill('not-the-password');
    await again.getByRole('button', { name: 'Sign In' }).click();
    await again.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await expect.poll(() => focusedField(again)).toBe('password');
    await expectFieldError(again, loginPassword, 'Invalid email or password');
    await shot(again, 'accounts-09-login-wrong-password-phone');

    // A server failure has nothing to fix in a field: the fallback text, the cursor on Sign In.
    await again.route('**/login', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 502, contentType: 'text/html', body: 'Bad gateway' }) : route.fallback(),
    );
    await loginPassword.fill(ann.password);
    await again.getByRole('button', { name: 'Sign In' }).click();
    await again.getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();
    await expect.poll(() => focusedField(again)).toBe('Sign In');
    expect(await loginPassword.getAttribute('aria-invalid')).toBeNull();
    await again.unroute('**/login');
    await again.context().close();
  });

  it('a token revoked while a screen is open: the next call of that screen signs the player out saying why', { timeout: 120_000 }, async () => {
    const who = { name: 'Rhea Revoked', email: `rhea-${stamp}@example.com`, password: 'first-password-1' };
    const auth = await call<{ token: string; user: unknown }>(suite.app, 'POST', '/signup', { body: who });
    expect(auth.status).toBe(201);
    const page = await phonePage();
    await page.goto('/login');
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    }, auth.body);
    await page.goto('/daily');
    await page.getByRole('heading', { name: 'Daily Practice', level: 1 }).waitFor();

    // The password is changed elsewhere: this tab's token is revoked while the hub is on screen.
    const changed = await call(suite.app, 'POST', '/api/password', { token: auth.body.token, body: { currentPassword: who.password, newPassword: 'second-password-2' } });
    expect(changed.status).toBe(200);
    // The screen's next call is this click's, unless the hub made a call of its own first: one run of
    // the whole suite saw the button re-rendered away under the click and not back within 30 s (where
    // the page went was not recorded). Either way the player must end on /login, told why; a click
    // that fails while the page is anywhere else fails the test, naming the page.
    await page
      .getByRole('button', { name: 'Start Solving Basic' })
      .click({ timeout: 10_000 })
      .catch((error: unknown) => {
        if (new URL(page.url()).pathname !== '/login') throw new Error(`${String(error)}\n(the page was at ${page.url()})`);
      });
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('alert').filter({ hasText: 'Your session has expired. Please log in again.' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await shot(page, 'accounts-12-revoked-on-screen-phone');

    await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill('second-password-2');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/daily'));
    await page.getByRole('heading', { name: 'Daily Practice', level: 1 }).waitFor();
    await page.context().close();
  });

  it('a token the server refuses lands on /login saying why, and signing in returns to the page', { timeout: 120_000 }, async () => {
    const page = await phonePage();
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('token', 'no-longer-valid');
      localStorage.setItem('user', JSON.stringify({ _id: 'gone', name: 'Ann Wrong', email: null, rating: 1500, rd: 350, isGuest: false }));
    });
    await page.goto('/daily?from=expired');
    await page.waitForURL((url) => url.pathname === '/login');
    const notice = page.getByRole('alert').filter({ hasText: 'Your session has expired. Please log in again.' });
    await notice.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await shot(page, 'accounts-10-session-expired-phone');

    await page.getByRole('textbox', { name: 'Email' }).fill(ann.email);
    await page.getByLabel('Password', { exact: true }).fill(ann.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/daily' && url.search === '?from=expired');
    await page.getByRole('heading', { name: 'Daily Practice', level: 1 }).waitFor();

    // Still signed in, /login says as whom and links home; a guest on /signup hears what sign-up does.
    await page.goto('/login');
    const note = page.locator('.auth-notice');
    expect((await note.textContent())?.trim()).toBe("You're signed in as Ann Wrong. Go to your dashboard");
    expect(await page.getByRole('alert').filter({ hasText: 'session has expired' }).count()).toBe(0);
    await page.context().close();

    // On the shortest phone, where 'Continue as guest' is below the fold: the dashboard still opens
    // at its top, not as far down as the form was scrolled.
    const guest = await (await newContext(suite.browser, suite.app.url, { width: 375, height: 667 })).newPage();
    await guest.goto('/login');
    await guest.getByRole('button', { name: 'Continue as guest' }).click();
    await guest.waitForURL((url) => url.pathname === '/');
    await guest.locator('#dashboard-greeting').waitFor();
    await guest.waitForTimeout(300);
    expect(await guest.evaluate(() => window.scrollY)).toBe(0);
    await guest.getByRole('banner').getByRole('link', { name: 'Create account' }).click();
    await guest.waitForURL((url) => url.pathname === '/signup');
    await expect.poll(async () => (await guest.locator('.auth-notice').textContent())?.trim()).toMatch(
      /^You're playing as Guest-\w{4}\. Signing up turns this guest into your account: the games you played come with you\. Keep playing as a guest$/,
    );
    await shot(guest, 'accounts-11-guest-on-signup-phone');
    await guest.getByRole('link', { name: 'Keep playing as a guest' }).click();
    await guest.waitForURL((url) => url.pathname === '/');
    // Signing up from the guest turns it into the account: the same player id, the new name.
    const storedId = () => guest.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { _id?: string })._id);
    const guestId = await storedId();
    expect(guestId).toEqual(expect.any(String));
    await guest.getByRole('banner').getByRole('link', { name: 'Create account' }).click();
    await guest.waitForURL((url) => url.pathname === '/signup');
    await guest.getByLabel('Full name').fill('Gail Convert');
    await guest.getByRole('textbox', { name: 'Email' }).fill(`gail-${stamp}@example.com`);
    await guest.getByLabel('Password', { exact: true }).fill('kept-my-games-1');
    await guest.getByRole('button', { name: 'Create Account' }).click();
    await guest.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await guest.locator('#dashboard-greeting').textContent()) ?? '').toBe('Hello, Gail!');
    expect(await storedId()).toBe(guestId);
    expect(await guest.getByRole('banner').getByRole('link', { name: 'Create account' }).count()).toBe(0);
    await guest.context().close();

    // Logout from far down the dashboard: /login opens at its heading.
    const leaving = await (await newContext(suite.browser, suite.app.url, { width: 375, height: 667 })).newPage();
    await leaving.goto('/login');
    await leaving.getByRole('textbox', { name: 'Email' }).fill(ann.email);
    await leaving.getByLabel('Password', { exact: true }).fill(ann.password);
    await leaving.getByRole('button', { name: 'Sign In' }).click();
    await leaving.waitForURL((url) => url.pathname === '/');
    await leaving.locator('#dashboard-greeting').waitFor();
    await leaving.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => leaving.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await leaving.getByRole('button', { name: 'Logout' }).click();
    await leaving.waitForURL((url) => url.pathname === '/login');
    await leaving.getByRole('heading', { name: 'Welcome back', level: 1 }).waitFor();
    await leaving.waitForTimeout(300);
    expect(await leaving.evaluate(() => window.scrollY)).toBe(0);
    expect(await leaving.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await leaving.context().close();
  });
});
