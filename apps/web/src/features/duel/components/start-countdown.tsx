/**
 * The full-screen start countdown: 3, 2, 1, then 'Go!' (spec §2 "Waiting room": "a full-screen
 * countdown of 3, 2, 1, then 'Go!' runs. Afterwards the app goes to /game"; §9: the start countdown
 * is 3 seconds). Also used before a rematch.
 */
import { DUEL } from '@mathsprint/shared/constants';
import { useEffect, useRef, useState } from 'react';
import './duel.css';

/** How long 'Go!' stays before `onDone` (ms): long enough to read. */
const GO_MS = 600;
/** One count step (ms): 3, 2, 1 and 'Go!' together take the server's countdown (3 s, spec §9), so
 * the app reaches /game as the game's clock starts, not 0.6 s into it. */
const STEP_MS = (DUEL.startCountdownSeconds * 1000 - GO_MS) / DUEL.startCountdownSeconds;

export interface StartCountdownProps {
  /** Called once, after 'Go!'. Without it 'Go!' stays until the parent moves on (a rematch waits
   * for rematchStarted, which the server sends as the clock starts). */
  onDone?: () => void;
  /** Line under the number, e.g. 'Get ready!' or 'Rematch starting'. */
  caption?: string;
  /** What is left of the countdown (ms): the whole of it by default; less for a screen that came
   * back during it (RejoinAck.startsInMs). */
  durationMs?: number;
}

/** The number shown `msLeft` ms before the end (3, 2, 1), or 0 for 'Go!'. */
function countAt(msLeft: number): number {
  return msLeft > GO_MS ? Math.ceil((msLeft - GO_MS) / STEP_MS) : 0;
}

export function StartCountdown({ onDone, caption = 'Get ready!', durationMs = DUEL.startCountdownSeconds * 1000 }: StartCountdownProps) {
  const [endsAt] = useState(() => performance.now() + durationMs);
  const [left, setLeft] = useState(() => countAt(durationMs));
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    // Wakes at the next step's boundary (or the end), measured from the deadline so steps do not drift.
    const msLeft = endsAt - performance.now();
    const wait = left > 0 ? msLeft - GO_MS - (left - 1) * STEP_MS : msLeft;
    const timer = window.setTimeout(() => (left > 0 ? setLeft(left - 1) : done.current?.()), Math.max(0, wait));
    return () => window.clearTimeout(timer);
  }, [left, endsAt]);

  // A modal in fact, not only in name: focus moves onto the overlay and stays there (Tab has nowhere
  // to go), so a stray Enter cannot press 'Leave room' or Logout hidden behind it; it goes back to
  // where it was if that is still on screen when the countdown closes (a new screen sets its own).
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus({ preventScroll: true });
    return () => {
      const active = document.activeElement;
      const lost = active === null || active === document.body || active === dialog.current;
      if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  const label = left > 0 ? String(left) : 'Go!';
  return (
    <div
      ref={dialog}
      className="duel-countdown"
      role="alertdialog"
      aria-modal="true"
      aria-label="Game starting"
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Tab') e.preventDefault();
      }}
    >
      <div className="duel-countdown-inner">
        <p className="duel-countdown-caption">{caption}</p>
        {/* The live region stays mounted for the whole countdown: a screen reader announces changes
            to a region already on the page, not a new one, and the number below is remounted at
            every step (its key) to replay its animation. */}
        <div aria-live="assertive" aria-atomic="true">
          <p key={label} className={left > 0 ? 'duel-countdown-number' : 'duel-countdown-number duel-countdown-go'}>
            {label}
          </p>
        </div>
      </div>
    </div>
  );
}
