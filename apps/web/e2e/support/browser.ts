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

export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport, deviceScaleFactor: 1 });
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
