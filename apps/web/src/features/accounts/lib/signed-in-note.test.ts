import { describe, expect, it } from 'vitest';
import { signedInNote } from './signed-in-note';

describe('signedInNote', () => {
  it('says nothing to a signed-out visitor', () => {
    expect(signedInNote(null, 'login')).toBeNull();
    expect(signedInNote(null, 'signup')).toBeNull();
  });

  it('names a signed-in player and offers the dashboard', () => {
    expect(signedInNote({ name: 'Ada Lovelace', isGuest: false }, 'login')).toEqual({
      text: "You're signed in as Ada Lovelace.",
      link: 'Go to your dashboard',
    });
    expect(signedInNote({ name: 'Ada Lovelace', isGuest: false }, 'signup')?.text).toBe("You're signed in as Ada Lovelace.");
  });

  it("tells a guest on /signup that signing up keeps the guest's games", () => {
    expect(signedInNote({ name: 'Guest-7K3Q', isGuest: true }, 'signup')).toEqual({
      text: "You're playing as Guest-7K3Q. Signing up turns this guest into your account: the games you played come with you.",
      link: 'Keep playing as a guest',
    });
    expect(signedInNote({ name: 'Guest-7K3Q', isGuest: true }, 'login')?.text).toBe("You're playing as Guest-7K3Q.");
  });
});
