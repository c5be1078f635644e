/**
 * The global leaderboard, kept live: loaded once over HTTP, then replaced whenever the server
 * pushes `leaderboardUpdate` (a bare array; spec §2 "replaced live", §7).
 */
import type { LeaderboardEntry } from '@mathsprint/shared/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSocket } from '../../../lib/socket';
import { getToken } from '../../../lib/storage';
import { leaderboardQueryKey, leaderboardQueryOptions, parseLeaderboardEntries } from '../api/get-leaderboard';

export function useLeaderboard(): { entries: LeaderboardEntry[]; isLoading: boolean } {
  const queryClient = useQueryClient();
  const query = useQuery(leaderboardQueryOptions());

  useEffect(() => {
    if (!getToken()) return;
    const socket = getSocket();
    const onUpdate = (payload: unknown) => {
      queryClient.setQueryData(leaderboardQueryKey, parseLeaderboardEntries(payload));
    };
    socket.on('leaderboardUpdate', onUpdate);
    return () => {
      socket.off('leaderboardUpdate', onUpdate);
    };
  }, [queryClient]);

  return { entries: query.data ?? [], isLoading: query.isPending };
}
