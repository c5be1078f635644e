/**
 * Deleting the account from the header, in a real browser (Debian's Chromium via playwright-core;
 * issue #46's DELETE /api/me), at 375 px and 1280 px: a signed-up player opens 'Delete account',
 * the dialog takes focus in its password field and says what is erased and what stays; a wrong
 * password is said at the field and deletes nothing; the right one signs the tab out onto /login
 * with a notice, the old token is refused by the server, and signing in again fails. A guest
 * deletes with the typed confirmation DELETE. Screens go to SCREENSHOT_DIR and pass the
 * accessibility check (support/browser `shot`).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { continueAsGuest, signUp } from './support/accounts';
import { DESKTOP, newContext, PHONE, shot } from './support/browser';
import { useAppAndBrowser } from './support/suite';
import { call } from '../../server/test/helpers/http';

const suite = useAppAndBrowser();
const stamp = Date.now().toString(36);
const NOTICE = 'Your account was deleted. Thanks for playing MathSprint.';

/** GET /api/me with `token`, from outside the browser: the HTTP status. */
async function meStatus(token: string): Promise<number> {
  return (await call(suite.app, 'GET', '/api/me', { token })).status;
}

/** Every control of the header lies on the screen, the extra entry included, and none overlap. */
async function headerFits(page: Page, width: number): Promise<void> {
  // The brand, the avatar and each control, left to right (the chip's avatar can spill out of a
  // squeezed chip, so it is measured itself).
  const boxes = await page
    .getByRole('banner')
    .locator('.brand, .topbar-actions .avatar, .topbar-actions > :not(.user-chip)')
    .evaluateAll((els) =>
      els
        .map((el) => el.getBoundingClientRect())
        // A guest's chip is not drawn on the narrowest phones (global.css).
        .filter((r) => r.width > 0)
        .map((r) => ({ left: r.left, right: r.right })),
    );
  expect(boxes.length).toBeGreaterThan(0);
  for (const [i, box] of boxes.entries()) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(width);
    if (i > 0) expect(box.left).toBeGreaterThanOrEqual(boxes[i - 1]!.right);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The focused element's name attribute. */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? '');

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('delete account at %s width', (label, viewport) => {
  it('asks for the password, refuses a wrong one, then signs out to /login, and the account is gone', { timeout: 120_000 }, async () => {
    const who = { name: `Dee ${label}`, email: `dee-${label}-${stamp}@example.com`, password: 'delete-me-1' };
    const ctx = await newContext(suite.browser, suite.app.url, viewport);
    const page = await ctx.newPage();
    await signUp(page, who);
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    expect(await meStatus(token)).toBe(200);

    const opener = page.getByRole('banner').getByRole('button', { name: 'Delete account' });
    await headerFits(page, viewport.width);
    await shot(page, `delete-account-00-header-${label}`);
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await dialog.waitFor();
    expect(await focusedName(page)).toBe('password');
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    const warning = (await dialog.textContent()) ?? '';
    expect(warning).toContain('your name, email and password;');
    expect(warning).toContain('“Deleted player”');
    await shot(page, `delete-account-01-dialog-${label}`);

    // Escape closes it, focus back on the opener, nothing sent.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await opener.click();
    const password = dialog.getByLabel('Password', { exact: true });
    await password.fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByText('Password is incorrect. Your account was not deleted.').waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await focusedName(page)).toBe('password');
    expect(await meStatus(token)).toBe(200);
    await shot(page, `delete-account-02-wrong-password-${label}`);

    await password.fill(who.password);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('alert').filter({ hasText: NOTICE }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await meStatus(token)).toBe(401);
    await shot(page, `delete-account-03-signed-out-${label}`);

    // Signing in again fails.
    await page.getByLabel('Email', { exact: true }).fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await ctx.close();
  });

  it('lets a guest delete by typing DELETE', { timeout: 120_000 }, async () => {
    const ctx = await newContext(suite.browser, suite.app.url, viewport);
    const page = await ctx.newPage();
    await continueAsGuest(page);
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    await headerFits(page, viewport.width);
    await page.getByRole('banner').getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await dialog.waitFor();
    expect(await focusedName(page)).toBe('confirm');
    const confirm = dialog.getByLabel('Type DELETE to confirm');
    await confirm.fill('delete');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByText('Type DELETE, in capital letters, to confirm').waitFor();
    expect(await meStatus(token)).toBe(200);
    await shot(page, `delete-account-04-guest-${label}`);

    await confirm.fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('alert').filter({ hasText: NOTICE }).waitFor();
    expect(await meStatus(token)).toBe(401);
    await ctx.close();
  });
});
