/**
 * The app's one ToastContainer: react-toastify with the spec's defaults (5000 ms, light theme; spec
 * §9 "Display"), placed by toast-placement: top-right below the header on wide screens, bottom-center
 * on phones, following the window as it is resized or turned. Its close button is ours: a 28 px
 * target (WCAG 2.5.8 Target Size asks at least 24×24 px; the library's is its 14×16 px glyph) named
 * 'Dismiss notification', styled as `.toast-close` in styles/global.css.
 */
import { useSyncExternalStore } from 'react';
import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import { NARROW_TOAST_QUERY, toastPosition } from './toast-placement';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_TOAST_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return window.matchMedia(NARROW_TOAST_QUERY).matches;
}

/**
 * A toast's close button. react-toastify calls it as a render function with the toast's
 * `closeToast`; `true` records that the player closed it, as the library's own button does, and
 * stopping the click keeps it from also counting as a click on the toast.
 */
function ToastCloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      type="button"
      className="toast-close"
      aria-label="Dismiss notification"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </button>
  );
}

export function AppToasts() {
  const narrow = useSyncExternalStore(subscribe, isNarrow, () => false);
  return <ToastContainer position={toastPosition(narrow)} autoClose={5000} theme="light" closeButton={ToastCloseButton} />;
}
