/**
 * How a contest leaderboard row names its participant (spec §2 "Contest results": participants
 * show the email local part only; §3: the name shows as Anonymous if missing).
 */
import type { ContestLeaderboardEntry } from '@mathsprint/shared/protocol';

/** The part of an address before '@' (the server already sends only this; kept safe if it does not). */
export function emailLocalPart(email: string): string {
  const at = email.indexOf('@');
  return (at === -1 ? email : email.slice(0, at)).trim();
}

/**
 * The email's local part; guests (no email) by their name; 'Anonymous' when neither is there.
 */
export function participantName(user: Pick<ContestLeaderboardEntry['userId'], 'name' | 'email'> | null | undefined): string {
  const local = user?.email ? emailLocalPart(user.email) : '';
  if (local) return local;
  const name = user?.name?.trim();
  return name || 'Anonymous';
}

/** True when the row is the signed-in user's (marked 'You', spec §2). */
export function isOwnEntry(entry: Pick<ContestLeaderboardEntry, 'userId'>, userId: string | null | undefined): boolean {
  return !!userId && entry.userId?._id === userId;
}
