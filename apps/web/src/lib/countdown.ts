/**
 * A server clock read once and counted down here between reads: the dashboard's notices of a
 * running Math Challenge or solo run show the time left every second while they ask the server
 * again only every few seconds.
 */
import { useEffect, useState } from 'react';

/** How often such a notice reads the server's clock again while it shows one (ms). */
export const CLOCK_REREAD_MS = 5000;

/**
 * Seconds left at `now` (epoch ms) of a clock that showed `secondsAtRead` (s) at `readAt` (epoch
 * ms): counted down by whole seconds, never below 0, never up (a clock that went backwards adds no
 * time).
 */
export function secondsLeftAt(secondsAtRead: number, readAt: number, now: number): number {
  return Math.max(0, secondsAtRead - Math.floor(Math.max(0, now - readAt) / 1000));
}

/** `secondsLeftAt` for the current time, re-rendered every second while `running`. */
export function useCountdown(secondsAtRead: number, readAt: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running, readAt]);
  return secondsLeftAt(secondsAtRead, readAt, now);
}
