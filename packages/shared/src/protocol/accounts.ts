/**
 * Account calls added by issue #2 beyond spec §7's POST /signup, POST /login and GET /api/me (which
 * live in http.ts): guest sign-in, password change and account deletion. Their replies'
 * schemas (AuthResponse, AuthProvidersResponse) are in http-replies.ts.
 */
import { z } from 'zod';

/**
 * POST /api/password body (Bearer token required). The new password follows the sign-up rule: at
 * least 8 characters (issue #2). Response: AuthResponse with a fresh token, since the change revokes
 * every token issued before it.
 */
export const passwordChangeBodySchema = z.object({
  currentPassword: z
    .string({ message: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(200, 'Password must be at most 200 characters'),
  newPassword: z
    .string({ message: 'New password is required' })
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password must be at most 200 characters'),
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/** The word an account without a password types to confirm its deletion (DELETE /api/me). */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

/**
 * Body of DELETE /api/me (ours, beyond spec §7): the account's password, or, for an account
 * without one (a guest, a Google sign-in), `confirm: "DELETE"` typed by the player. Exactly one of
 * the two; which one the account needs is the server's check (403 for a wrong password).
 */
export const deleteAccountBodySchema = z
  .object({
    password: z
      .string({ message: 'password must be a string' })
      .min(1, 'Password is required')
      .max(200, 'Password must be at most 200 characters')
      .optional(),
    confirm: z
      .literal(DELETE_ACCOUNT_CONFIRMATION, { message: `confirm must be "${DELETE_ACCOUNT_CONFIRMATION}"` })
      .optional(),
  })
  .refine((b) => (b.password === undefined) !== (b.confirm === undefined), {
    message: `Send either password or confirm: "${DELETE_ACCOUNT_CONFIRMATION}"`,
  });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
