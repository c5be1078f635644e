/**
 * An unknown path (the route table's '*'), in a real browser: the 404 page names the path under
 * the app's top bar, titles the document 'Page not found', passes the accessibility gate, and
 * 'Back to Home' leads home: to the dashboard when signed in (the top bar shows who), to /login
 * when not (the session guard). Screens saved as artifacts/screenshots/not-found-*.
 */
import { describe, expect, it } from 'vitest';
import { continueAsGuest } from './support/accounts';
import { DESKTOP, newContext, PHONE, shot } from './support/browser';
import { useAppAndBrowser } from './support/suite';

const suite = useAppAndBrowser();

describe('an unknown path', () => {
  for (const [width, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`shows the 404 page with the top bar and a way home, signed out and signed in (${width})`, { timeout: 60_000 }, async () => {
      const context = await newContext(suite.browser, suite.app.url, viewport);
      const page = await context.newPage();
      try {
        // Signed out: the page itself needs no session; home does.
        await page.goto('/no/such-page?x=1');
        const heading = page.getByRole('heading', { level: 1, name: 'This page doesn’t add up' });
        await heading.waitFor();
        expect(await page.getByRole('main').textContent()).toContain('We couldn’t find /no/such-page.');
        await expect.poll(() => page.title()).toBe('Page not found – MathSprint');
        expect(await page.getByRole('banner').getByRole('link', { name: 'MathSprint home' }).isVisible()).toBe(true);
        await shot(page, `not-found-signed-out-${width}`); // and the accessibility gate
        await page.getByRole('link', { name: 'Back to Home' }).click();
        await page.waitForURL((url) => url.pathname === '/login');

        // Signed in: the top bar shows the guest, and Back to Home opens the dashboard.
        await continueAsGuest(page);
        await page.goto('/contest');
        await heading.waitFor();
        expect(await page.getByRole('banner').getByText('Guest', { exact: true }).isVisible()).toBe(true);
        await shot(page, `not-found-guest-${width}`);
        await page.getByRole('link', { name: 'Back to Home' }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await page.locator('#dashboard-greeting').waitFor();
      } finally {
        await context.close();
      }
    });
  }
});
