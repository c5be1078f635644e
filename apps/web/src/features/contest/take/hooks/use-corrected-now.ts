/**
 * The server's clock as this browser sees it, re-read every second (spec §4 "Countdown: refreshed
 * every second"; §9). Ticks land just after each whole second of the corrected clock, so the
 * countdown reaches 00:00:00 — and the auto-submit fires — within a few ms of the close instant.
 */
import { useEffect, useState } from 'react';
import { nextTickDelayMs } from '../lib/contest-time';

/**
 * @param offsetMs - server − client in ms (clockOffsetMs).
 * @returns `Date.now() + offsetMs`, epoch ms, updated once a second.
 */
export function useCorrectedNow(offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const t = Date.now() + offsetMs;
      setNow(t);
      timer = setTimeout(tick, nextTickDelayMs(t));
    };
    tick();
    return () => clearTimeout(timer);
  }, [offsetMs]);
  return now;
}
