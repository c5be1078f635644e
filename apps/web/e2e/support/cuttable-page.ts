/** Browser pages whose Socket.IO connection a test can cut and restore (room screens while the
 * connection is down). */
import type { Page } from 'playwright-core';
import { newContext, type DESKTOP, type PHONE } from './browser';
import type { BrowserSuite } from './suite';

export interface CuttablePage {
  page: Page;
  /** Closes the page's connections; reconnection attempts fail at once until restore(). */
  cut(): Promise<void>;
  /** Cuts the connection the moment `text` shows on the page (a MutationObserver in the page),
   * for a drop at an exact point of a screen's flow. */
  cutWhenShown(text: string): Promise<void>;
  /** Lets the next reconnection attempt through. */
  restore(): Promise<void>;
}

/**
 * A page whose Socket.IO connection the test can cut. An init script wraps the page's WebSocket:
 * `cut()` closes the open connections, and until `restore()` every new one goes to a path the
 * server refuses and every long-polling request fails, so each reconnection attempt fails at once,
 * as with a network that is down.
 */
export async function cuttablePage(suite: BrowserSuite, viewport: typeof DESKTOP | typeof PHONE): Promise<CuttablePage> {
  const context = await newContext(suite.browser, suite.app.url, viewport);
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    const live = new Set<WebSocket>();
    const state = { cut: false };
    class CuttableWebSocket extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(state.cut ? String(url).replace('/socket.io/', '/cut-by-the-test/') : url, protocols);
        if (state.cut) return;
        live.add(this);
        this.addEventListener('close', () => live.delete(this));
      }
    }
    window.WebSocket = CuttableWebSocket;
    Object.assign(window, {
      cutConnection() {
        state.cut = true;
        for (const ws of live) ws.close();
      },
      restoreConnection() {
        state.cut = false;
      },
    });
  });
  // The app lists long-polling as its second transport; should Socket.IO ever fall back to it,
  // those requests fail too while the connection is cut.
  let blocked = false;
  await context.route(/\/socket\.io\/.*transport=polling/, (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
  const page = await context.newPage();
  return {
    page,
    async cut() {
      blocked = true;
      await page.evaluate(() => (window as unknown as { cutConnection(): void }).cutConnection());
    },
    async cutWhenShown(text) {
      blocked = true; // long-polling is only a fallback: blocking it early changes nothing
      await page.evaluate((shown) => {
        const observer = new MutationObserver(() => {
          if (!document.body.textContent?.includes(shown)) return;
          observer.disconnect();
          (window as unknown as { cutConnection(): void }).cutConnection();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }, text);
    },
    async restore() {
      blocked = false;
      await page.evaluate(() => (window as unknown as { restoreConnection(): void }).restoreConnection());
    },
  };
}
