/**
 * Where toasts appear. The spec's default is top-right (§9 "Display"), but on a phone react-toastify
 * stretches a top toast over the whole sticky header (logo, Logout) for 3–5 s per answer, so narrow
 * screens get them at the bottom, away from the header and the answer field near the top. Wider
 * screens keep top-right, lowered below the header by `--toastify-toast-top` (styles/tokens.css).
 */
import type { ToastPosition } from 'react-toastify';

/** Below this width toasts go to the bottom: phones and small tablets in portrait (px). */
export const NARROW_TOAST_MAX_WIDTH = 640;

/** The media query of {@link NARROW_TOAST_MAX_WIDTH}. */
export const NARROW_TOAST_QUERY = `(max-width: ${NARROW_TOAST_MAX_WIDTH}px)`;

/** @param narrow - whether {@link NARROW_TOAST_QUERY} matches. */
export function toastPosition(narrow: boolean): ToastPosition {
  return narrow ? 'bottom-center' : 'top-right';
}
