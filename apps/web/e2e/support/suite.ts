/**
 * The fixture every browser test file shares: the production app as a child process
 * (startAppProcess, with its own embedded database and `env`) and Debian's Chromium, started before
 * the file's tests and stopped after them.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startAppProcess, type AppProcess } from './app-server';
import { launchBrowser } from './browser';

export interface BrowserSuite {
  /** Set once the file's beforeAll has run. */
  app: AppProcess;
  browser: Browser;
}

/** Registers the file's beforeAll/afterAll; read `app` and `browser` from the result inside tests. */
export function useAppAndBrowser(env: Record<string, string> = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    // Both at once; whichever started is kept for afterAll to stop even if the other failed.
    const [app, browser] = await Promise.allSettled([startAppProcess(env), launchBrowser()]);
    if (app.status === 'fulfilled') suite.app = app.value;
    if (browser.status === 'fulfilled') suite.browser = browser.value;
    for (const started of [app, browser]) if (started.status === 'rejected') throw started.reason;
  });
  afterAll(async () => {
    await Promise.all([suite.browser?.close(), suite.app?.stop()]);
  });
  return suite;
}
