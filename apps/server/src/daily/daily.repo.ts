/**
 * Database access of daily practice (tables in db/schema/daily.ts). Every refusal that must hold
 * across server processes lives in a constraint: the submissions primary key (one per user, date
 * and section), the badges primary key (each badge once), the votes primary key (one per user and
 * comment). Season totals are added to in the submission's transaction. The discussion's reads and
 * writes are daily-comments.repo.ts, spread into the DailyRepo returned here. Players' names,
 * guest flags and ratings come from accounts (accounts/players.service.ts, the owner of users):
 * a board reads its rows, then their players by id in one query.
 */
import { and, asc, desc, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { DailySectionKey } from '@mathsprint/shared/protocol';
import type { SolvedDay } from '@mathsprint/shared/domain';
import { findPlayer, playersByIds, type Player } from '../accounts/players.service.js';
import { dailyAnswers, dailyBadges, dailyOpens, dailySeasonTotals, dailySubmissions } from '../db/schema/daily.js';
import type { Database, Queryable, Transaction } from '../platform/db.js';
import { createDailyCommentsRepo } from './daily-comments.repo.js';

/** The fields of a user that daily practice reads. rating and rd in rating points. */
export interface DailyUser {
  id: string;
  name: string;
  isGuest: boolean;
  rating: number;
  rd: number;
  /** When the account was made, epoch ms (the streak calendar starts there). */
  joinedAt: number;
}

const dailyUser = ({ id, name, isGuest, rating, rd, joinedAt }: Player): DailyUser => ({ id, name, isGuest, rating, rd, joinedAt });

/** A stored submission. Times in epoch ms. */
export interface SubmissionRecord {
  userId: string;
  date: string;
  sectionKey: DailySectionKey;
  practicePoints: number;
  basePoints: number;
  speedBonus: number;
  correctCount: number;
  total: number;
  timeTakenMs: number;
  submittedMs: number;
}

/** A stored answer. */
export interface AnswerRecord {
  questionIndex: number;
  userAnswer: number | null;
  isCorrect: boolean;
  timeMs: number;
}

/** A ranking row of a section's day. */
export interface RankingRow {
  userId: string;
  name: string;
  practicePoints: number;
  timeTakenMs: number;
  correctCount: number;
}

/** A season board row. */
export interface SeasonRow {
  userId: string;
  name: string;
  seasonPoints: number;
  rating: number;
  rd: number;
}

const submissionColumns = {
  userId: dailySubmissions.userId,
  date: dailySubmissions.date,
  sectionKey: dailySubmissions.sectionKey,
  practicePoints: dailySubmissions.practicePoints,
  basePoints: dailySubmissions.basePoints,
  speedBonus: dailySubmissions.speedBonus,
  correctCount: dailySubmissions.correctCount,
  total: dailySubmissions.total,
  timeTakenMs: dailySubmissions.timeTakenMs,
  submittedAt: dailySubmissions.submittedAt,
};

type SubmissionSelect = Omit<SubmissionRecord, 'submittedMs' | 'sectionKey'> & { sectionKey: string; submittedAt: Date };

const toSubmission = ({ submittedAt, ...row }: SubmissionSelect): SubmissionRecord => ({
  ...row,
  sectionKey: row.sectionKey as DailySectionKey,
  submittedMs: submittedAt.getTime(),
});

const sectionOf = (userId: string, date: string, sectionKey: string) =>
  and(eq(dailySubmissions.userId, userId), eq(dailySubmissions.date, date), eq(dailySubmissions.sectionKey, sectionKey));

export function createDailyRepo(db: Database) {
  return {
    async findUser(userId: string): Promise<DailyUser | null> {
      const player = await findPlayer(db, userId);
      return player ? dailyUser(player) : null;
    },

    /** Several users at once (batched reads of daily-boards and the season). */
    async findUsers(ids: readonly string[]): Promise<Map<string, DailyUser>> {
      const players = await playersByIds(db, ids);
      return new Map([...players].map(([id, player]) => [id, dailyUser(player)]));
    },

    /**
     * Records the first opening of a section; a later call keeps the first time.
     * @returns the first opening's time, epoch ms.
     */
    async recordOpen(userId: string, date: string, sectionKey: DailySectionKey, nowMs: number): Promise<number> {
      const [row] = await db
        .insert(dailyOpens)
        .values({ userId, date, sectionKey, openedAt: new Date(nowMs) })
        .onConflictDoUpdate({
          target: [dailyOpens.userId, dailyOpens.date, dailyOpens.sectionKey],
          // A no-op update, so RETURNING gives the stored (first) time.
          set: { openedAt: sql`${dailyOpens.openedAt}` },
        })
        .returning({ openedAt: dailyOpens.openedAt });
      return row!.openedAt.getTime();
    },

    /** The first opening's time (epoch ms), or null when the user never opened the section. */
    async findOpen(userId: string, date: string, sectionKey: DailySectionKey): Promise<number | null> {
      const [row] = await db
        .select({ openedAt: dailyOpens.openedAt })
        .from(dailyOpens)
        .where(and(eq(dailyOpens.userId, userId), eq(dailyOpens.date, date), eq(dailyOpens.sectionKey, sectionKey)))
        .limit(1);
      return row ? row.openedAt.getTime() : null;
    },

    /** The user's submission of a section with its answers in question order, or null. */
    async findSubmission(userId: string, date: string, sectionKey: DailySectionKey): Promise<{ submission: SubmissionRecord; answers: AnswerRecord[] } | null> {
      const [row] = await db.select(submissionColumns).from(dailySubmissions).where(sectionOf(userId, date, sectionKey)).limit(1);
      if (!row) return null;
      const answers = await db
        .select({
          questionIndex: dailyAnswers.questionIndex,
          userAnswer: dailyAnswers.userAnswer,
          isCorrect: dailyAnswers.isCorrect,
          timeMs: dailyAnswers.timeMs,
        })
        .from(dailyAnswers)
        .where(and(eq(dailyAnswers.userId, userId), eq(dailyAnswers.date, date), eq(dailyAnswers.sectionKey, sectionKey)))
        .orderBy(asc(dailyAnswers.questionIndex));
      return { submission: toSubmission(row), answers };
    },

    /** Practice points of each section the user submitted on `date`. */
    async pointsOnDate(userId: string, date: string): Promise<Map<DailySectionKey, number>> {
      const rows = await db
        .select({ sectionKey: dailySubmissions.sectionKey, practicePoints: dailySubmissions.practicePoints })
        .from(dailySubmissions)
        .where(and(eq(dailySubmissions.userId, userId), eq(dailySubmissions.date, date)));
      return new Map(rows.map((r) => [r.sectionKey as DailySectionKey, r.practicePoints]));
    },

    /**
     * Inserts a submission and its answers, unless one exists for the user, date and section.
     * @returns false (and writes nothing) when it already existed.
     */
    async insertSubmission(tx: Transaction, s: SubmissionRecord, answers: readonly AnswerRecord[]): Promise<boolean> {
      const inserted = await tx
        .insert(dailySubmissions)
        .values({ ...s, submittedAt: new Date(s.submittedMs) })
        .onConflictDoNothing()
        .returning({ userId: dailySubmissions.userId });
      if (inserted.length === 0) return false;
      if (answers.length > 0) {
        await tx.insert(dailyAnswers).values(answers.map((a) => ({ userId: s.userId, date: s.date, sectionKey: s.sectionKey, ...a })));
      }
      return true;
    },

    /** Adds `points` to the user's season total. @returns the new total. */
    async addSeasonPoints(tx: Transaction, season: string, userId: string, points: number, nowMs: number): Promise<number> {
      const [row] = await tx
        .insert(dailySeasonTotals)
        .values({ season, userId, seasonPoints: points, updatedAt: new Date(nowMs) })
        .onConflictDoUpdate({
          target: [dailySeasonTotals.season, dailySeasonTotals.userId],
          set: { seasonPoints: sql`${dailySeasonTotals.seasonPoints} + ${points}`, updatedAt: new Date(nowMs) },
        })
        .returning({ seasonPoints: dailySeasonTotals.seasonPoints });
      return row!.seasonPoints;
    },

    /** True when the user has a submission other than the given one. */
    async hasOtherSubmission(tx: Queryable, userId: string, date: string, sectionKey: DailySectionKey): Promise<boolean> {
      const [row] = await tx
        .select({ date: dailySubmissions.date })
        .from(dailySubmissions)
        .where(and(eq(dailySubmissions.userId, userId), or(ne(dailySubmissions.date, date), ne(dailySubmissions.sectionKey, sectionKey))))
        .limit(1);
      return row !== undefined;
    },

    /** The user's solved days on or after `from` (all when null): sections submitted and points per date. */
    async solvedDays(q: Queryable, userId: string, from: string | null): Promise<SolvedDay[]> {
      const rows = await q
        .select({
          date: dailySubmissions.date,
          count: sql<number>`count(*)::int`,
          practicePoints: sql<number>`sum(${dailySubmissions.practicePoints})::int`,
        })
        .from(dailySubmissions)
        .where(from === null ? eq(dailySubmissions.userId, userId) : and(eq(dailySubmissions.userId, userId), sql`${dailySubmissions.date} >= ${from}`))
        .groupBy(dailySubmissions.date)
        .orderBy(asc(dailySubmissions.date));
      return rows.map((r) => ({ date: r.date, count: Number(r.count), practicePoints: Number(r.practicePoints) }));
    },

    /** Solved days of several users at once (every date they submitted on), in date order per user. */
    async solvedDaysOf(userIds: readonly string[]): Promise<Map<string, SolvedDay[]>> {
      const rows = await db
        .select({
          userId: dailySubmissions.userId,
          date: dailySubmissions.date,
          count: sql<number>`count(*)::int`,
          practicePoints: sql<number>`sum(${dailySubmissions.practicePoints})::int`,
        })
        .from(dailySubmissions)
        .where(inArray(dailySubmissions.userId, [...userIds]))
        .groupBy(dailySubmissions.userId, dailySubmissions.date)
        .orderBy(asc(dailySubmissions.userId), asc(dailySubmissions.date));
      const byUser = new Map<string, SolvedDay[]>(userIds.map((id) => [id, []]));
      for (const r of rows) byUser.get(r.userId)?.push({ date: r.date, count: Number(r.count), practicePoints: Number(r.practicePoints) });
      return byUser;
    },

    async heldBadges(tx: Queryable, userId: string): Promise<Set<string>> {
      const rows = await tx.select({ badge: dailyBadges.badge }).from(dailyBadges).where(eq(dailyBadges.userId, userId));
      return new Set(rows.map((r) => r.badge));
    },

    /** Awards badges not yet held. @returns the codes this call inserted. */
    async insertBadges(tx: Transaction, userId: string, badges: readonly string[], nowMs: number): Promise<Set<string>> {
      if (badges.length === 0) return new Set();
      const rows = await tx
        .insert(dailyBadges)
        .values(badges.map((badge) => ({ userId, badge, awardedAt: new Date(nowMs) })))
        .onConflictDoNothing()
        .returning({ badge: dailyBadges.badge });
      return new Set(rows.map((r) => r.badge));
    },

    /** A section's day ranking: points (higher first), then time taken, then submission time; `daily_submissions_rank_idx` order. */
    async ranking(date: string, sectionKey: DailySectionKey, limit: number): Promise<RankingRow[]> {
      const rows = await db
        .select({
          userId: dailySubmissions.userId,
          practicePoints: dailySubmissions.practicePoints,
          timeTakenMs: dailySubmissions.timeTakenMs,
          correctCount: dailySubmissions.correctCount,
        })
        .from(dailySubmissions)
        .where(and(eq(dailySubmissions.date, date), eq(dailySubmissions.sectionKey, sectionKey)))
        .orderBy(desc(dailySubmissions.practicePoints), asc(dailySubmissions.timeTakenMs), asc(dailySubmissions.submittedAt))
        .limit(limit);
      const players = await playersByIds(db, rows.map((r) => r.userId));
      return rows.flatMap(({ userId, ...row }) => {
        const player = players.get(userId);
        return player ? [{ userId, name: player.name, ...row }] : [];
      });
    },

    /** The season's best `limit` rows: points descending, then who got there first. */
    async seasonTop(season: string, limit: number): Promise<SeasonRow[]> {
      const rows = await db
        .select({ userId: dailySeasonTotals.userId, seasonPoints: dailySeasonTotals.seasonPoints })
        .from(dailySeasonTotals)
        .where(eq(dailySeasonTotals.season, season))
        .orderBy(desc(dailySeasonTotals.seasonPoints), asc(dailySeasonTotals.updatedAt), asc(dailySeasonTotals.userId))
        .limit(limit);
      const players = await playersByIds(db, rows.map((r) => r.userId));
      return rows.flatMap(({ userId, seasonPoints }) => {
        const player = players.get(userId);
        return player ? [{ userId, name: player.name, seasonPoints, rating: player.rating, rd: player.rd }] : [];
      });
    },

    /** Every season total of a season, highest first (for the in-memory rank index). */
    async seasonPoints(season: string): Promise<Array<{ userId: string; seasonPoints: number }>> {
      return db
        .select({ userId: dailySeasonTotals.userId, seasonPoints: dailySeasonTotals.seasonPoints })
        .from(dailySeasonTotals)
        .where(eq(dailySeasonTotals.season, season))
        .orderBy(desc(dailySeasonTotals.seasonPoints));
    },

    /** Totals of a season updated at or after `sinceMs` (epoch ms), via daily_season_totals_updated_idx. */
    async seasonPointsSince(season: string, sinceMs: number): Promise<Array<{ userId: string; seasonPoints: number }>> {
      return db
        .select({ userId: dailySeasonTotals.userId, seasonPoints: dailySeasonTotals.seasonPoints })
        .from(dailySeasonTotals)
        .where(and(eq(dailySeasonTotals.season, season), gte(dailySeasonTotals.updatedAt, new Date(sinceMs))));
    },

    ...createDailyCommentsRepo(db),
  };
}

export type DailyRepo = ReturnType<typeof createDailyRepo>;
