/**
 * What a screen reader and a keyboard get from a client-side navigation, as a multi-page site gives
 * them for free: the document title names the page (WCAG 2.4.2), a polite live region says the new
 * page's title, and focus moves to the new page's <h1> (else its <main>), or to where the page marks
 * its start (data-page-start, e.g. the dashboard's notices above its greeting), so the next Tab starts
 * from the top of the new content instead of from wherever the old page's link used to be. This is
 * the pattern of Gatsby's route announcer and of GOV.UK's advice for single-page apps
 * (https://www.gatsbyjs.com/blog/2020-02-10-accessible-client-side-routing-improvements/).
 * Which changes count and what is said come from route-change (pure); this file does the DOM work.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import {
  documentTitle,
  focusTarget,
  isPageChange,
  keepsFocus,
  nextAnnouncement,
  PAGE_START_ATTRIBUTE,
  pageTitleOf,
  type PageStart,
  type RouteSpot,
} from './route-change';

/**
 * Longest wait for a page's <main> when a loading screen stands in for it (ms): long enough for a
 * contest or a rejoined game to load on a slow phone, short enough that focus never jumps long
 * after the player has started doing something else.
 */
const MAIN_WAIT_MS = 10_000;

/**
 * Longest wait for a page's busy starting point (ms), counted from when it is seen: the dashboard
 * asks the server whether a game or a run is still on (two small GETs). A keyboard player who has
 * not moved yet loses nothing by waiting this long; past it, focus goes where the page is now.
 */
const START_WAIT_MS = 3_000;

/** Marks an element the announcer made focusable; global.css hides its focus ring. */
const FOCUS_MARK = 'data-route-focus';

/** The title announcer and focus mover of every route; rendered once, by RootLayout. */
export function RouteAnnouncer() {
  const { pathname, search, hash } = useLocation();
  const title = pageTitleOf(useMatches().map((match) => match.handle));
  const [message, setMessage] = useState('');
  const previous = useRef<RouteSpot | null>(null);
  const interacted = useUserInteracted();

  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  useEffect(() => {
    const spot = { pathname, search, hash };
    const changed = isPageChange(previous.current, spot);
    previous.current = spot;
    // Redirects before the player has touched anything (a signed-out visitor sent from / to /login,
    // /auth/success forwarding home) are still the first page load: the screen reader is reading the
    // page that just opened, so nothing is announced and focus stays at the document's start.
    if (!changed || !interacted.current) return;
    setMessage((current) => nextAnnouncement(current, title ?? documentTitle(undefined)));
    return focusNewPage();
  }, [pathname, search, hash, title, interacted]);

  return (
    <p id="route-announcer" className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  );
}

/** A ref that turns true at the first key press or pointer press anywhere in the document. */
function useUserInteracted(): { readonly current: boolean } {
  const interacted = useRef(false);
  useEffect(() => {
    const mark = () => {
      interacted.current = true;
      stop();
    };
    function stop() {
      window.removeEventListener('pointerdown', mark, true);
      window.removeEventListener('keydown', mark, true);
    }
    window.addEventListener('pointerdown', mark, true);
    window.addEventListener('keydown', mark, true);
    return stop;
  }, []);
  return interacted;
}

/**
 * Focuses the new page's starting point (route-change focusTarget: the element its <main> marks
 * with data-page-start when that holds something, else its heading), at once if the page is ready,
 * else when it is: its <main> appears (a loading screen, which announces itself through
 * role="status", stands in for it meanwhile) and its starting point is no longer aria-busy.
 * @returns a function that stops waiting (the next navigation calls it).
 */
function focusNewPage(): () => void {
  let timer: number | undefined;
  let startWaitBegun = false;
  if (tryFocus(false)) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus(false)) stop();
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  timer ??= window.setTimeout(giveUp, MAIN_WAIT_MS);
  return stop;

  /** The wait ran out: focuses what is there (nothing without a <main>). */
  function giveUp() {
    stop();
    tryFocus(true);
  }
  /** Focuses the page if it is ready; once a busy starting point is seen, waits START_WAIT_MS more at most. */
  function tryFocus(waitedOut: boolean): boolean {
    const main = document.querySelector('main');
    if (!main) return waitedOut;
    const start = main.querySelector<HTMLElement>(`[${PAGE_START_ATTRIBUTE}]`);
    const target = focusTarget(start ? pageStartOf(start) : null, waitedOut);
    if (target === 'wait') {
      if (!startWaitBegun) {
        startWaitBegun = true;
        window.clearTimeout(timer);
        timer = window.setTimeout(giveUp, START_WAIT_MS);
      }
      return false;
    }
    const heading = main.querySelector('h1');
    focusFirstOf(target === 'start' ? [start, heading, main] : [heading, main]);
    return true;
  }
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
}

function pageStartOf(start: HTMLElement): PageStart {
  return { busy: start.getAttribute('aria-busy') === 'true', filled: start.childElementCount > 0 };
}

/**
 * Focuses the first of `targets` that takes focus, unless the page has already put focus where the
 * player is meant to type (route-change keepsFocus). preventScroll: ScrollRestoration owns the
 * scroll position (the top for a new page, the old position on Back), and the starting point is
 * near where a new page opens anyway.
 */
function focusFirstOf(targets: readonly (Element | null)[]): void {
  const active = document.activeElement;
  if (active && active !== document.body && active !== document.documentElement && pageOwnsFocus(active)) return;
  for (const target of targets) {
    if (!(target instanceof HTMLElement)) continue;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.setAttribute(FOCUS_MARK, '');
    target.focus({ preventScroll: true });
    if (document.activeElement === target) return;
  }
}

function pageOwnsFocus(element: Element): boolean {
  return keepsFocus({
    tagName: element.tagName,
    type: element.getAttribute('type'),
    isContentEditable: element instanceof HTMLElement && element.isContentEditable,
    inDialog: element.closest('dialog[open], [role="dialog"], [role="alertdialog"]') !== null,
  });
}
