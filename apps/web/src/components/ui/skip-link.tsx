/**
 * 'Skip to content': the first stop of the keyboard on every screen, hidden until focused
 * (`.skip-link` in styles/global.css), that moves focus past the top bar or the sign-in hero to
 * <main id="main"> (which has tabIndex={-1} for it).
 */
import type { MouseEvent } from 'react';

/** The id of the element the link skips to: each screen's <main>. */
export const MAIN_ID = 'main';

/**
 * Focuses and scrolls to `#main` itself instead of following the `#main` fragment: that would push
 * a history entry without React Router's state, and screens read their state from it (/login and
 * /signup the page to return to, /waiting and /game the room), so the skip link lost it. The href
 * stays for middle-click and for a page whose script has not run.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus({ preventScroll: true });
  // Aligned like the fragment would be, below the sticky top bar (html's scroll-padding-top).
  main.scrollIntoView({ block: 'start' });
}

/** The skip link; render it first in a screen's frame, before its header or hero. */
export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
      Skip to content
    </a>
  );
}
