/**
 * The per-section discussion of daily practice (issue #4 "Discussion"; spec §3 "Daily comment",
 * §5 "Comment", "Vote"): plain-text comments, votes, and their live broadcast to the room
 * 'comments:{date}:{sectionKey}' — only after the change is stored. Clients never relay these
 * events: newComment and commentVoted have no client-side route (platform/socket.ts answers
 * "Unknown event"), so a client cannot forge a comment or a vote.
 *
 * A section's discussion is the caller's only once they have submitted that set on that date
 * (issue #47, Project Euler's rule: its comments can give the answers away): reading, joining its
 * room (daily.socket.ts), posting and voting are refused with 403 before that
 * (section-access.ts `discussionLockedReason`), and the web app's panel says so.
 */
import { randomUUID } from 'node:crypto';
import {
  DAILY_ERRORS,
  ErrorCode,
  commentRoom,
  type DailyCommentResponse,
  type ErrorReply,
  type DailyCommentsResponse,
  type DailySectionKey,
  type VoteType,
} from '@mathsprint/shared/protocol';
import type { Clock } from '../platform/clock.js';
import type { Notifier } from '../platform/notifier.js';
import type { RateLimiterFactory } from '../platform/rate-limiters.js';
import type { Discussant } from './daily-comments.repo.js';
import type { DailyRepo } from './daily.repo.js';
import type { DailyMember } from './daily.service.js';
import { commentView } from './daily.views.js';
import { discussionLockedReason, sectionLockedReason } from './section-access.js';
import { AppError } from '../platform/app-error.js';

export interface DailyComments {
  /**
   * POST /api/daily/comment: stores the comment (already trimmed, 1–500 characters), then sends
   * newComment to its room. One read decides the lock: the caller's current rating and their
   * opening of the section on `date` (DailyRepo.discussant); the rate limit is counted first, so
   * a flood of refused posts never reaches the database.
   * @throws AppError RATE_LIMITED (429) 'You are posting comments too quickly. Please wait a moment.';
   *   403 'Submit this set to read and join its discussion' before the caller submitted it on
   *   `date` (a locked section's text instead: 'The Intermediate section unlocks at rating 1600
   *   (yours is 1523)'); 401 'Please sign in with an account to use daily practice' when the
   *   account is gone.
   */
  post(user: DailyMember, date: string, sectionKey: DailySectionKey, text: string): Promise<DailyCommentResponse>;
  /**
   * GET /api/daily/comments: newest first, at most `limit`, to a caller who submitted the set on `date`.
   * @throws AppError 403 before that, as `post`; 401 when the account is gone.
   */
  list(user: DailyMember, date: string, sectionKey: DailySectionKey, limit: number): Promise<DailyCommentsResponse>;
  /**
   * Why `user` may not read the discussion of `sectionKey` on `date` (the 403 or 401 text of
   * `list`, with LOGIN_REQUIRED for the 401 and SUBMIT_TO_DISCUSS for the 403), or null when they
   * may: joinCommentRoom (daily.socket.ts) asks this before joining and acknowledges it as it is.
   */
  readRefusal(user: DailyMember, date: string, sectionKey: DailySectionKey): Promise<ErrorReply | null>;
  /**
   * POST /api/daily/comments/{id}/vote: the same direction again removes the caller's vote, the
   * other switches it (spec §5). Sends commentVoted with the updated comment to its room. One
   * read finds the comment's section and decides its lock as `post` does
   * (DailyRepo.commentDiscussant).
   * @throws AppError COMMENT_NOT_FOUND (404) 'Comment not found'; SUBMIT_TO_DISCUSS or SECTION_LOCKED (403) before the caller submitted the comment's set
   *   on its date (as `post`); 401 when the account is gone.
   */
  vote(user: DailyMember, commentId: string, voteType: VoteType): Promise<DailyCommentResponse>;
}

/** The refusal of `discussant` in the discussion of `sectionKey` on the date read, or null when they may take part. */
function discussionRefusal(discussant: Discussant | null, sectionKey: DailySectionKey): AppError | null {
  // The session said a non-guest account (DailyService.member); the database has the last word, as DailyService.user.
  if (!discussant || discussant.isGuest) return new AppError(ErrorCode.LOGIN_REQUIRED, DAILY_ERRORS.signInRequired);
  const locked = discussionLockedReason(sectionKey, discussant.rating, discussant.submitted);
  if (!locked) return null;
  // Locked by rating (the section's own text) or open but not yet submitted.
  const byRating = sectionLockedReason(sectionKey, discussant.rating) !== null;
  return new AppError(byRating ? ErrorCode.SECTION_LOCKED : ErrorCode.SUBMIT_TO_DISCUSS, locked);
}

/** Throws unless `discussant` may read, post and vote in the discussion of `sectionKey` on the date read. */
function requireDiscussion(discussant: Discussant | null, sectionKey: DailySectionKey): void {
  const refusal = discussionRefusal(discussant, sectionKey);
  if (refusal) throw refusal;
}

export function createDailyComments(deps: {
  repo: DailyRepo;
  clock: Clock;
  notifier: Notifier;
  /** Posts allowed per user per window (config DAILY_COMMENT_RATE_LIMIT, …_WINDOW_MS in ms). */
  rateLimit: { max: number; windowMs: number };
  /** Where the posts are counted: memory, or Redis shared by every process. */
  rateLimiters: RateLimiterFactory;
}): DailyComments {
  const { repo, clock, notifier } = deps;
  const limiter = deps.rateLimiters({ name: 'daily-comment', ...deps.rateLimit });

  return {
    async post(user, date, sectionKey, text) {
      if ((await limiter.consume(user.id)) > 0) throw new AppError(ErrorCode.RATE_LIMITED, DAILY_ERRORS.commentRateLimited);
      requireDiscussion(await repo.discussant(user.id, date, sectionKey), sectionKey);
      const id = randomUUID();
      const createdMs = clock.now();
      await repo.insertComment({ id, date, sectionKey, userId: user.id, text, createdMs });
      const comment = commentView({ id, date, sectionKey, text, userId: user.id, userName: user.name, createdMs, votes: {} });
      notifier.toRoom(commentRoom(date, sectionKey), 'newComment', comment);
      return { comment };
    },

    async list(user, date, sectionKey, limit) {
      requireDiscussion(await repo.discussant(user.id, date, sectionKey), sectionKey);
      return { comments: (await repo.listComments(date, sectionKey, limit)).map(commentView) };
    },

    async readRefusal(user, date, sectionKey) {
      const refusal = discussionRefusal(await repo.discussant(user.id, date, sectionKey), sectionKey);
      if (!refusal) return null;
      return { error: refusal.message, code: refusal.code };
    },

    async vote(user, commentId, voteType) {
      const target = await repo.commentDiscussant(commentId, user.id);
      if (!target) throw new AppError(ErrorCode.COMMENT_NOT_FOUND, DAILY_ERRORS.commentNotFound);
      requireDiscussion(target.user, target.sectionKey);
      if (!(await repo.vote(commentId, user.id, voteType))) throw new AppError(ErrorCode.COMMENT_NOT_FOUND, DAILY_ERRORS.commentNotFound);
      const stored = await repo.findComment(commentId);
      if (!stored) throw new AppError(ErrorCode.COMMENT_NOT_FOUND, DAILY_ERRORS.commentNotFound);
      const comment = commentView(stored);
      notifier.toRoom(commentRoom(stored.date, stored.sectionKey), 'commentVoted', comment);
      return { comment };
    },
  };
}
