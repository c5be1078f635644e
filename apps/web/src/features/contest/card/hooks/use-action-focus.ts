/**
 * Keeps keyboard focus on the contest card's action as its state changes (issue #47): Register
 * goes away once it succeeds, and focus fell to the document, so the next Tab started from the top
 * of the page. When focus was in the action area (or the player just pressed its button), the new
 * state's control takes it: Join, View Results, or the '✓ Registered' note (focusable by script
 * only, `tabIndex={-1}`) when the state has no button.
 */
import { useEffect, useRef, type FocusEvent, type RefObject } from 'react';

export interface ActionFocus {
  /** The element around the action (`ref`, `onFocus`, `onBlur` go on it). */
  ref: RefObject<HTMLDivElement | null>;
  onFocus: () => void;
  onBlur: (event: FocusEvent<HTMLDivElement>) => void;
}

/** @param action - the card's action state; a change of it moves focus as described above. */
export function useActionFocus(action: string | null): ActionFocus {
  const ref = useRef<HTMLDivElement>(null);
  // Chromium fires no blur when the focused button is removed, so this stays true through the change.
  const inside = useRef(false);
  const previous = useRef(action);
  useEffect(() => {
    if (previous.current === action) return;
    previous.current = action;
    const box = ref.current;
    const active = document.activeElement;
    if (!box || !(inside.current || (active !== null && box.contains(active)))) return;
    box.querySelector<HTMLElement>('button:not([disabled]), a[href], [tabindex="-1"]')?.focus();
  }, [action]);
  return {
    ref,
    onFocus: () => {
      inside.current = true;
    },
    onBlur: (event) => {
      // Focus moved elsewhere on the page (not to nowhere, as when the focused button goes away).
      if (event.relatedTarget !== null && !event.currentTarget.contains(event.relatedTarget)) inside.current = false;
    },
  };
}
