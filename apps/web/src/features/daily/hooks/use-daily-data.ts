/**
 * Reads of the daily practice data (spec §7 "Daily"), shared by the hub and the home card. Load
 * failures of lists are logged only, leaving empty lists (spec §8 "Leaderboard, stats, progress,
 * daily data, problems or streak load failures"). Nothing is fetched for guests or signed-out users:
 * the server answers them 401 (issue #4), and spec §6 fetches the streak only when signed in.
 */
import { DAILY } from '@mathsprint/shared/constants';
import type { DailySectionKey } from '@mathsprint/shared/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSocket } from '../../../lib/socket';
import { getToken } from '../../../lib/storage';
import { dailyKeys, getDailyLeaderboard, getDailySeason, getDailyStreak, getDailyToday } from '../api/daily-api';

function logOnly(what: string, error: unknown) {
  if (error) console.error(`Daily practice: ${what} failed to load`, error);
}

/** GET /api/daily/today. */
export function useDailyToday(enabled: boolean) {
  const query = useQuery({ queryKey: dailyKeys.today(), queryFn: getDailyToday, enabled });
  useEffect(() => logOnly('today', query.error), [query.error]);
  return query;
}

/** GET /api/daily/streak, only when signed in (spec §6). */
export function useDailyStreak(enabled: boolean) {
  const query = useQuery({ queryKey: dailyKeys.streak(), queryFn: getDailyStreak, enabled });
  useEffect(() => logOnly('streak', query.error), [query.error]);
  return query;
}

/** GET /api/daily/leaderboard for one section of one date. */
export function useDailyLeaderboard(date: string | undefined, sectionKey: DailySectionKey | null, limit: number = DAILY.leaderboardLimit) {
  const query = useQuery({
    queryKey: dailyKeys.leaderboard(date ?? '', sectionKey ?? 'basic', limit),
    queryFn: () => getDailyLeaderboard(date ?? '', sectionKey ?? 'basic', limit),
    enabled: !!date && !!sectionKey,
  });
  useEffect(() => logOnly('daily rankings', query.error), [query.error]);
  return query;
}

/**
 * GET /api/daily/season for a UTC month, reloaded (with the daily rankings on screen) whenever the
 * server pushes seasonUpdate (spec §7; issue #4: after each submission, at most once per second).
 */
export function useDailySeason(year: number | undefined, month: number | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: dailyKeys.season(year ?? 0, month ?? 0),
    queryFn: () => getDailySeason(year ?? 0, month ?? 0),
    enabled: year !== undefined && month !== undefined,
  });
  useEffect(() => logOnly('season leaderboard', query.error), [query.error]);

  useEffect(() => {
    if (!getToken()) return;
    const socket = getSocket();
    // Every submission triggers seasonUpdate, so the daily rankings on screen are stale too.
    const onSeasonUpdate = () => {
      void queryClient.invalidateQueries({ queryKey: dailyKeys.seasons() });
      void queryClient.invalidateQueries({ queryKey: dailyKeys.leaderboards() });
    };
    socket.on('seasonUpdate', onSeasonUpdate);
    return () => {
      socket.off('seasonUpdate', onSeasonUpdate);
    };
  }, [queryClient]);

  return query;
}
