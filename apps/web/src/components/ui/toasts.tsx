/**
 * The app's one ToastContainer: react-toastify with the spec's defaults (5000 ms, light theme; spec
 * §9 "Display"), placed by toast-placement: top-right below the header on wide screens, bottom-center
 * on phones, following the window as it is resized or turned.
 */
import { useSyncExternalStore } from 'react';
import { ToastContainer } from 'react-toastify';
import { NARROW_TOAST_QUERY, toastPosition } from './toast-placement';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_TOAST_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return window.matchMedia(NARROW_TOAST_QUERY).matches;
}

export function AppToasts() {
  const narrow = useSyncExternalStore(subscribe, isNarrow, () => false);
  return <ToastContainer position={toastPosition(narrow)} autoClose={5000} theme="light" />;
}
