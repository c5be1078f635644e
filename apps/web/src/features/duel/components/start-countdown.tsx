/**
 * The full-screen start countdown: 3, 2, 1, then 'Go!' (spec §2 "Waiting room": "a full-screen
 * countdown of 3, 2, 1, then 'Go!' runs. Afterwards the app goes to /game"; §9: the start countdown
 * is 3 seconds). Also used before a rematch.
 */
import { DUEL } from '@mathsprint/shared/constants';
import { useEffect, useRef, useState } from 'react';
import './duel.css';

/** One count step (ms). */
const STEP_MS = 1000;
/** How long 'Go!' stays before `onDone` (ms): long enough to read, short enough not to eat game time. */
const GO_MS = 600;

export interface StartCountdownProps {
  /** Called once, after 'Go!'. */
  onDone: () => void;
  /** Line under the number, e.g. 'Get ready!' or 'Rematch starting'. */
  caption?: string;
}

export function StartCountdown({ onDone, caption = 'Get ready!' }: StartCountdownProps) {
  const [left, setLeft] = useState<number>(DUEL.startCountdownSeconds);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    const timer = window.setTimeout(() => (left > 0 ? setLeft(left - 1) : done.current()), left > 0 ? STEP_MS : GO_MS);
    return () => window.clearTimeout(timer);
  }, [left]);

  const label = left > 0 ? String(left) : 'Go!';
  return (
    <div className="duel-countdown" role="alertdialog" aria-modal="true" aria-label="Game starting">
      <div className="duel-countdown-inner">
        <p className="duel-countdown-caption">{caption}</p>
        <p key={label} className={left > 0 ? 'duel-countdown-number' : 'duel-countdown-number duel-countdown-go'} aria-live="assertive">
          {label}
        </p>
      </div>
    </div>
  );
}
