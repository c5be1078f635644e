/**
 * The server's clock as this browser sees it, re-read every second (spec §4 "Countdown: refreshed
 * every second"; §9). Ticks are aligned to whole seconds of the corrected clock and to the given
 * boundaries (nextTickDelayMs), so the card flips within a few ms of openTime or closeTime.
 */
import { useEffect, useState } from 'react';
import { nextTickDelayMs } from '../lib/contest-clock';

/**
 * @param offsetMs - server − client in ms (clockOffsetMs).
 * @param boundaries - instants (epoch ms, e.g. openTime and closeTime) at which to tick as well.
 * @returns `Date.now() + offsetMs`, epoch ms, updated once a second and just after each boundary.
 */
export function useCorrectedNow(offsetMs: number, boundaries: readonly number[] = []): number {
  // The CLIENT time of the last tick; the offset is applied at render, so a new offset (the first
  // response, a refetch) shows at once instead of one tick later.
  const [clientNow, setClientNow] = useState(() => Date.now());
  // A stable dependency for the effect: the boundaries' values, not the array's identity.
  const key = boundaries.join(',');
  useEffect(() => {
    const marks = key ? key.split(',').map(Number) : [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const client = Date.now();
      setClientNow(client);
      timer = setTimeout(tick, nextTickDelayMs(client + offsetMs, marks));
    };
    tick();
    return () => clearTimeout(timer);
  }, [offsetMs, key]);
  return clientNow + offsetMs;
}
