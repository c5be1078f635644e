import { describe, expect, it } from 'vitest';
import { emailLocalPart, isOwnEntry, participantName } from './participant';

describe('participantName (spec §2, §3)', () => {
  it('shows the email local part only', () => {
    expect(participantName({ name: 'Ada Lovelace', email: 'ada' })).toBe('ada');
    expect(participantName({ name: 'Ada Lovelace', email: 'ada.l@example.com' })).toBe('ada.l');
  });

  it('falls back to the name without an email, then to Anonymous', () => {
    expect(participantName({ name: 'Guest-7K3Q', email: null })).toBe('Guest-7K3Q');
    expect(participantName({ name: '  ', email: null })).toBe('Anonymous');
    expect(participantName({ name: '', email: '' })).toBe('Anonymous');
    expect(participantName(null)).toBe('Anonymous');
  });
});

describe('emailLocalPart', () => {
  it('keeps what comes before @', () => {
    expect(emailLocalPart('x@y.z')).toBe('x');
    expect(emailLocalPart('plain')).toBe('plain');
  });
});

describe('isOwnEntry', () => {
  it("matches the signed-in user's id", () => {
    const entry = { userId: { _id: 'u1', name: 'A', email: 'a' } };
    expect(isOwnEntry(entry, 'u1')).toBe(true);
    expect(isOwnEntry(entry, 'u2')).toBe(false);
    expect(isOwnEntry(entry, null)).toBe(false);
  });
});
