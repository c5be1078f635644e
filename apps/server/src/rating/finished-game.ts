/**
 * How a finished Math Challenge counts for ratings: the outcome the rating module derives from the
 * record the duel hands over (FinishedDuel, owned by duel/finished-duel.ts), which it stores exactly
 * once (games.id is the key) and, when both players are signed-in non-guests, rates as one
 * Glicko-2 period (higher score wins, equal scores draw; issue #2 "Rating").
 */
import { rankPlayers } from '@mathsprint/shared/domain';
import type { FinishedDuel, FinishedDuelPlayer } from '../duel/duel.service.js';

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
