/** Browser pages whose Socket.IO connection a test can cut and restore (room screens while the
 * connection is down), or that lose events the server sends (messages lost on their way). */
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
  /** The page never sees the next `count` (default 1) Socket.IO events `event` from the server,
   * as if they were lost on their way; the connection stays up, and the event's later frames arrive. */
  lose(event: string, count?: number): Promise<void>;
  /** How many events `lose` has kept from the page. */
  lostCount(): Promise<number>;
}

/**
 * A page whose Socket.IO connection the test can cut. An init script wraps the page's WebSocket:
 * `cut()` closes the open connections, and until `restore()` every new one goes to a path the
 * server refuses and every long-polling request fails, so each reconnection attempt fails at once,
 * as with a network that is down. `lose(event, count)` has a listener that each connection
 * registers before Socket.IO's stop the event's next `count` frames (`42["event",…]`) from reaching
 * the app.
 */
export async function cuttablePage(suite: BrowserSuite, viewport: typeof DESKTOP | typeof PHONE): Promise<CuttablePage> {
  const context = await newContext(suite.browser, suite.app.url, viewport);
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    const live = new Set<WebSocket>();
    const state = { cut: false, toLose: new Map<string, number>(), lostCount: 0 };
    class CuttableWebSocket extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(state.cut ? String(url).replace('/socket.io/', '/cut-by-the-test/') : url, protocols);
        if (state.cut) return;
        live.add(this);
        this.addEventListener('close', () => live.delete(this));
        // Registered before Socket.IO sets onmessage, so it runs first and can stop the frame.
        this.addEventListener('message', (e: MessageEvent) => {
          const event = typeof e.data === 'string' ? /^42\["([^"]+)"/.exec(e.data)?.[1] : undefined;
          const left = event === undefined ? undefined : state.toLose.get(event);
          if (event === undefined || left === undefined) return;
          if (left > 1) state.toLose.set(event, left - 1);
          else state.toLose.delete(event);
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
      loseEvent(event: string, count: number) {
        state.toLose.set(event, (state.toLose.get(event) ?? 0) + count);
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
    async lose(event, count = 1) {
      await page.evaluate(([name, n]) => (window as unknown as { loseEvent(name: string, n: number): void }).loseEvent(name, n), [event, count] as const);
    },
    lostCount() {
      return page.evaluate(() => (window as unknown as { lostEvents(): number }).lostEvents());
    },
  };
}
