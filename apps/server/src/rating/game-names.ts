/**
 * The players' names copied into stored Math Challenges (game_players.name, games.winner_name; the
 * tables are the rating domain's, db/schema/games.ts, written by duel-record.ts). Deleting an
 * account (accounts/account-deletion.ts) replaces them, in the transaction that erases it.
 */
import { eq } from 'drizzle-orm';
import { gamePlayers, games } from '../db/schema/games.js';
import type { Transaction } from '../platform/db.js';

/** Sets the name of `userId` in every stored game it played and every game it won to `name`. */
export async function renamePlayerInGames(tx: Transaction, userId: string, name: string): Promise<void> {
  await tx.update(gamePlayers).set({ name }).where(eq(gamePlayers.userId, userId));
  await tx.update(games).set({ winnerName: name }).where(eq(games.winnerUserId, userId));
}
