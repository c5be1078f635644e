/**
 * Where a game screen's answer feedback shows: a toast container of its own (react-toastify
 * `containerId`), placed by the screen in its play card, under the answer form. The app's container
 * puts toasts at the bottom of a phone (over the Math Challenge's 'Players Progress') and at the
 * top right of a desktop (over the timer and score); here a toast takes a slot of the card's own,
 * beside the field the player is looking at, and covers nothing. The toasts keep the library's
 * `role="alert"`, so each is read out. Nothing needs closing or swiping away: no close button, and
 * a drag on a toast scrolls the page. Used by the Math Challenge's game screen and Solo Sprint.
 */
import { cssTransition, ToastContainer } from 'react-toastify';
import { DISPLAY } from '@mathsprint/shared/constants';
import './play-feedback.css';

/**
 * A quick fade in place (play-feedback.css). The library's default bounce flies a top toast in
 * from above the window, across the question; collapsing is not needed, as toasts share one grid
 * cell.
 */
const fade = cssTransition({ enter: 'play-feedback-enter', exit: 'play-feedback-exit', collapse: false });

export interface PlayFeedbackProps {
  /** The `containerId` the screen's toasts are sent to (`toast(…, { containerId })`). */
  containerId: string;
}

/** The container; toasts close after DISPLAY.toastDefaultMs (5000 ms, spec §9) unless they say otherwise. */
export function PlayFeedback({ containerId }: PlayFeedbackProps) {
  return (
    <div className="play-feedback">
      <ToastContainer
        containerId={containerId}
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
