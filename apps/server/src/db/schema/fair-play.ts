/**
 * Fair-play flags (issue #47 "Bots"): one row per result the pace rule
 * (packages/shared/src/domain/fair-play/pace.ts) judged faster than a person can play. A flagged
 * result changes no rating, takes no badge and sets no record; an operator may clear the flag
 * (`npm run admin -- clear ID`), which unmarks it from then on without recomputing anything.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const fairPlayFlags = pgTable(
  'fair_play_flags',
  {
    /**
     * The flagged attempt's id, which is also what operators name: a contest attempt's id, a
     * single-player run's id, or `{gameId}:{seat}` for one player of a Math Challenge.
     */
    id: text('id').primaryKey(),
    /** 'duel' | 'contest' | 'solo'. */
    kind: text('kind').notNull(),
    /** The game id, contest id or run id the attempt belongs to. */
    sourceId: text('source_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PACE_FLAG_MESSAGE with the figures, e.g. "answered faster than a person can: median 1 ms per answer over 30 answers". */
    reason: text('reason').notNull(),
    flaggedAt: timestamp('flagged_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set by an operator's clear; a cleared flag no longer marks the result. */
    clearedAt: timestamp('cleared_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('fair_play_flags_source_idx').on(t.kind, t.sourceId), index('fair_play_flags_open_idx').on(t.clearedAt, t.flaggedAt)],
);

export type FairPlayFlagRow = typeof fairPlayFlags.$inferSelect;
