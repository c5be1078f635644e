/**
 * What the duel module hands over when a Math Challenge ends. The rating module stores it exactly
 * once (games.id is the key) and, when both players are signed-in non-guests, applies one Glicko-2
 * rating period to both (higher score wins, equal scores draw; issue #2 "Rating").
 */
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
