/**
 * Storing one finished Math Challenge inside a transaction: the games row, its game_players rows
 * and, for a rated game, one Glicko-2 rating period for both players (issue #2 "Rating").
 */
import { rateHeadToHead } from '@mathsprint/shared/domain';
import { gamePlayers, games } from '../db/schema/games.js';
import { duelFlagId, storeFlags } from '../fair-play/fair-play.service.js';
import type { FinishedDuel } from '../duel/duel.service.js';
import { duelOutcome } from './finished-game.js';
import type { Transaction } from '../platform/db.js';
import { applyRatingPeriod, type RatingChange } from './rating-period.js';

export type DuelRecordResult =
  /** The gameId was already stored: nothing was written. */
  | { status: 'duplicate' }
  /** Stored; `changes` holds both players' rating changes when the game was rated, else []. */
  | { status: 'recorded'; rated: boolean; changes: RatingChange[] };

/**
 * Writes `game` exactly once. games.id is the primary key and the insert is
 * `ON CONFLICT DO NOTHING`: ratings are applied only when that insert actually inserted, so a
 * second call with the same gameId (a retry after an unclear failure, or a duplicate hand-over)
 * changes nothing.
 *
 * @param tx - an open transaction or savepoint; the caller commits.
 * @param options.tau - Glicko-2 system constant τ (config GLICKO_TAU).
 * @throws the database error (unknown user id, lost connection…): the caller rolls back and retries.
 */
export async function recordDuel(tx: Transaction, game: FinishedDuel, options: { tau: number }): Promise<DuelRecordResult> {
  const outcome = duelOutcome(game);
  const inserted = await tx
    .insert(games)
    .values({
      id: game.gameId,
      roomCode: game.roomCode,
      mode: game.mode,
      winnerUserId: outcome.winner?.userId ?? null,
      winnerName: outcome.winner?.name ?? null,
      tie: outcome.tie,
      rated: outcome.rated,
      startedAt: new Date(game.startedAt),
      endedAt: new Date(game.endedAt),
    })
    .onConflictDoNothing({ target: games.id })
    .returning({ id: games.id });
  if (inserted.length === 0) return { status: 'duplicate' };

  await tx.insert(gamePlayers).values(
    game.players.map((p) => ({
      gameId: game.gameId,
      seat: p.seat,
      userId: p.userId,
      name: p.name,
      score: p.score,
      solved: p.solved,
    })),
  );

  await storeFlags(
    tx,
    game.players.flatMap((p) =>
      p.paceFlag && p.userId
        ? [{ id: duelFlagId(game.gameId, p.seat), kind: 'duel' as const, sourceId: game.gameId, userId: p.userId, reason: p.paceFlag }]
        : [],
    ),
    game.endedAt,
  );

  if (!outcome.rated) return { status: 'recorded', rated: false, changes: [] };
  const [a, b] = game.players as [FinishedDuel['players'][number], FinishedDuel['players'][number]];
  const changes = await applyRatingPeriod(tx, {
    source: 'duel',
    sourceId: game.gameId,
    userIds: [a.userId as string, b.userId as string],
    rate: ([ra, rb]) => {
      if (!ra || !rb) throw new RangeError('a duel rating period needs two players');
      return rateHeadToHead(ra, rb, outcome.scoreA, { tau: options.tau });
    },
  });
  // null cannot happen here (the games row is new, so no history exists for it) unless history was
  // written by hand; the game then stays recorded without a second rating change.
  return { status: 'recorded', rated: changes !== null, changes: changes ?? [] };
}
