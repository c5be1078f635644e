/**
 * The server's two sources of time, both injected so that tests can move them by hand:
 *  - `Clock` is the time the rules use: game clocks, contest transitions, the daily's date, token
 *    expiry, stored timestamps. Tests inject a ManualClock and run a whole contest without waiting.
 *  - `MonotonicClock` (the `timer` of a service's deps) is the process's own elapsed real time:
 *    cache lifetimes, retry back-offs and the pacing of timers, latency in logs. It never says what
 *    time a game or contest is at; a failed write is retried after its back-off even while a
 *    test's game clock stands still.
 * Services read neither `Date.now()` nor `new Date()` (ESLint forbids them outside platform/).
 */
import { performance } from 'node:perf_hooks';

/** The time the rules use (see the header); the wall clock in production. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/**
 * Elapsed real time of this process (see the header): what cache lifetimes, retry back-offs,
 * timer pacing and logged latencies are measured in. Never the time of a game, contest or daily.
 */
export interface MonotonicClock {
  /**
   * Milliseconds (fractional) from an arbitrary origin at or before the first reading, never
   * going back: only differences between two readings mean anything. Never negative.
   */
  now(): number;
}

/** The wall clock: `Date.now()`. */
export const systemClock: Clock = { now: () => Date.now() };

/**
 * The process's monotonic clock, `performance.now()`: unlike `Date.now()` it does not jump when
 * the system's time is set, so a cache lifetime or back-off is never cut short or stretched.
 */
export const systemTimer: MonotonicClock = { now: () => performance.now() };

/**
 * A clock moved only by the test that owns it. It serves as a manual Clock (epoch ms, default
 * 2026-01-01) or as a manual MonotonicClock (only its differences matter there).
 */
export class ManualClock implements Clock, MonotonicClock {
  constructor(private ms: number = Date.UTC(2026, 0, 1)) {}
  now(): number {
    return this.ms;
  }
  /** Moves time forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.ms += ms;
  }
  /** Sets the time to `ms` (epoch ms when used as a Clock). */
  set(ms: number): void {
    this.ms = ms;
  }
}
