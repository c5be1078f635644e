/**
 * Applying a live rating update to the stored user (spec §3 "Live rating update", §4: when the
 * current user appears in the list, matched by _id, or by name when there is no _id, the user's
 * rating and rd are replaced).
 */
import type { PublicUser, RatingUpdateEntry } from '@mathsprint/shared/protocol';
import { z } from 'zod';

const entrySchema = z.object({
  _id: z.string().optional(),
  name: z.string(),
  rating: z.number().finite(),
  rd: z.number().finite().nonnegative(),
});

/** Keeps only well-formed entries of a ratingUpdate payload (a bare array; anything else → []). */
export function parseRatingUpdate(payload: unknown): RatingUpdateEntry[] {
  if (!Array.isArray(payload)) return [];
  return payload.flatMap((item) => {
    const parsed = entrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * @returns the user with the matched entry's rating and rd, or null when the user is not in the
 *   list or nothing changed.
 */
export function applyRatingUpdate(user: PublicUser, entries: readonly RatingUpdateEntry[]): PublicUser | null {
  const entry = entries.find((e) => (e._id ? e._id === user._id : e.name === user.name));
  if (!entry) return null;
  if (entry.rating === user.rating && entry.rd === user.rd) return null;
  return { ...user, rating: entry.rating, rd: entry.rd };
}
