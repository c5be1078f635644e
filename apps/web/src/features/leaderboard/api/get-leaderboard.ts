/**
 * The global leaderboard (spec §7 "Global leaderboard"): GET /api/leaderboard with credentials and
 * JSON headers; the body is parsed entry by entry (the protocol's leaderboardEntrySchema) and an
 * unparseable body gives an empty list. A failed load is logged only and leaves the list empty
 * (spec §8).
 */
import { leaderboardEntrySchema, type LeaderboardEntry } from '@mathsprint/shared/protocol';
import { RATING } from '@mathsprint/shared/constants';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

/** The protocol's entry, with a missing or unreadable rd read as the spec's default (350). */
const entrySchema = leaderboardEntrySchema.extend({ rd: z.number().catch(RATING.defaultRd) });

/** Keeps the well-formed entries of a list (the HTTP `top`, or a `leaderboardUpdate` payload). */
export function parseLeaderboardEntries(list: unknown): LeaderboardEntry[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = entrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Parses the raw response text `{top: [...]}`; anything unparseable gives []. */
export function parseLeaderboardBody(text: string): LeaderboardEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  return data && typeof data === 'object' && 'top' in data ? parseLeaderboardEntries(data.top) : [];
}

/** Loads the top list. Never throws: failures are logged and give []. */
export async function getLeaderboard(): Promise<LeaderboardEntry[]> {
  try {
    const response = await fetch('/api/leaderboard', {
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    });
    if (!response.ok) {
      console.error(`Leaderboard load failed: HTTP ${response.status}`);
      return [];
    }
    return parseLeaderboardBody(await response.text());
  } catch (error) {
    console.error('Leaderboard load failed', error);
    return [];
  }
}

export const leaderboardQueryKey = ['leaderboard'] as const;

export function leaderboardQueryOptions() {
  return queryOptions({ queryKey: leaderboardQueryKey, queryFn: getLeaderboard, staleTime: 30_000 });
}
