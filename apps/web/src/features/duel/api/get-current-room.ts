/**
 * GET /api/rooms/current (added to spec §7; shape `CurrentRoomResponse` in
 * @mathsprint/shared/protocol http.ts): the Math Challenge room the signed-in user sits in while it
 * waits or its game runs, or null. The dashboard asks on every visit and every 5 s while a room is
 * shown, so that a game that ends elsewhere stops being offered. A failure is logged only and
 * shows nothing (spec §8: load failures of dashboard data leave the panel empty).
 */
import { currentRoomResponseSchema, type CurrentRoomResponse } from '@mathsprint/shared/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { CLOCK_REREAD_MS } from '../../../lib/countdown';

export type CurrentRoom = NonNullable<CurrentRoomResponse['room']>;

/** GET /api/rooms/current, parsed with currentRoomResponseSchema. @throws ApiError as lib/api's calls do. */
export async function getCurrentRoom(): Promise<CurrentRoom | null> {
  const { room } = await api.get('/api/rooms/current', currentRoomResponseSchema);
  return room;
}

export const currentRoomQueryOptions = () =>
  queryOptions({
    queryKey: ['duel', 'current-room'] as const,
    queryFn: getCurrentRoom,
    staleTime: 0,
    // Not kept once the dashboard is gone: coming back, an old answer would offer a game that ended.
    gcTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data ? CLOCK_REREAD_MS : false),
  });

/**
 * The current room, when it was read (epoch ms, to count its time left down), and whether the first
 * answer is still awaited (`checking`: the dashboard marks its notices busy meanwhile, so that focus
 * after a navigation waits for them; components/ui/route-change focusTarget).
 */
export function useCurrentRoom(): { room: CurrentRoom | null; readAt: number; checking: boolean } {
  const query = useQuery(currentRoomQueryOptions());
  useEffect(() => {
    if (query.error) console.error('Math Challenge: the current room failed to load', query.error);
  }, [query.error]);
  return { room: query.data ?? null, readAt: query.dataUpdatedAt, checking: query.isLoading };
}
