/**
 * Who is who in a player list (spec §2 "Multiplayer game": "The current player is identified by
 * name, or by userId matching the stored user id"; "The highest scorer, if above 0, is marked
 * 'Leading'").
 */
import type { DuelPlayer } from '@mathsprint/shared/protocol';
import { questionNumber } from '../../../lib/question-progress';

/** The signed-in user as the screens know them: the stored user's `_id` and `name`. */
export interface Me {
  _id?: string | null;
  name?: string | null;
}

/**
 * Whether `player` is the current user. When both sides carry an id, the id decides: two accounts
 * may share a display name, and a name match alone would then mark both rows '(You)'. Without an id
 * on either side (guests in an older room, the single-player 'You' row) the name decides.
 */
export function isCurrentPlayer(player: Pick<DuelPlayer, 'name' | 'userId'>, me: Me | null | undefined): boolean {
  if (!me) return false;
  if (player.userId && me._id) return player.userId === me._id;
  return Boolean(me.name) && player.name === me.name;
}

/** Index of the current user in `players`, or -1. */
export function findCurrentPlayerIndex(players: readonly Pick<DuelPlayer, 'name' | 'userId'>[], me: Me | null | undefined): number {
  return players.findIndex((p) => isCurrentPlayer(p, me));
}

/**
 * Index of the player marked 'Leading': the single highest scorer with more than 0 points. Equal top
 * scores have no leader (nobody is ahead), and 0 points lead nobody (spec: "if above 0").
 *
 * @returns the index in `players`, or -1 when nobody leads
 */
export function leadingPlayerIndex(players: readonly Pick<DuelPlayer, 'score'>[]): number {
  let best = -1;
  let tied = false;
  players.forEach((p, i) => {
    const top = best === -1 ? undefined : players[best];
    if (top === undefined || p.score > top.score) {
      best = i;
      tied = false;
    } else if (p.score === top.score) {
      tied = true;
    }
  });
  const leader = best === -1 ? undefined : players[best];
  return leader && leader.score > 0 && !tied ? best : -1;
}

/**
 * The list with the current user's entry raised to their own figures (points, questions solved)
 * where those are ahead. The last progressUpdate may predate this player's last answer, whose
 * acknowledgement already carried the new score; scores and indexes only grow during a game.
 */
export function withOwnProgress<P extends DuelPlayer>(players: readonly P[], me: Me | null | undefined, score: number, current: number): P[] {
  const i = findCurrentPlayerIndex(players, me);
  return players.map((p, j) => (j === i ? { ...p, score: Math.max(p.score, score), current: Math.max(p.current, current) } : p));
}

/**
 * Whether a waiting room's roomUpdate may have made this player the host. The server hands the
 * host's seat to the other player when the host leaves a waiting room, but roomUpdate carries only
 * the players list: a player who was not the host and sees the list shrink asks the server again
 * (rejoinRoom, whose acknowledgement says isHost), or they would never see Start Game.
 *
 * @param before - players in the room before the update
 * @param after - players in the room after it
 */
export function hostMayHaveChanged(before: number, after: number, isHost: boolean): boolean {
  return !isHost && after < before;
}

/**
 * A player's line in 'Players Progress': 'Question X of N' (spec §2) while they play, and
 * 'All N solved' once they have solved every question (index = N), instead of 'Question N of N',
 * which reads as if they were still on the last one. Without a question list: 'Question X'.
 */
export function progressText(current: number, total: number): string {
  if (total <= 0) return `Question ${questionNumber(current, total)}`;
  if (current >= total) return `All ${total} solved`;
  return `Question ${questionNumber(current, total)} of ${total}`;
}
