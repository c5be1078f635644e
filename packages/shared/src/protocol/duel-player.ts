/**
 * The player of a Math Challenge, in its own module because both halves of the contract carry it:
 * GET /api/rooms/current (http.ts) and the room events (socket.ts), which in turn use http.ts.
 */

/** A player as rooms, progress and results show it (spec §3 "Player"). score in points. */
export interface DuelPlayer {
  name: string;
  userId?: string;
  score: number;
  /** Index of the current question = questions solved. */
  current: number;
  /** True while the player's socket is connected. */
  connected?: boolean;
  /**
   * Ours (issue #47 "Bots"), beyond spec §7: present on a finished game's players when the server
   * judged this player's answers faster than a person can ("answered faster than a person can");
   * the game then changed neither player's rating.
   */
  paceFlag?: string;
}
