/**
 * The players' directory: how every other domain reads the `users` table, and how the rating
 * domain writes a rating period's results into it. Accounts owns the table (db/schema/users.ts);
 * contest, daily, leaderboard and rating come here instead of joining it, so a change to what a
 * user row holds (a rename, deletion's erasure, a new column) has one home.
 *
 * Readers that list many rows read their own rows first and then the players by id in ONE query
 * (`playersByIds`), never one query per row. Id lists travel as one jsonb parameter whatever their
 * length: a contest of 20,000 players would otherwise bind 20,000 parameters.
 *
 * Each function takes a Queryable: the database, or the caller's open transaction when the read
 * or write belongs to it (a rating period locks and writes inside the transaction that applies it).
 */
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Glicko2Rating } from '@mathsprint/shared/domain';
import { users } from '../db/schema/users.js';
import type { Queryable, Transaction } from '../platform/db.js';

/** A player as other domains see one. rating and rd in rating points (unrounded). */
export interface Player {
  id: string;
  name: string;
  /** Null for guests and for OIDC accounts whose provider gave none (lower-cased). */
  email: string | null;
  isGuest: boolean;
  rating: number;
  rd: number;
  /** When the account was made, epoch ms. */
  joinedAt: number;
}

/** A player's Glicko-2 state as a rating period reads it under lock. */
export interface RatedPlayer extends Glicko2Rating {
  id: string;
  name: string;
}

/** One player's new Glicko-2 state, as a rating period stores it. */
export interface RatingUpdate extends Glicko2Rating {
  id: string;
}

/** A leaderboard candidate: rating and rd in rating points, unrounded. */
export interface RankedPlayer {
  id: string;
  name: string;
  rating: number;
  rd: number;
}

const playerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  isGuest: users.isGuest,
  rating: users.rating,
  rd: users.rd,
  createdAt: users.createdAt,
};

const toPlayer = ({ createdAt, ...row }: { createdAt: Date } & Omit<Player, 'joinedAt'>): Player => ({ ...row, joinedAt: createdAt.getTime() });

/** A list as ONE jsonb parameter (see the file header). */
function jsonParam(values: readonly unknown[]): SQL {
  return sql`${JSON.stringify(values)}::jsonb`;
}

/** `users.id in (the ids)`, with the ids as one parameter. */
const idIn = (ids: readonly string[]): SQL => sql`${users.id} in (select jsonb_array_elements_text(${jsonParam(ids)}))`;

/** One player, or null when no such user exists (deleted accounts included: their row stays). */
export async function findPlayer(q: Queryable, id: string): Promise<Player | null> {
  const [row] = await q.select(playerColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ? toPlayer(row) : null;
}

/**
 * Several players in one query, by id; ids with no user are absent from the map. Repeated ids are
 * fine; an empty list makes no query.
 */
export async function playersByIds(q: Queryable, ids: readonly string[]): Promise<Map<string, Player>> {
  if (ids.length === 0) return new Map();
  const rows = await q.select(playerColumns).from(users).where(idIn([...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, toPlayer(r)]));
}

/**
 * The top `limit` non-guest players by rating (descending, then name, then id so equal ratings
 * keep a stable order), deleted accounts left out (they can no longer play); users_rating_idx.
 */
export async function topRatedPlayers(q: Queryable, limit: number): Promise<RankedPlayer[]> {
  return q
    .select({ id: users.id, name: users.name, rating: users.rating, rd: users.rd })
    .from(users)
    .where(and(eq(users.isGuest, false), isNull(users.deletedAt)))
    .orderBy(desc(users.rating), asc(users.name), asc(users.id))
    .limit(limit);
}

/**
 * Reads and locks (`SELECT … FOR UPDATE`) the rating of each of `ids`, in id order so that two
 * rating periods sharing players cannot deadlock. Ids with no user are absent from the result.
 * @param tx - the rating period's open transaction: the locks last until it ends.
 * @returns the rows in id order.
 */
export async function lockRatings(tx: Transaction, ids: readonly string[]): Promise<RatedPlayer[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: users.id, name: users.name, rating: users.rating, rd: users.rd, volatility: users.volatility })
    .from(users)
    .where(idIn(ids))
    .orderBy(users.id)
    .for('update');
}

/**
 * Stores new ratings, RDs and volatilities in one statement (UPDATE … FROM jsonb_to_recordset).
 * Ids with no user are skipped.
 * @param tx - the transaction that locked them with `lockRatings`.
 */
export async function storeRatings(tx: Transaction, updates: readonly RatingUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  const values = jsonParam(updates.map((u) => ({ id: u.id, rating: u.rating, rd: u.rd, volatility: u.volatility })));
  await tx.execute(
    sql`update ${users} set rating = v.rating, rd = v.rd, volatility = v.volatility
        from jsonb_to_recordset(${values}) as v(id text, rating double precision, rd double precision, volatility double precision)
        where ${users.id} = v.id`,
  );
}
