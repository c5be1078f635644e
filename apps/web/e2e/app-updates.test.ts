/**
 * The screens' code (app/routes.tsx: every screen but home and the sign-in pages is its own module,
 * prefetched once the first screen is up), and a screen whose code cannot be fetched: what a player
 * meets when the server was updated while their tab kept the old build, whose hashed file names are
 * gone. The app reloads once by itself (which fetches the new build); if the screen still cannot be
 * fetched it says so, with Reload, instead of React Router's developer page; once the file is
 * reachable, Reload opens the screen.
 * Screens saved as artifacts/screenshots/updates-*.
 */
import { describe, expect, it } from 'vitest';
import { DESKTOP, newContext, PHONE, shot } from './support/browser';
import { continueAsGuest } from './support/accounts';
import { useAppAndBrowser } from './support/suite';

const suite = useAppAndBrowser();

/** The solo screen's own module (Vite names a lazy route's chunk after its file). */
const SOLO_CHUNK = /\/assets\/singleplayer-[^/]*\.js$/;
const DAILY_CHUNK = /\/assets\/daily-[^/]*\.js$/;

describe('a screen whose code cannot be fetched', () => {
  for (const [width, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`reloads once, then says the app was updated and opens the screen on Reload (${width})`, { timeout: 60_000 }, async () => {
      const context = await newContext(suite.browser, suite.app.url, viewport);
      const page = await context.newPage();
      try {
        // Before the first page: the app prefetches the screens once home is up (app/routes).
        await page.route(SOLO_CHUNK, (route) => route.abort('connectionrefused'));
        const dailyPrefetched = page.waitForRequest(DAILY_CHUNK, { timeout: 20_000 });
        await continueAsGuest(page);
        // Home is up: the other screens are fetched before any navigation needs them.
        await dailyPrefetched;
        let documentLoads = 0;
        page.on('load', () => documentLoads++);

        const reloaded = page.waitForEvent('load', { timeout: 20_000 });
        await page.getByRole('button', { name: 'Start Challenge' }).click();
        await reloaded;
        const heading = page.getByRole('heading', { name: 'MathSprint has been updated' });
        await heading.waitFor({ timeout: 20_000 });
        // One automatic reload, not a loop: the second failure shows the screen and stays.
        await page.waitForTimeout(1_000);
        expect(documentLoads).toBe(1);
        expect(await heading.isVisible()).toBe(true);
        expect(new URL(page.url()).pathname).toBe('/singleplayer');
        expect(await page.getByRole('alert').textContent()).toContain('Reload to get it');
        await shot(page, `updates-stale-build-${width}`);

        await page.unroute(SOLO_CHUNK);
        await page.getByRole('button', { name: 'Reload' }).click();
        await page.getByRole('heading', { name: 'Solo Sprint' }).waitFor({ timeout: 20_000 });
        expect(await heading.count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});
