/**
 * What a client-side navigation means for focus and screen readers (components/ui/route-announcer):
 * which location changes are a new page, where focus lands on it, the page's title from the route table's `handle.title`,
 * the document title made from it (WCAG 2.4.2 Page Titled), and the live region's text. Pure; the
 * announcer does the DOM work.
 */

/** The product name, the whole document title when a route names no page. */
export const APP_NAME = 'MathSprint';

/** The parts of a React Router location that decide whether the page changed. */
export interface RouteSpot {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Whether going from `previous` to `next` shows a new page, so focus moves to its heading and its
 * title is announced. Only a new path does: a query or hash change is an in-page interaction (the
 * contest results' `?tab=`, an in-page `#anchor`, the skip link's `#main` when followed natively)
 * and taking focus away from the control the player just used would lose their place.
 * @param previous - the location before, or null on the first page load (never a page change:
 *   the screen reader reads the freshly loaded page by itself, and focus starts at the document).
 */
export function isPageChange(previous: RouteSpot | null, next: RouteSpot): boolean {
  return previous !== null && previous.pathname !== next.pathname;
}

/**
 * The innermost matched route's `handle.title` (routes.tsx), e.g. 'Daily Practice'; undefined when
 * no matched route names one.
 * @param handles - the matches' `handle`s, outermost first (React Router's useMatches order).
 */
export function pageTitleOf(handles: readonly unknown[]): string | undefined {
  for (let i = handles.length - 1; i >= 0; i--) {
    const title = (handles[i] as { title?: unknown } | null | undefined)?.title;
    if (typeof title === 'string' && title.trim() !== '') return title;
  }
  return undefined;
}

/** The document title for a page title: 'Daily Practice – MathSprint', or 'MathSprint' alone. */
export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} – ${APP_NAME}` : APP_NAME;
}

/**
 * The attribute that marks, inside <main>, where a page wants a navigation to land instead of its
 * <h1>: the dashboard's notices of a game or run left running come before its greeting, and focus
 * on the greeting would put them behind the player (Shift+Tab, or a dozen Tabs round the page).
 * The page sets `aria-busy="true"` on the marked element while it is still finding out whether it
 * has anything to show, so that the announcer waits instead of landing on the heading too early.
 */
export const PAGE_START_ATTRIBUTE = 'data-page-start';

/** What the announcer sees of a page's marked starting point ({@link PAGE_START_ATTRIBUTE}). */
export interface PageStart {
  /** aria-busy="true": the page is still checking what goes in it. */
  busy: boolean;
  /** Whether it holds anything (a notice); an empty one is no place to start. */
  filled: boolean;
}

/** Where focus goes after a navigation: the marked starting point, the heading, or not yet. */
export type FocusTarget = 'start' | 'heading' | 'wait';

/**
 * Where the announcer puts focus on a new page's <main>: its marked starting point when that holds
 * something, else its heading; while the starting point is busy, nothing yet ('wait'), until
 * `waitedOut` (the announcer's wait has run out: a slow check must not keep focus away for long).
 * @param start - the starting point in <main>, or null when the page marks none.
 */
export function focusTarget(start: PageStart | null, waitedOut: boolean): FocusTarget {
  if (!start) return 'heading';
  if (start.busy && !waitedOut) return 'wait';
  return start.filled ? 'start' : 'heading';
}

/** No-break space: appended or removed to make a repeated announcement differ from the last one. */
const NBSP = '\u00a0';

/**
 * The live region's next text for a page title. Screen readers announce a live region only when its
 * text changes, so when the title equals the current text (going from one contest to another) a
 * trailing no-break space is toggled: read the same, but a change.
 * @param current - the live region's text now ('' before the first announcement).
 */
export function nextAnnouncement(current: string, pageTitle: string): string {
  if (current === pageTitle) return pageTitle + NBSP;
  return pageTitle;
}

/** Input types that are buttons rather than places to type. */
const BUTTON_INPUT_TYPES = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'image', 'file', 'range', 'color']);

/** What {@link keepsFocus} needs to know of the focused element. */
export interface FocusedElement {
  /** Upper-case tag name, as Element.tagName. */
  tagName: string;
  /** The `type` attribute of an <input>, if any. */
  type?: string | null;
  isContentEditable?: boolean;
  /** Whether it sits inside an open dialog. */
  inDialog?: boolean;
}

/**
 * Whether focus found after a navigation belongs to the new page and must be left alone: a field
 * the screen focused for typing (the game's answer input) or a dialog it opened. A link or button
 * that is still focused is the control that started the navigation, kept by React because both
 * pages render it in the same place; focus then moves to the new heading as it would from <body>.
 */
export function keepsFocus(element: FocusedElement): boolean {
  if (element.inDialog) return true;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !BUTTON_INPUT_TYPES.has((element.type ?? 'text').toLowerCase());
  return false;
}
