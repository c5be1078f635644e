/**
 * Database access of a daily section's discussion (spec §5 comments and votes; tables
 * daily_comments and daily_comment_votes in db/schema/daily.ts), split from daily.repo.ts, which
 * spreads these methods into the DailyRepo it returns. The one-vote-per-user-and-comment rule is
 * the votes primary key. The names and ratings of the people involved are read from accounts
 * (accounts/players.service.ts, the owner of users), by id, one query per read.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DailySectionKey, VoteType } from '@mathsprint/shared/protocol';
import { findPlayer, playersByIds, type Player } from '../accounts/players.service.js';
import { dailyCommentVotes, dailyComments, dailySubmissions } from '../db/schema/daily.js';
import type { Database } from '../platform/db.js';

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

/** The discussion methods of DailyRepo (see the file header). */
export function createDailyCommentsRepo(db: Database) {
  /** Whether `userId` submitted the section on `date`: one primary-key probe. */
  const submitted = async (userId: string, date: string, sectionKey: string): Promise<boolean> => {
    const [row] = await db
      .select({ userId: dailySubmissions.userId })
      .from(dailySubmissions)
      .where(and(eq(dailySubmissions.userId, userId), eq(dailySubmissions.date, date), eq(dailySubmissions.sectionKey, sectionKey)))
      .limit(1);
    return row !== undefined;
  };

  return {
    /**
     * What deciding a read or post in a section's discussion needs: the user's current rating and
     * whether they submitted the section on `date` (one submission per user, date and section), two
     * point reads run together.
     * @returns null when the user does not exist.
     */
    async discussant(userId: string, date: string, sectionKey: DailySectionKey): Promise<Discussant | null> {
      const [player, didSubmit] = await Promise.all([findPlayer(db, userId), submitted(userId, date, sectionKey)]);
      return player ? { isGuest: player.isGuest, rating: player.rating, submitted: didSubmit } : null;
    },

    /**
     * The same for a vote on a comment: the comment's date and section with whether the user
     * submitted that section on that date (one query), and the user's current rating (read beside it).
     * @returns null when the comment does not exist; `user` null when the user does not.
     */
    async commentDiscussant(commentId: string, userId: string): Promise<{ date: string; sectionKey: DailySectionKey; user: Discussant | null } | null> {
      const [[row], player] = await Promise.all([
        db
          .select({ date: dailyComments.date, sectionKey: dailyComments.sectionKey, submittedAt: dailySubmissions.submittedAt })
          .from(dailyComments)
          .leftJoin(
            dailySubmissions,
            and(eq(dailySubmissions.userId, userId), eq(dailySubmissions.date, dailyComments.date), eq(dailySubmissions.sectionKey, dailyComments.sectionKey)),
          )
          .where(eq(dailyComments.id, commentId))
          .limit(1),
        findPlayer(db, userId),
      ]);
      if (!row) return null;
      const user = player ? { isGuest: player.isGuest, rating: player.rating, submitted: row.submittedAt !== null } : null;
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

type CommentSelect = Omit<CommentRecord, 'votes' | 'createdMs' | 'sectionKey' | 'userName'> & { sectionKey: string; createdAt: Date };

/** The comments with their votes and their authors' names: one query for each, whatever the count. */
async function withVotes(db: Database, rows: CommentSelect[]): Promise<CommentRecord[]> {
  const ids = rows.map((r) => r.id);
  const [votes, authors] = ids.length
    ? await Promise.all([
        db
          .select({ commentId: dailyCommentVotes.commentId, userId: dailyCommentVotes.userId, voteType: dailyCommentVotes.voteType })
          .from(dailyCommentVotes)
          .where(inArray(dailyCommentVotes.commentId, ids)),
        playersByIds(db, rows.map((r) => r.userId)),
      ])
    : [[], new Map<string, Player>()];
  const byComment = new Map<string, Record<string, VoteType>>();
  for (const v of votes) {
    const map = byComment.get(v.commentId) ?? {};
    map[v.userId] = v.voteType as VoteType;
    byComment.set(v.commentId, map);
  }
  // An author always exists (comments reference users); a deleted account's row stays, renamed.
  return rows.flatMap(({ createdAt, ...r }) => {
    const author = authors.get(r.userId);
    if (!author) return [];
    return [{ ...r, userName: author.name, sectionKey: r.sectionKey as DailySectionKey, createdMs: createdAt.getTime(), votes: byComment.get(r.id) ?? {} }];
  });
}

/** The columns both comment reads select. */
function selectComments(db: Database) {
  return db
    .select({
      id: dailyComments.id,
      date: dailyComments.date,
      sectionKey: dailyComments.sectionKey,
      text: dailyComments.text,
      userId: dailyComments.userId,
      createdAt: dailyComments.createdAt,
    })
    .from(dailyComments);
}
