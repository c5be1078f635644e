/**
 * Daily practice (issue #4): section opens and submissions, per-question answers, badges, the
 * maintained per-user season totals, and the per-section discussion with votes.
 *
 * Dates are UTC calendar dates stored as 'YYYY-MM-DD' text (they compare in calendar order); a
 * season is 'YYYY-MM'. Section questions are never stored: they are regenerated from the date and
 * key (packages/shared domain/daily/sections.ts).
 */
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.js';

/** When a user first opened a section: the server-measured time taken runs from here to submission. */
export const dailyOpens = pgTable(
  'daily_opens',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    date: text('date').notNull(),
    sectionKey: text('section_key').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date, t.sectionKey] })],
);

/**
 * One row per accepted submission; the primary key makes a second one impossible (409 "Already
 * submitted today"). Its prefix (user_id, date) serves the streak read; daily_submissions_rank_idx
 * gives a section's daily rankings in order without a sort.
 */
export const dailySubmissions = pgTable(
  'daily_submissions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    date: text('date').notNull(),
    sectionKey: text('section_key').notNull(),
    practicePoints: integer('practice_points').notNull(),
    basePoints: integer('base_points').notNull(),
    speedBonus: integer('speed_bonus').notNull(),
    correctCount: integer('correct_count').notNull(),
    total: integer('total').notNull(),
    /** Server-measured ms from the first opening to the submission. */
    timeTakenMs: integer('time_taken_ms').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.date, t.sectionKey] }),
    index('daily_submissions_rank_idx').on(t.date, t.sectionKey, sql`${t.practicePoints} DESC`, t.timeTakenMs, t.submittedAt),
  ],
);

/**
 * Per-question answers of a submission, with the client's ms (statistics only, issue #4). No
 * foreign key: rows are written only in the transaction that inserts their submission.
 */
export const dailyAnswers = pgTable(
  'daily_answers',
  {
    userId: text('user_id').notNull(),
    date: text('date').notNull(),
    sectionKey: text('section_key').notNull(),
    /** 0-based. */
    questionIndex: integer('question_index').notNull(),
    /** Null when left blank. */
    userAnswer: doublePrecision('user_answer'),
    isCorrect: boolean('is_correct').notNull(),
    timeMs: integer('time_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date, t.sectionKey, t.questionIndex] })],
);

/** Badges of daily practice; each at most once per user (issue #4). */
export const dailyBadges = pgTable(
  'daily_badges',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    badge: text('badge').notNull(),
    awardedAt: timestamp('awarded_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badge] })],
);

/**
 * Season points per user and season ('YYYY-MM'), added to by every submission in the same
 * transaction, so the season board never sums submissions at read time.
 */
export const dailySeasonTotals = pgTable(
  'daily_season_totals',
  {
    season: text('season').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    seasonPoints: integer('season_points').notNull(),
    /** The last submission that added to it: earlier holders of equal points are listed first. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.season, t.userId] }),
    index('daily_season_totals_rank_idx').on(t.season, sql`${t.seasonPoints} DESC`, t.updatedAt),
    // Re-reads of the totals other processes changed (daily-boards.ts).
    index('daily_season_totals_updated_idx').on(t.season, t.updatedAt),
  ],
);

/** Discussion comments of a section on a date; plain text, 1–500 characters after trimming. */
export const dailyComments = pgTable(
  'daily_comments',
  {
    id: text('id').primaryKey(),
    date: text('date').notNull(),
    sectionKey: text('section_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('daily_comments_section_idx').on(t.date, t.sectionKey, t.createdAt)],
);

/** One vote per user and comment: 'up' or 'down'. Voting the same way again deletes the row. */
export const dailyCommentVotes = pgTable(
  'daily_comment_votes',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => dailyComments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    voteType: text('vote_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);
