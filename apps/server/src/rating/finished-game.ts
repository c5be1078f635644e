/**
 * What the duel module hands over when a Math Challenge ends. The rating module stores it exactly
 * once (games.id is the key) and, when both players are signed-in non-guests, applies one Glicko-2
 * rating period to both (higher score wins, equal scores draw; issue #2 "Rating").
 */
import { rankPlayers } from '@mathsprint/shared/domain';
import { z } from 'zod';

export interface FinishedDuelPlayer {
  /** Seat 0 is the host. */
  seat: number;
  userId: string | null;
  name: string;
  isGuest: boolean;
  /** Points scored. */
  score: number;
  /** Questions solved. */
  solved: number;
  /** The pace rule's reason when the player answered faster than a person can (issue #47), else
   * null or absent: a flagged game changes neither player's rating. */
  paceFlag?: string | null;
}

export interface FinishedDuel {
  /** Unique per game (a rematch is a new game). */
  gameId: string;
  roomCode: string;
  /** Minutes. */
  mode: number;
  /** Epoch ms. */
  startedAt: number;
  endedAt: number;
  players: FinishedDuelPlayer[];
}

/**
 * Runtime shape check of a FinishedDuel. The duel module is trusted code, but a malformed record
 * would fail its database insert on every retry, so it is refused up front and logged as a bug.
 * Scores and solved counts are whole non-negative numbers (the columns are integers).
 */
export const finishedDuelSchema = z.object({
  gameId: z.string().min(1).max(200),
  roomCode: z.string().min(1).max(32),
  mode: z.number().int().positive(),
  startedAt: z.number(),
  endedAt: z.number(),
  players: z
    .array(
      z.object({
        seat: z.number().int().nonnegative(),
        userId: z.string().min(1).nullable(),
        name: z.string().max(200),
        isGuest: z.boolean(),
        score: z.number().int().nonnegative(),
        solved: z.number().int().nonnegative(),
        paceFlag: z.string().max(500).nullable().optional(),
      }),
    )
    .min(1)
    .refine((players) => new Set(players.map((p) => p.seat)).size === players.length, 'seats must be distinct'),
});

/** How a finished duel counts, derived from its scores alone (issue #2 "Rating"). */
export interface DuelOutcome {
  /** True when the first two scores are equal (spec §2 "Game results": a tie). */
  tie: boolean;
  /** The winner (highest score), or null on a tie. */
  winner: FinishedDuelPlayer | null;
  /**
   * True when the game is one Glicko-2 rating period: exactly two players, both signed in with an
   * account (not guests), with distinct user ids, and neither flagged by the pace rule (issue #47:
   * a bot's game moves no rating, so its opponent loses nothing either).
   */
  rated: boolean;
  /** The first player's Glicko-2 result against the second: 1 win, 0.5 draw, 0 loss. */
  scoreA: 0 | 0.5 | 1;
}

/** Pure: the outcome of a finished duel. Higher score wins; equal scores draw. */
export function duelOutcome(game: FinishedDuel): DuelOutcome {
  const { ranked, winnerIndex, tie } = rankPlayers(game.players);
  const [a, b] = game.players;
  const rated =
    game.players.length === 2 &&
    a !== undefined &&
    b !== undefined &&
    a.userId !== null &&
    b.userId !== null &&
    !a.isGuest &&
    !b.isGuest &&
    a.userId !== b.userId &&
    !a.paceFlag &&
    !b.paceFlag;
  const scoreA: 0 | 0.5 | 1 = !a || !b || a.score === b.score ? 0.5 : a.score > b.score ? 1 : 0;
  return {
    tie,
    winner: winnerIndex === null ? null : (ranked[0] ?? null),
    rated,
    scoreA,
  };
}
