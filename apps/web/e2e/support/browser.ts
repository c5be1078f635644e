/**
 * Launches Debian's Chromium through playwright-core (no browser download by test tools).
 * CHROMIUM_PATH overrides the executable (default /usr/bin/chromium).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expectAccessible } from './accessibility';

export const SCREENSHOT_DIR = path.resolve(process.env.SCREENSHOT_DIR ?? 'artifacts/screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
  });
}

export const PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** The two widths every screen is checked and photographed at, with the name a screenshot takes. */
export const VIEWPORTS = [
  [PHONE, 'phone'],
  [DESKTOP, 'desktop'],
] as const;

/**
 * Holds the decorative floating symbols (components/ui/floating-symbols.tsx) where they are, part
 * way up their panels, instead of letting them drift. Headless Chromium composites in software (no
 * GPU), so an animation that never ends has it draw the page 60 times a second, about half of
 * Chromium's CPU in the Math Challenge story, on a 2-core machine shared with the app, the tests and
 * the integration files. Screenshots still show the symbols; every other animation and transition
 * runs as for a player.
 */
const HOLD_FLOATING_SYMBOLS = `
  addEventListener('DOMContentLoaded', () => {
    const style = document.createElement('style');
    style.textContent = '.floating-symbol { animation-play-state: paused !important; }';
    document.head.append(style);
  });
`;

/**
 * A fresh browser context (cookies, storage) on the app at `baseURL`, at `viewport` (CSS px,
 * device scale 1), with the decorative symbols held still (HOLD_FLOATING_SYMBOLS) unless
 * `floatingSymbolsMove` is set.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP,
  { floatingSymbolsMove = false }: { floatingSymbolsMove?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor: 1 });
  if (!floatingSymbolsMove) await context.addInitScript(HOLD_FLOATING_SYMBOLS);
  return context;
}

/**
 * Saves a full-page screenshot as artifacts/screenshots/<name>.png (a test artifact), then checks
 * the same screen for accessibility (support/accessibility.ts): every screen we look at is also
 * one that must pass WCAG 2.1 AA's serious and critical rules.
 * @throws Error from expectAccessible when the screen has such a violation.
 */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  await expectAccessible(page, name);
}
