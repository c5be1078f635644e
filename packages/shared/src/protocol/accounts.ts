/**
 * Account calls added by issue #2 beyond spec §7's POST /signup, POST /login and GET /api/me (which
 * live in http.ts): guest sign-in, password change and the sign-in providers the server offers.
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

/**
 * Response of GET /api/auth/providers: which federated sign-ins this server has configured, so the
 * login screen can say "Google sign-in is not configured" instead of sending the browser to a 503.
 */
export interface AuthProvidersResponse {
  google: boolean;
}
