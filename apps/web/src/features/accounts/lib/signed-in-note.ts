/**
 * What /login and /signup say to a visitor who is already signed in (the browser's Back after
 * signing in, a bookmark, a guest's 'Create account'): who they are playing as, so that signing in
 * again or continuing as a guest is a choice rather than a surprise. The server's POST /signup
 * from a guest converts the guest's account (same id, games kept), so a guest is told that too.
 */
import type { PublicUser } from '@mathsprint/shared/protocol';

export interface SignedInNote {
  /** The sentence shown before the link home. */
  text: string;
  /** The link home's text. */
  link: string;
}

/** The note for `user` (the stored user, when a token is stored too); null when signed out. */
export function signedInNote(user: Pick<PublicUser, 'name' | 'isGuest'> | null, screen: 'login' | 'signup'): SignedInNote | null {
  if (!user) return null;
  if (user.isGuest) {
    return {
      text:
        screen === 'signup'
          ? `You're playing as ${user.name}. Signing up turns this guest into your account: the games you played come with you.`
          : `You're playing as ${user.name}.`,
      link: 'Keep playing as a guest',
    };
  }
  return { text: `You're signed in as ${user.name}.`, link: 'Go to your dashboard' };
}
