/**
 * Changing the password from the header, in a real browser (Debian's Chromium via playwright-core;
 * issue #2's POST /api/password): a signed-up player reaches 'Change password' by keyboard, the
 * dialog takes focus, Escape closes it and gives focus back to the opener; a wrong current password
 * is said at that field with the cursor put back there, a confirmation that does not match is
 * refused before anything is sent; the change keeps this tab signed in with the fresh token (after
 * a reload too, and on the socket), the old token is refused by the server, and only the new
 * password signs in. On a phone the entry is the key icon alone and fits the header; guests have none.
 * Screens go to SCREENSHOT_DIR and pass the accessibility check (support/browser `shot`).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { continueAsGuest, signUp } from './support/accounts';
import { DESKTOP, newContext, shot } from './support/browser';
import { useAppAndBrowser } from './support/suite';
import { call } from '../../server/test/helpers/http';

const suite = useAppAndBrowser();

/** The phone width of the UX audit (390 px). */
const PHONE = { width: 390, height: 844 } as const;

const stamp = Date.now().toString(36);
const CHANGED = 'Password changed. Other devices were signed out.';

/** The focused element's name attribute, or its text for a button. */
async function focusedField(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute('name') ?? active?.textContent?.trim() ?? '';
  });
}

/** `field` is marked invalid and described by an element whose text is `message`. */
async function expectFieldError(page: Page, field: Locator, message: string): Promise<void> {
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(texts.map((t) => t?.trim())).toContain(message);
}

/** Presses Tab until the header's 'Change password' button has focus (at most 30 times). */
async function tabToChangePassword(page: Page): Promise<void> {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const onIt = await page.evaluate(() => document.activeElement?.classList.contains('change-password-open') ?? false);
    if (onIt) return;
  }
  throw new Error('Tab never reached the Change password button');
}

/** GET /api/me with `token`, from outside the browser: the HTTP status. */
async function meStatus(token: string): Promise<number> {
  return (await call(suite.app, 'GET', '/api/me', { token })).status;
}

/** POST /login from outside the browser: the HTTP status. */
async function loginStatus(email: string, password: string): Promise<number> {
  return (await call(suite.app, 'POST', '/login', { body: { email, password } })).status;
}

describe('change password', () => {
  const ada = { name: 'Ada Keyholder', email: `ada-key-${stamp}@example.com`, password: 'first-secret-1' };
  const NEW_PASSWORD = 'second-secret-2';

  it('by keyboard from the header: errors at their fields, then a fresh session here and none elsewhere', { timeout: 120_000 }, async () => {
    const ctx = await newContext(suite.browser, suite.app.url, DESKTOP);
    const page = await ctx.newPage();
    // Every handshake frame the page's sockets send ('40' + auth JSON carries the token).
    const handshakes: string[] = [];
    page.on('websocket', (ws) => {
      ws.on('framesent', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40')) handshakes.push(payload);
      });
    });
    const passwordCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/password') passwordCalls.push(request.method());
    });

    await signUp(page, ada);
    const oldToken = (await page.evaluate(() => localStorage.getItem('token')))!;
    expect(oldToken).toBeTruthy();
    expect(await meStatus(oldToken)).toBe(200);

    // Reached by Tab, opened by Enter; the dialog is named and its first field takes the cursor.
    await tabToChangePassword(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => (el as HTMLDialogElement).open && el.matches(':modal'))).toBe(true);
    expect(await focusedField(page)).toBe('currentPassword');
    const current = dialog.getByLabel('Current password', { exact: true });
    const fresh = dialog.getByLabel('New password', { exact: true });
    const confirm = dialog.getByLabel('Confirm new password', { exact: true });
    // What password managers read.
    expect(await current.getAttribute('autocomplete')).toBe('current-password');
    expect(await fresh.getAttribute('autocomplete')).toBe('new-password');
    expect(await confirm.getAttribute('autocomplete')).toBe('new-password');
    expect(await dialog.locator('input[autocomplete="username"]').inputValue()).toBe(ada.email);
    await shot(page, 'change-password-01-empty-desktop');

    // Escape closes it and puts focus back on the opener; the next opening starts empty.
    await current.fill('typed then abandoned');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('change-password-open'))).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await current.inputValue()).toBe('');

    // Show/hide, as on the sign-in form.
    expect(await current.getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Show current password' }).click();
    expect(await current.getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: 'Hide current password' }).click();
    expect(await current.getAttribute('type')).toBe('password');

    // Blank: each field says so, the first takes the cursor, nothing is sent.
    await current.focus();
    await page.keyboard.press('Enter');
    await expectFieldError(page, current, 'Current password is required');
    await expectFieldError(page, fresh, 'New password is required');
    await expectFieldError(page, confirm, 'Please confirm your new password');
    expect(await focusedField(page)).toBe('currentPassword');

    // A confirmation that does not match: said there, cursor there, still nothing sent.
    await current.fill(ada.password);
    await fresh.fill(NEW_PASSWORD);
    await confirm.fill(`${NEW_PASSWORD}x`);
    await page.keyboard.press('Enter');
    await expectFieldError(page, confirm, 'Passwords do not match');
    expect(await focusedField(page)).toBe('confirmPassword');
    expect(await current.getAttribute('aria-invalid')).toBeNull();
    expect(passwordCalls).toEqual([]);

    // A wrong current password: the server's text at that field, the cursor back in it.
    await current.fill('not-my-password');
    await confirm.fill(NEW_PASSWORD);
    await page.keyboard.press('Enter');
    await expect.poll(() => current.getAttribute('aria-invalid')).toBe('true');
    await expectFieldError(page, current, 'Current password is incorrect');
    await expect.poll(() => focusedField(page)).toBe('currentPassword');
    expect(await fresh.getAttribute('aria-invalid')).toBeNull();
    expect(passwordCalls).toEqual(['POST']);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(oldToken);
    await shot(page, 'change-password-02-wrong-current-desktop');
    // Editing the field clears its error.
    await page.keyboard.type(ada.password);
    expect(await current.getAttribute('aria-invalid')).toBeNull();

    // The change: toast, dialog gone, focus on the opener, still signed in here with a new token.
    const handshakesBefore = handshakes.length;
    await page.keyboard.press('Enter');
    const toast = page.locator('.Toastify__toast', { hasText: CHANGED });
    await toast.waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('change-password-open'))).toBe(true);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBe(oldToken);
    const newToken = (await page.evaluate(() => localStorage.getItem('token')))!;
    expect(newToken).toBeTruthy();
    const storedUser = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { email: string } | null);
    expect(storedUser?.email).toBe(ada.email);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('#dashboard-greeting').textContent()).toContain('Hello, Ada!');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    // The socket came back with the new token (no reload happened: the handshake is a new frame).
    await expect.poll(() => handshakes.slice(handshakesBefore).some((frame) => frame.includes(newToken)), { timeout: 10_000 }).toBe(true);
    expect(handshakes.slice(handshakesBefore).some((frame) => frame.includes(oldToken))).toBe(false);
    await shot(page, 'change-password-03-changed-desktop');

    // The server: the old token is revoked, the new one is good.
    expect(await meStatus(oldToken)).toBe(401);
    expect(await meStatus(newToken)).toBe(200);

    // A reload stays signed in, on the new token.
    await page.reload();
    await expect.poll(() => page.locator('#dashboard-greeting').textContent()).toContain('Hello, Ada!');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(newToken);
    await ctx.close();

    // Only the new password signs in.
    expect(await loginStatus(ada.email, ada.password)).toBe(401);
    expect(await loginStatus(ada.email, NEW_PASSWORD)).toBe(200);
    const other = await newContext(suite.browser, suite.app.url, DESKTOP);
    const login = await other.newPage();
    await login.goto('/login');
    await login.getByRole('textbox', { name: 'Email' }).fill(ada.email);
    await login.getByLabel('Password', { exact: true }).fill(ada.password);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => login.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(new URL(login.url()).pathname).toBe('/login');
    await login.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await login.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => login.locator('#dashboard-greeting').textContent()).toContain('Hello, Ada!');
    await other.close();
  });

  it('on a phone the entry is the key icon alone and fits the header; a guest has none', { timeout: 120_000 }, async () => {
    const bea = { name: 'Bea Phone', email: `bea-phone-${stamp}@example.com`, password: 'phone-secret-1' };
    const ctx = await newContext(suite.browser, suite.app.url, PHONE);
    const page = await ctx.newPage();
    await signUp(page, bea);
    const opener = page.getByRole('button', { name: 'Change password' });
    await opener.waitFor();
    expect(await page.locator('.change-password-open-label').evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    const box = (await opener.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
    // Nothing of the header is pushed off the screen.
    const logout = (await page.getByRole('button', { name: 'Logout' }).boundingBox())!;
    expect(logout.x + logout.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The rating is not drawn on a phone's header, but screen readers still read it there.
    const rating = page.getByRole('banner').locator('.topbar-rating');
    expect(((await rating.textContent()) ?? '').replace(/\s+/g, ' ').trim()).toBe('Rating 1500');
    expect(await rating.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    await shot(page, 'change-password-04-header-phone');

    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.waitFor();
    const dialogBox = (await dialog.boundingBox())!;
    expect(dialogBox.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(PHONE.width);
    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expectFieldError(page, dialog.getByLabel('New password', { exact: true }), 'Password must be at least 8 characters');
    await shot(page, 'change-password-05-errors-phone');
    await ctx.close();

    const guestCtx = await newContext(suite.browser, suite.app.url, PHONE);
    const guest = await guestCtx.newPage();
    await continueAsGuest(guest);
    const header = guest.getByRole('banner');
    await header.getByRole('link', { name: 'Create account' }).waitFor();
    expect(await header.getByRole('button', { name: 'Change password' }).count()).toBe(0);
    await guestCtx.close();
  });
});
