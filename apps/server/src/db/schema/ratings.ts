/** Rating history: one row per player per rating period, written exactly once per (user, source, sourceId). */
import { doublePrecision, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const ratingHistory = pgTable(
  'rating_history',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** 'duel' or 'contest'. */
    source: text('source').notNull(),
    /** games.id for a duel, the contest id for a contest. */
    sourceId: text('source_id').notNull(),
    ratingBefore: doublePrecision('rating_before').notNull(),
    rdBefore: doublePrecision('rd_before').notNull(),
    volatilityBefore: doublePrecision('volatility_before').notNull(),
    ratingAfter: doublePrecision('rating_after').notNull(),
    rdAfter: doublePrecision('rd_after').notNull(),
    volatilityAfter: doublePrecision('volatility_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rating_history_once_key').on(t.userId, t.source, t.sourceId),
    index('rating_history_user_idx').on(t.userId, t.createdAt),
  ],
);
