/** Browser pages whose Socket.IO connection a test can cut and restore (room screens while the
 * connection is down), or that lose one event the server sends (a message lost on its way). */
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
  /** The page never sees the next Socket.IO event `event` from the server, as if it were lost on
   * its way; the connection stays up, and the event's later frames arrive. */
  lose(event: string): Promise<void>;
  /** How many events `lose` has kept from the page. */
  lostCount(): Promise<number>;
}

/**
 * A page whose Socket.IO connection the test can cut. An init script wraps the page's WebSocket:
 * `cut()` closes the open connections, and until `restore()` every new one goes to a path the
 * server refuses and every long-polling request fails, so each reconnection attempt fails at once,
 * as with a network that is down. `lose(event)` has a listener that each connection registers
 * before Socket.IO's stop the event's next frame (`42["event",…]`) from reaching the app.
 */
export async function cuttablePage(suite: BrowserSuite, viewport: typeof DESKTOP | typeof PHONE): Promise<CuttablePage> {
  const context = await newContext(suite.browser, suite.app.url, viewport);
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    const live = new Set<WebSocket>();
    const state = { cut: false, toLose: new Set<string>(), lostCount: 0 };
    class CuttableWebSocket extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(state.cut ? String(url).replace('/socket.io/', '/cut-by-the-test/') : url, protocols);
        if (state.cut) return;
        live.add(this);
        this.addEventListener('close', () => live.delete(this));
        // Registered before Socket.IO sets onmessage, so it runs first and can stop the frame.
        this.addEventListener('message', (e: MessageEvent) => {
          const event = typeof e.data === 'string' ? /^42\["([^"]+)"/.exec(e.data)?.[1] : undefined;
          if (event === undefined || !state.toLose.delete(event)) return;
          state.lostCount += 1;
          e.stopImmediatePropagation();
        });
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
      loseEvent(event: string) {
        state.toLose.add(event);
      },
      lostEvents() {
        return state.lostCount;
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
    async lose(event) {
      await page.evaluate((name) => (window as unknown as { loseEvent(name: string): void }).loseEvent(name), event);
    },
    lostCount() {
      return page.evaluate(() => (window as unknown as { lostEvents(): number }).lostEvents());
    },
  };
}
