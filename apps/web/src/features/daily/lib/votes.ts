/**
 * Comment votes (spec §3 "Daily comment": votes is a map of user id to 'up' or 'down'; spec §5
 * "Vote": voting the same direction again removes the vote; issue #4: the other direction switches
 * it). The server decides; the client uses `applyVote` only to show the click at once, and replaces
 * the comment with the server's copy when it answers or when commentVoted arrives.
 */
import type { VoteType } from '@mathsprint/shared/protocol';

export interface VoteTally {
  up: number;
  down: number;
  /** up − down. */
  score: number;
  /** The viewer's vote, or null. */
  mine: VoteType | null;
}

export function tallyVotes(votes: Readonly<Record<string, VoteType>> | undefined, viewerId: string | null | undefined): VoteTally {
  let up = 0;
  let down = 0;
  for (const v of Object.values(votes ?? {})) {
    if (v === 'up') up += 1;
    else if (v === 'down') down += 1;
  }
  const mine = viewerId ? (votes?.[viewerId] ?? null) : null;
  return { up, down, score: up - down, mine };
}

/** The votes map after `userId` votes `type`: same direction removes, other direction switches. */
export function applyVote(votes: Readonly<Record<string, VoteType>> | undefined, userId: string, type: VoteType): Record<string, VoteType> {
  const next: Record<string, VoteType> = { ...(votes ?? {}) };
  if (next[userId] === type) delete next[userId];
  else next[userId] = type;
  return next;
}
