/**
 * Database access of daily practice (tables in db/schema/daily.ts). Every refusal that must hold
 * across server processes lives in a constraint: the submissions primary key (one per user, date
 * and section), the badges primary key (each badge once), the votes primary key (one per user and
 * comment). Season totals are added to in the submission's transaction.
 */
import { and, asc, desc, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { DailySectionKey, VoteType } from '@mathsprint/shared/protocol';
import type { SolvedDay } from '@mathsprint/shared/domain';
import {
  dailyAnswers,
  dailyBadges,
  dailyCommentVotes,
  dailyComments,
  dailyOpens,
  dailySeasonTotals,
  dailySubmissions,
  users,
} from '../db/schema/index.js';
import type { Database, Queryable, Transaction } from '../platform/db.js';

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

const userColumns = { id: users.id, name: users.name, isGuest: users.isGuest, rating: users.rating, rd: users.rd, createdAt: users.createdAt };

function dailyUser({ createdAt, ...row }: Pick<typeof users.$inferSelect, keyof typeof userColumns>): DailyUser {
  return { ...row, joinedAt: createdAt.getTime() };
}

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

/** A comment with its votes. createdMs in epoch ms. */
export interface CommentRecord {
  id: string;
  date: string;
  sectionKey: DailySectionKey;
  text: string;
  userId: string;
  userName: string;
  createdMs: number;
  votes: Record<string, VoteType>;
}

/** A would-be reader, poster or voter in a section's discussion on one date. rating in rating points. */
export interface Discussant {
  isGuest: boolean;
  rating: number;
  /** Whether they submitted the section on that date (a row in daily_submissions). */
  submitted: boolean;
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
      const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId)).limit(1);
      return row ? dailyUser(row) : null;
    },

    /** Several users at once (batched reads of daily-boards and the season). */
    async findUsers(ids: readonly string[]): Promise<Map<string, DailyUser>> {
      const rows = await db.select(userColumns).from(users).where(inArray(users.id, [...ids]));
      return new Map(rows.map((r) => [r.id, dailyUser(r)]));
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
      return db
        .select({
          userId: dailySubmissions.userId,
          name: users.name,
          practicePoints: dailySubmissions.practicePoints,
          timeTakenMs: dailySubmissions.timeTakenMs,
          correctCount: dailySubmissions.correctCount,
        })
        .from(dailySubmissions)
        .innerJoin(users, eq(users.id, dailySubmissions.userId))
        .where(and(eq(dailySubmissions.date, date), eq(dailySubmissions.sectionKey, sectionKey)))
        .orderBy(desc(dailySubmissions.practicePoints), asc(dailySubmissions.timeTakenMs), asc(dailySubmissions.submittedAt))
        .limit(limit);
    },

    /** The season's best `limit` rows: points descending, then who got there first. */
    async seasonTop(season: string, limit: number): Promise<SeasonRow[]> {
      return db
        .select({ userId: dailySeasonTotals.userId, name: users.name, seasonPoints: dailySeasonTotals.seasonPoints, rating: users.rating, rd: users.rd })
        .from(dailySeasonTotals)
        .innerJoin(users, eq(users.id, dailySeasonTotals.userId))
        .where(eq(dailySeasonTotals.season, season))
        .orderBy(desc(dailySeasonTotals.seasonPoints), asc(dailySeasonTotals.updatedAt), asc(dailySeasonTotals.userId))
        .limit(limit);
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

    /**
     * What deciding a read or post in a section's discussion needs, in one query: the user's current
     * rating and whether they submitted the section on `date` (one submission per user, date and section).
     * @returns null when the user does not exist.
     */
    async discussant(userId: string, date: string, sectionKey: DailySectionKey): Promise<Discussant | null> {
      const [row] = await db
        .select({ isGuest: users.isGuest, rating: users.rating, submittedAt: dailySubmissions.submittedAt })
        .from(users)
        .leftJoin(dailySubmissions, and(eq(dailySubmissions.userId, users.id), eq(dailySubmissions.date, date), eq(dailySubmissions.sectionKey, sectionKey)))
        .where(eq(users.id, userId))
        .limit(1);
      return row ? { isGuest: row.isGuest, rating: row.rating, submitted: row.submittedAt !== null } : null;
    },

    /**
     * The same for a vote on a comment, in one query: the comment's date and section, the user's
     * current rating and whether they submitted that section on that date.
     * @returns null when the comment does not exist; `user` null when the user does not.
     */
    async commentDiscussant(commentId: string, userId: string): Promise<{ date: string; sectionKey: DailySectionKey; user: Discussant | null } | null> {
      const [row] = await db
        .select({
          date: dailyComments.date,
          sectionKey: dailyComments.sectionKey,
          isGuest: users.isGuest,
          rating: users.rating,
          submittedAt: dailySubmissions.submittedAt,
        })
        .from(dailyComments)
        .leftJoin(users, eq(users.id, userId))
        .leftJoin(
          dailySubmissions,
          and(eq(dailySubmissions.userId, userId), eq(dailySubmissions.date, dailyComments.date), eq(dailySubmissions.sectionKey, dailyComments.sectionKey)),
        )
        .where(eq(dailyComments.id, commentId))
        .limit(1);
      if (!row) return null;
      const user = row.rating === null || row.isGuest === null ? null : { isGuest: row.isGuest, rating: row.rating, submitted: row.submittedAt !== null };
      return { date: row.date, sectionKey: row.sectionKey as DailySectionKey, user };
    },

    async insertComment(c: { id: string; date: string; sectionKey: DailySectionKey; userId: string; text: string; createdMs: number }): Promise<void> {
      await db.insert(dailyComments).values({ ...c, createdAt: new Date(c.createdMs) });
    },

    /** Comments of a section's day, newest first, with their votes. */
    async listComments(date: string, sectionKey: DailySectionKey, limit: number): Promise<CommentRecord[]> {
      const rows = await selectComments(db)
        .where(and(eq(dailyComments.date, date), eq(dailyComments.sectionKey, sectionKey)))
        .orderBy(desc(dailyComments.createdAt), desc(dailyComments.id))
        .limit(limit);
      return withVotes(db, rows);
    },

    async findComment(id: string): Promise<CommentRecord | null> {
      const rows = await selectComments(db)
        .where(eq(dailyComments.id, id))
        .limit(1);
      const [comment] = await withVotes(db, rows);
      return comment ?? null;
    },

    /**
     * Applies a vote (spec §5): the same direction again removes it, the other switches it. One
     * transaction holding the vote row's lock, so two quick clicks cannot both insert or both delete.
     * @returns false when the comment does not exist.
     */
    async vote(commentId: string, userId: string, voteType: VoteType): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [comment] = await tx.select({ id: dailyComments.id }).from(dailyComments).where(eq(dailyComments.id, commentId)).limit(1);
        if (!comment) return false;
        const where = and(eq(dailyCommentVotes.commentId, commentId), eq(dailyCommentVotes.userId, userId));
        const [current] = await tx.select({ voteType: dailyCommentVotes.voteType }).from(dailyCommentVotes).where(where).for('update');
        if (current?.voteType === voteType) {
          await tx.delete(dailyCommentVotes).where(where);
        } else {
          await tx
            .insert(dailyCommentVotes)
            .values({ commentId, userId, voteType })
            .onConflictDoUpdate({ target: [dailyCommentVotes.commentId, dailyCommentVotes.userId], set: { voteType } });
        }
        return true;
      });
    },
  };
}

export type DailyRepo = ReturnType<typeof createDailyRepo>;

type CommentSelect = Omit<CommentRecord, 'votes' | 'createdMs' | 'sectionKey'> & { sectionKey: string; createdAt: Date };

async function withVotes(db: Database, rows: CommentSelect[]): Promise<CommentRecord[]> {
  const ids = rows.map((r) => r.id);
  const votes = ids.length
    ? await db
        .select({ commentId: dailyCommentVotes.commentId, userId: dailyCommentVotes.userId, voteType: dailyCommentVotes.voteType })
        .from(dailyCommentVotes)
        .where(inArray(dailyCommentVotes.commentId, ids))
    : [];
  const byComment = new Map<string, Record<string, VoteType>>();
  for (const v of votes) {
    const map = byComment.get(v.commentId) ?? {};
    map[v.userId] = v.voteType as VoteType;
    byComment.set(v.commentId, map);
  }
  return rows.map(({ createdAt, ...r }) => ({
    ...r,
    sectionKey: r.sectionKey as DailySectionKey,
    createdMs: createdAt.getTime(),
    votes: byComment.get(r.id) ?? {},
  }));
}

/** A comment with its author's name: the columns both comment reads select. */
function selectComments(db: Database) {
  return db
    .select({
      id: dailyComments.id,
      date: dailyComments.date,
      sectionKey: dailyComments.sectionKey,
      text: dailyComments.text,
      userId: dailyComments.userId,
      userName: users.name,
      createdAt: dailyComments.createdAt,
    })
    .from(dailyComments)
    .innerJoin(users, eq(users.id, dailyComments.userId));
}
