/**
 * The names the accounts domain gives players who did not choose one: guests, and Google accounts
 * whose provider gave no usable name.
 */
import { randomInt } from 'node:crypto';
import { DUEL } from '@mathsprint/shared/constants';
import { stripHiddenCharacters } from '@mathsprint/shared/protocol';

/** Guests are named `Guest-XXXX` from the room-code alphabet: no look-alike characters to misread. */
const GUEST_NAME_LENGTH = 4;
const MAX_NAME_LENGTH = 50;

/** 'Guest-' and 4 characters of the room-code alphabet: 31⁴ ≈ 920,000 names; clashes are harmless. */
export function guestName(): string {
  const alphabet = DUEL.roomCodeAlphabet;
  let suffix = '';
  for (let i = 0; i < GUEST_NAME_LENGTH; i++) suffix += alphabet[randomInt(alphabet.length)];
  return `Guest-${suffix}`;
}

/**
 * The provider's name without control or format characters (issue #46), else the email's local
 * part, else 'Player'; at most 50 code points, so an emoji is never cut in half.
 */
export function displayName(name: string | null | undefined, email: string | null): string {
  const candidate = stripHiddenCharacters(name ?? '').trim() || email?.split('@')[0]?.trim() || 'Player';
  return Array.from(candidate).slice(0, MAX_NAME_LENGTH).join('');
}
