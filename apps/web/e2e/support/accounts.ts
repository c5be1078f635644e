/** Account steps shared by the browser tests: signing up through the UI, as a new user would. */
import type { Page } from 'playwright-core';
import { shot } from './browser';

export interface NewAccount {
  name: string;
  email: string;
  password: string;
}

/**
 * Signs `who` up from /login → 'Create an account' → /signup and waits for the dashboard greeting.
 * Saves a screenshot of the filled form as `shotName` when given.
 */
export async function signUp(page: Page, who: NewAccount, shotName?: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: /create an account/i }).click();
  await page.waitForURL('**/signup');
  await page.getByLabel('Full name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  if (shotName) await shot(page, shotName);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // A Playwright wait, not Vitest's global expect.poll, so that tests running side by side can call it.
  // exact: the whole greeting, case included (a bare string would match a part, in any case).
  await page.getByRole('heading', { name: `Hello, ${who.name.split(' ')[0]}!`, exact: true }).waitFor();
}

/** Signs in as a guest from /login ('Continue as guest') and waits for the dashboard. */
export async function continueAsGuest(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}
