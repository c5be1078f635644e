/**
 * Client-side parsing of account responses (STYLE.md §2: server replies are untrusted bytes too).
 * Shapes are spec §3 "User" and §7 "Account"; PublicUser is the shared wire type.
 */
import type { AuthResponse, PublicUser } from '@mathsprint/shared/protocol';
import { RATING } from '@mathsprint/shared/constants';
import { z } from 'zod';

/** The user record as the server sends it; rating and rd fall back to the spec's defaults (1500 / 350). */
export const publicUserSchema = z.object({
  _id: z.string().min(1),
  name: z.string().min(1),
  email: z.string().nullable().optional().default(null),
  rating: z.number().finite().catch(RATING.defaultRating),
  rd: z.number().finite().catch(RATING.defaultRd),
  isGuest: z.boolean().optional().default(false),
  hasPassword: z.boolean().optional(),
}) satisfies z.ZodType<PublicUser, unknown>;

export const authResponseSchema = z.object({ token: z.string().min(1), user: publicUserSchema }) satisfies z.ZodType<
  AuthResponse,
  unknown
>;

export const meResponseSchema = z.object({ user: publicUserSchema });
