/**
 * One feedback toast on screen at a time: a player answers every few seconds, and a stack of old
 * verdicts would hide the new one. Each `show` first dismisses the toast the previous one opened
 * (react-toastify ids), in whichever container that was. Used by the Math Challenge's game toasts
 * and Solo Sprint's.
 */
import { toast, type Id } from 'react-toastify';

export interface OneToast {
  /** Dismisses the last toast shown through this channel, then shows a new one (`open` returns its id). */
  show(open: () => Id): void;
  /** Dismisses the last toast shown through this channel, if any. */
  clear(): void;
}

/** A new channel; each screen's feedback keeps its own. */
export function oneToastAtATime(): OneToast {
  let last: Id | null = null;
  return {
    show(open) {
      if (last !== null) toast.dismiss(last);
      last = open();
    },
    clear() {
      if (last !== null) toast.dismiss(last);
      last = null;
    },
  };
}
