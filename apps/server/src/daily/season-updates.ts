/** Pacing of the seasonUpdate broadcast (issue #4: "at most once per second"). */
import { DAILY } from '@mathsprint/shared/constants';
import type { Clock } from '../platform/clock.js';

export interface SeasonUpdateThrottle {
  /** A submission changed `season`. */
  push(season: { year: number; month: number }): void;
  /** Drops a pending event and its timer. */
  close(): void;
}

/**
 * seasonUpdate at most once per DAILY.seasonUpdateIntervalMs (issue #4): the first change is sent at
 * once, later ones within the interval are folded into one trailing event at its end. The interval
 * is measured on the injected clock; the trailing wait is a real timer.
 */
export function createSeasonUpdateThrottle(clock: Clock, emit: (season: { year: number; month: number }) => void): SeasonUpdateThrottle {
  const interval = DAILY.seasonUpdateIntervalMs;
  let lastEmitMs = Number.NEGATIVE_INFINITY;
  let pending: { year: number; month: number } | null = null;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    if (!pending) return;
    const season = pending;
    pending = null;
    lastEmitMs = clock.now();
    emit(season);
  };
  return {
    push(season: { year: number; month: number }) {
      pending = season;
      if (timer) return;
      const wait = lastEmitMs + interval - clock.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, Math.min(wait, interval));
    },
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}
