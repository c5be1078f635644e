/** The viewport's width in CSS px, live on resize and rotation (the summary matrix's 5 or 10 columns). */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** @returns window.innerWidth in CSS px (1024 when rendered without a window). */
export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => 1024,
  );
}
