/** Finished single-player timed runs (the solo domain's, solo/solo.service.ts). */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const soloRuns = pgTable(
  'solo_runs',
  {
    /** The single-player session id. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    mode: integer('mode').notNull(),
    score: integer('score').notNull(),
    solved: integer('solved').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('solo_runs_user_idx').on(t.userId)],
);
