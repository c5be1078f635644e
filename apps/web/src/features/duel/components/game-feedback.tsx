/**
 * Where the game screen's answer feedback shows: a toast container of its own (react-toastify
 * `containerId`), in the play card under the answer form. The app's container puts toasts at the
 * bottom of a phone, over 'Players Progress', and at the top right of a desktop, over the timer and
 * score; here a toast takes a slot of the card's own, beside the field the player is looking at,
 * and covers nothing. The toasts keep the library's `role="alert"`, so each is read out. Nothing
 * needs closing or swiping away: no close button, and a drag on a toast scrolls the page.
 */
import { cssTransition, ToastContainer } from 'react-toastify';
import { DISPLAY } from '@mathsprint/shared/constants';
import { GAME_FEEDBACK_CONTAINER } from '../lib/game-toasts';

/**
 * A quick fade in place (duel.css). The library's default bounce flies a top toast in from above
 * the window, across the question; collapsing is not needed, as toasts share one grid cell.
 */
const fade = cssTransition({ enter: 'duel-feedback-enter', exit: 'duel-feedback-exit', collapse: false });

export function GameFeedback() {
  return (
    <div className="duel-feedback">
      <ToastContainer
        containerId={GAME_FEEDBACK_CONTAINER}
        position="top-center"
        autoClose={DISPLAY.toastDefaultMs}
        theme="light"
        transition={fade}
        closeButton={false}
        draggable={false}
        aria-label="Answer feedback"
      />
    </div>
  );
}
