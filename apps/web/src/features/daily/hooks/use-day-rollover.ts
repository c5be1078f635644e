/**
 * Keeps the daily hub on the server's UTC day (lib/day-rollover.ts): GET /api/daily/today is read
 * once, so a hub left open across 00:00 UTC would keep the old day's sets. A timer fires just after
 * the next UTC midnight on the server's clock (estimated from the response's `serverTime`), and
 * coming back to the tab re-checks, since timers of a hidden tab or a sleeping laptop run late.
 * Either one invalidates every daily query (dailyKeys.all), and only when the estimate says the day
 * is over: the new date itself always comes from the server.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dailyKeys } from '../api/daily-api';
import { clockOffsetMs, isDayOver, nextDayCheckMs } from '../lib/day-rollover';

/**
 * @param date - the date on screen (today's response), or undefined before it loads.
 * @param serverTime - that response's `serverTime` (ISO 8601).
 * @param receivedAtMs - when that response arrived (the query's dataUpdatedAt, epoch ms); every new
 *   response re-arms the timer.
 */
export function useDayRollover(date: string | undefined, serverTime: string | undefined, receivedAtMs: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!date) return;
    const offsetMs = clockOffsetMs(serverTime, receivedAtMs);
    const serverNow = () => Date.now() + offsetMs;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: dailyKeys.all });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      timer = setTimeout(() => {
        if (isDayOver(date, serverNow())) refresh();
        // A new response re-runs this effect; until one comes (a failed request), try again later.
        arm();
      }, nextDayCheckMs(date, serverNow()));
    };
    const recheck = () => {
      if (document.visibilityState === 'visible' && isDayOver(date, serverNow())) refresh();
    };
    arm();
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', recheck);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', recheck);
    };
  }, [date, serverTime, receivedAtMs, queryClient]);
}
