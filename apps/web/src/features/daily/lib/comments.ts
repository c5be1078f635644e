/**
 * The discussion's list kept live (issue #4): the first page comes over HTTP (newest first), then
 * newComment and commentVoted arrive from the section's room, and the poster's own POST answers with
 * the same comment. Each comment may therefore arrive twice: it is merged by _id, never duplicated.
 */
import type { DailyComment } from '@mathsprint/shared/protocol';

/** Puts a new or updated comment into a newest-first list: replaced in place when known, else inserted by createdAt. */
export function upsertComment(list: readonly DailyComment[], comment: DailyComment): DailyComment[] {
  const at = list.findIndex((c) => c._id === comment._id);
  if (at >= 0) {
    const next = [...list];
    next[at] = comment;
    return next;
  }
  const next = [...list];
  const after = next.findIndex((c) => c.createdAt < comment.createdAt);
  next.splice(after === -1 ? next.length : after, 0, comment);
  return next;
}

/** Only the comments of the open section: a socket event of another room is ignored. */
export function belongsTo(comment: DailyComment, date: string, sectionKey: string): boolean {
  return comment.date === date && comment.sectionKey === sectionKey;
}
