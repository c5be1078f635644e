/**
 * The per-section discussion of daily practice (issue #4 "Discussion"; spec §3 "Daily comment",
 * §5 "Comment", "Vote"): plain-text comments, votes, and their live broadcast to the room
 * 'comments:{date}:{sectionKey}' — only after the change is stored. Clients never relay these
 * events: newComment and commentVoted have no client-side route (platform/socket.ts answers
 * "Unknown event"), so a client cannot forge a comment or a vote.
 */
import { randomUUID } from 'node:crypto';
import {
  DAILY_ERRORS,
  commentRoom,
  type DailyCommentResponse,
  type DailyCommentsResponse,
  type DailySectionKey,
  type VoteType,
} from '@mathsprint/shared/protocol';
import { HttpError } from '../http/errors.js';
import { createSlidingWindowLimiter } from '../http/rate-limit.js';
import type { Clock } from '../platform/clock.js';
import type { Notifier } from '../platform/notifier.js';
import type { DailyRepo } from './daily.repo.js';
import type { DailyMember } from './daily.service.js';
import { commentView } from './daily.views.js';

export interface DailyComments {
  /**
   * POST /api/daily/comment: stores the comment (already trimmed, 1–500 characters), then sends
   * newComment to its room.
   * @throws HttpError 429 'You are posting comments too quickly. Please wait a moment.'
   */
  post(user: DailyMember, date: string, sectionKey: DailySectionKey, text: string): Promise<DailyCommentResponse>;
  /** GET /api/daily/comments: newest first, at most `limit`. */
  list(date: string, sectionKey: DailySectionKey, limit: number): Promise<DailyCommentsResponse>;
  /**
   * POST /api/daily/comments/{id}/vote: the same direction again removes the caller's vote, the
   * other switches it (spec §5). Sends commentVoted with the updated comment to its room.
   * @throws HttpError 404 'Comment not found'.
   */
  vote(user: DailyMember, commentId: string, voteType: VoteType): Promise<DailyCommentResponse>;
}

export function createDailyComments(deps: {
  repo: DailyRepo;
  clock: Clock;
  notifier: Notifier;
  rateLimit: { max: number; windowMs: number };
}): DailyComments {
  const { repo, clock, notifier } = deps;
  const limiter = createSlidingWindowLimiter({ ...deps.rateLimit, clock });

  return {
    async post(user, date, sectionKey, text) {
      if ((await limiter.consume(`comment:${user.id}`)) > 0) throw new HttpError(429, DAILY_ERRORS.commentRateLimited);
      const id = randomUUID();
      const createdMs = clock.now();
      await repo.insertComment({ id, date, sectionKey, userId: user.id, text, createdMs });
      const comment = commentView({ id, date, sectionKey, text, userId: user.id, userName: user.name, createdMs, votes: {} });
      notifier.toRoom(commentRoom(date, sectionKey), 'newComment', comment);
      return { comment };
    },

    async list(date, sectionKey, limit) {
      return { comments: (await repo.listComments(date, sectionKey, limit)).map(commentView) };
    },

    async vote(user, commentId, voteType) {
      if (!(await repo.vote(commentId, user.id, voteType))) throw new HttpError(404, DAILY_ERRORS.commentNotFound);
      const stored = await repo.findComment(commentId);
      if (!stored) throw new HttpError(404, DAILY_ERRORS.commentNotFound);
      const comment = commentView(stored);
      notifier.toRoom(commentRoom(stored.date, stored.sectionKey), 'commentVoted', comment);
      return { comment };
    },
  };
}
