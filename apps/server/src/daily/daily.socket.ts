/**
 * Live discussion rooms (issue #4 "Discussion"; spec §7 "Join of the room 'comments:{date}:{sectionKey}'"):
 * a signed-in, non-guest socket joins with joinCommentRoom {date, sectionKey} once its player has
 * submitted that set (issue #47: the room's comments can give the answers away; the same rule as
 * GET /api/daily/comments) and leaves with leaveCommentRoom. The server alone sends newComment and
 * commentVoted into the room (daily-comments.ts), after storing the change. A refused join is
 * acknowledged `{ error, code }`: LOGIN_REQUIRED (guest), INVALID_INPUT (bad or future date),
 * TOO_MANY_ROOMS, SUBMIT_TO_DISCUSS (the set is not submitted) or SECTION_LOCKED (its section is
 * above the player's rating), as the HTTP calls refuse them (daily-comments.ts discussionRefusal).
 */
import { DAILY_ERRORS, ErrorCode, checkDailyDate, commentRoom, commentRoomPayloadSchema, utcDateOf } from '@mathsprint/shared';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { DailyComments } from './daily-comments.js';
import { onClientEvent, type TypedServer } from '../platform/socket.js';

/**
 * Comment rooms one socket may be in at once. The hub shows one section's discussion at a time;
 * a few more allow several tabs' worth of switching without letting one socket join thousands.
 */
export const MAX_COMMENT_ROOMS_PER_SOCKET = 8;

export function registerDailySocketHandlers(io: TypedServer, deps: { clock: Clock; logger: Logger; comments: Pick<DailyComments, 'readRefusal'> }): void {
  const { clock, logger, comments } = deps;

  onClientEvent(
    io,
    'joinCommentRoom',
    commentRoomPayloadSchema,
    async ({ socket, user }, { date, sectionKey }) => {
      if (user.isGuest) return { error: DAILY_ERRORS.signInRequired, code: ErrorCode.LOGIN_REQUIRED };
      const check = checkDailyDate(date, utcDateOf(clock.now()));
      if (!check.ok) return { error: check.error, code: ErrorCode.INVALID_INPUT };
      const room = commentRoom(date, sectionKey);
      if (socket.rooms.has(room)) return {};
      const joined = [...socket.rooms].filter((r) => r.startsWith('comments:')).length;
      if (joined >= MAX_COMMENT_ROOMS_PER_SOCKET) {
        return {
          error: `You can follow at most ${MAX_COMMENT_ROOMS_PER_SOCKET} discussions at once; leave one first`,
          code: ErrorCode.TOO_MANY_ROOMS,
        };
      }
      // One indexed read per join (a panel opening), not per comment.
      const refusal = await comments.readRefusal(user, date, sectionKey);
      if (refusal) return refusal;
      void socket.join(room);
      return {};
    },
    { logger },
  );

  onClientEvent(
    io,
    'leaveCommentRoom',
    commentRoomPayloadSchema,
    ({ socket }, { date, sectionKey }) => {
      void socket.leave(commentRoom(date, sectionKey));
      return {};
    },
    { logger },
  );
}
