/**
 * Which congratulations on rank a contest place earns, given the size of its field (issue #47):
 * the badges contest-winner, contest-top-3, contest-top-10 and contest-top-performer, and the
 * results page's rank and percentile messages. Pure; the server's badges and the web app's messages
 * both come from here, so they never disagree.
 *
 * Rule (a departure from spec §2/§3, which award "rank up to 3: top 3", "rank up to 10: top 10",
 * "percentile 90 or more: top 10%" whatever the field; docs/spec-departures.md): an honour needs a
 * field LARGER than its rank — top 3 at least 4 players, top 10 at least 11, the top tenth at least
 * 10, winning at least 2 — and the last place of a field (nobody ranked behind it, ties included)
 * is never congratulated on rank. Without it the last of 4 players was told "You made the top 10!".
 */

/** Smallest field (submitted attempts) in which each honour means something. */
export const RANK_HONOUR_MIN_FIELD = {
  winner: 2,
  top3: 4,
  top10: 11,
  /** Percentile ≥ 90 is "the top tenth": it takes 10 players to have one. */
  topPerformer: 10,
  /** Percentile ≥ 75, "the top quarter". */
  top25Percent: 4,
  /** Percentile ≥ 50. */
  aboveAverage: 2,
} as const;

/** A finalized place in a contest's field. */
export interface FieldPlace {
  /** 1-based, shared by exact ties (1, 2, 2, 4). */
  rank: number;
  /** 0–100 (`percentileForRank`). */
  percentile: number;
  /** Ranked (submitted) attempts in the field, ≥ 1. */
  participants: number;
  /** Nobody is ranked behind this place (`isLastPlace`). */
  last: boolean;
}

/** The honours a place earns; every one whose rule holds is true (a winner is also top 3 and top 10). */
export interface RankHonours {
  winner: boolean;
  top3: boolean;
  top10: boolean;
  /** Percentile ≥ 90. */
  topPerformer: boolean;
  /** Percentile ≥ 75. */
  top25Percent: boolean;
  /** Percentile ≥ 50. */
  aboveAverage: boolean;
}

const NONE: RankHonours = { winner: false, top3: false, top10: false, topPerformer: false, top25Percent: false, aboveAverage: false };

/**
 * Whether nobody is ranked behind `rank`: true for the last place and for everyone tied on it.
 *
 * @param ranks - the ranks of the whole field, or as much of it as is known; a rank ≥ `participants`
 *   is last whatever `ranks` holds.
 */
export function isLastPlace(rank: number, participants: number, ranks: readonly number[]): boolean {
  if (rank >= participants) return true;
  if (ranks.length < participants) return false;
  return !ranks.some((other) => other > rank);
}

/** The honours of `place` (rule in the module comment). An invalid place earns none. */
export function rankHonours({ rank, percentile, participants, last }: FieldPlace): RankHonours {
  if (last || !Number.isInteger(rank) || rank < 1 || !Number.isInteger(participants) || rank > participants) return NONE;
  const field = (min: number) => participants >= min;
  const pct = Number.isFinite(percentile) ? percentile : 0;
  return {
    winner: rank === 1 && field(RANK_HONOUR_MIN_FIELD.winner),
    top3: rank <= 3 && field(RANK_HONOUR_MIN_FIELD.top3),
    top10: rank <= 10 && field(RANK_HONOUR_MIN_FIELD.top10),
    topPerformer: pct >= 90 && field(RANK_HONOUR_MIN_FIELD.topPerformer),
    top25Percent: pct >= 75 && field(RANK_HONOUR_MIN_FIELD.top25Percent),
    aboveAverage: pct >= 50 && field(RANK_HONOUR_MIN_FIELD.aboveAverage),
  };
}
