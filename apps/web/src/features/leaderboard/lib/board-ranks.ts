/**
 * Ranks shown on the global leaderboard. Players with the same displayed (rounded) rating share a
 * rank, as in standard competition ranking ("1224"): a new account at 1500 is not shown last of a
 * dozen other players at 1500 only because the server breaks ties by name.
 */
import type { LeaderboardEntry } from '@mathsprint/shared/protocol';

export interface BoardRank {
  /** 1-based; equal to the previous entry's when their rounded ratings are equal. */
  rank: number;
  /** Whether another entry shares this rank. */
  tied: boolean;
}

/**
 * One rank per entry, for a list already sorted by rating descending (the server's order).
 * @returns ranks starting at 1; an entry whose rounded rating equals the previous one's gets its rank.
 */
export function boardRanks(entries: readonly Pick<LeaderboardEntry, 'rating'>[]): BoardRank[] {
  const ranks: BoardRank[] = [];
  entries.forEach((entry, index) => {
    const previous = ranks[index - 1];
    const tied = previous !== undefined && Math.round(entries[index - 1]!.rating) === Math.round(entry.rating);
    if (tied) previous.tied = true;
    ranks.push({ rank: tied ? previous.rank : index + 1, tied });
  });
  return ranks;
}

/**
 * The podium colour (1 gold, 2 silver, 3 bronze) of a rank, or null. A shared rank gets none: on a
 * board where most players still have the starting 1500, a dozen gold rings would say nothing.
 */
export function medalOf({ rank, tied }: BoardRank): 1 | 2 | 3 | null {
  return !tied && (rank === 1 || rank === 2 || rank === 3) ? rank : null;
}

/**
 * How many players the server's board holds (apps/server/src/leaderboard LEADERBOARD_SIZE): a
 * shorter list holds every non-guest account.
 */
export const BOARD_SIZE = 50;

/**
 * Whether a signed-in (non-guest) player is missing from a board that should list them: the server
 * lists every non-guest account while it has fewer than {@link BOARD_SIZE}; a process other than
 * the one that stored the sign-up reads it into its snapshot only on a later request, so a first
 * load after signing up can miss them.
 */
export function missingSignedInPlayer(
  entries: readonly Pick<LeaderboardEntry, '_id'>[],
  user: { _id: string; isGuest?: boolean } | null,
): boolean {
  if (!user || user.isGuest) return false;
  return entries.length < BOARD_SIZE && !entries.some((entry) => entry._id === user._id);
}
