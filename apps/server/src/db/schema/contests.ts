/**
 * Weekly contests (issue #3): the contest, one attempt row per registered user (made at
 * registration, so opening at 15:30 writes nothing new), and one row per answered question.
 */
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const contests = pgTable(
  'contests',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    openTime: timestamp('open_time', { withTimezone: true, mode: 'date' }).notNull(),
    /** openTime + durationMinutes; the contest is live from openTime to closeTime inclusive. */
    closeTime: timestamp('close_time', { withTimezone: true, mode: 'date' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    questionCount: integer('question_count').notNull(),
    /** Seed of the shared generator: the questions are regenerated from it, never stored. */
    seed: text('seed').notNull(),
    /**
     * Question generator version the seed is drawn with (GeneratorVersion, packages/shared
     * questions/rules.ts): the same seed draws other questions under another version. Rows made
     * before the column existed are 1; new contests get the latest (2).
     */
    questionVersion: integer('question_version').notNull().default(1),
    /** 'upcoming' | 'live' | 'closed' | 'finalized'; each change is claimed with a conditional UPDATE. */
    stage: text('stage').notNull().default('upcoming'),
    /** For contests the schedule (CONTEST_CRON) made: the occurrence's ISO time; unique, so two processes make it once. Null for operator-made contests. */
    scheduleSlot: text('schedule_slot'),
    /** The admin who scheduled it through POST /admin/contests; null for scheduled ones. */
    createdBy: text('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    liveAt: timestamp('live_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    finalizedAt: timestamp('finalized_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('contests_schedule_slot_key').on(t.scheduleSlot),
    index('contests_open_time_idx').on(t.openTime),
    index('contests_stage_idx').on(t.stage, t.closeTime),
  ],
);

export const contestAttempts = pgTable(
  'contest_attempts',
  {
    id: text('id').primaryKey(),
    contestId: text('contest_id')
      .notNull()
      .references(() => contests.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set by the first POST /contest/start. */
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    /** Set once by POST /contest/submit or, at close, by the server (autoSubmitted). */
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    autoSubmitted: boolean('auto_submitted').notNull().default(false),
    /** Points (5 per correct answer), fixed at submission. */
    totalScore: integer('total_score').notNull().default(0),
    correctCount: integer('correct_count').notNull().default(0),
    wrongCount: integer('wrong_count').notNull().default(0),
    answeredCount: integer('answered_count').notNull().default(0),
    /** Server-measured milliseconds from startedAt to submittedAt (ranking tie-breaker). */
    totalTimeMs: integer('total_time_ms').notNull().default(0),
    /** Set at finalization. */
    rank: integer('rank'),
    percentile: integer('percentile'),
    badges: text('badges').array().notNull().default([]),
  },
  (t) => [
    uniqueIndex('contest_attempts_contest_user_key').on(t.contestId, t.userId),
    index('contest_attempts_user_idx').on(t.userId, t.registeredAt),
    index('contest_attempts_rank_idx').on(t.contestId, t.rank),
  ],
);

export const contestAnswers = pgTable(
  'contest_answers',
  {
    /**
     * contest_id and user_id name an attempt (contest_attempts_contest_user_key). No foreign keys
     * here, on purpose: this is the hot table of the contest (100,000 rows written in 10 minutes),
     * and on PGlite the two per-row FK checks cost more than the rest of the upsert. Every row is
     * inserted by one statement that joins it to its started, unsubmitted attempt (contest-attempts.repo.ts
     * writeAnswers), whose own foreign keys hold, and rows are never deleted.
     */
    contestId: text('contest_id').notNull(),
    userId: text('user_id').notNull(),
    /** 0-based. */
    questionIndex: integer('question_index').notNull(),
    /** The last answer given wins until the attempt is submitted. */
    userAnswer: doublePrecision('user_answer').notNull(),
    /** Client-reported seconds on the question (statistics only). */
    timeSpent: doublePrecision('time_spent').notNull(),
    /** Server receive time of the last answer. */
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.userId, t.questionIndex] })],
);

export type ContestRow = typeof contests.$inferSelect;
export type ContestAttemptRow = typeof contestAttempts.$inferSelect;
export type ContestAnswerRow = typeof contestAnswers.$inferSelect;
