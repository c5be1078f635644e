/** Finished two-player Math Challenges (games + game_players), written by rating/duel-record.ts. Single-player runs: solo.ts. */
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const games = pgTable(
  'games',
  {
    /** Game id chosen by the server when the game starts (unique per game, also per rematch). */
    id: text('id').primaryKey(),
    roomCode: text('room_code').notNull(),
    /** Duration in minutes (1, 2, 3 or 5). */
    mode: integer('mode').notNull(),
    /** Winner's user id (guest accounts have one too); null for a tie or a winner without an account. */
    winnerUserId: text('winner_user_id').references(() => users.id),
    winnerName: text('winner_name'),
    tie: boolean('tie').notNull().default(false),
    /** True when the game was a Glicko-2 rating period (both players signed in, not guests). */
    rated: boolean('rated').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('games_ended_at_idx').on(t.endedAt)],
);

export const gamePlayers = pgTable(
  'game_players',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** Seat 0 is the host. */
    seat: integer('seat').notNull(),
    userId: text('user_id').references(() => users.id),
    name: text('name').notNull(),
    /** Points scored. */
    score: integer('score').notNull(),
    /** Questions solved. */
    solved: integer('solved').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seat] }), index('game_players_user_idx').on(t.userId)],
);
