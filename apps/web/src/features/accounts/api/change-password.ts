/**
 * POST /api/password (issue #2 "password change"): the signed-in player's current and new password.
 * The server revokes every token issued before the change, this one included, and answers a fresh
 * `{token, user}` for this browser to go on with.
 */
import { authResponseSchema, type AuthResponse, type PasswordChangeBody } from '@mathsprint/shared/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { renewSession } from '../session';
import { meQueryKey } from './get-me';

const FALLBACK = 'Could not change password';

/**
 * Changes the password with the stored token.
 * @throws ApiError with the server's text, status and code: WRONG_PASSWORD or NO_PASSWORD (403:
 *   wrong current password, or an account without one), RATE_LIMITED (429, too many wrong tries),
 *   SESSION_EXPIRED (401), INVALID_INPUT (400, a rule broken); status 0
 *   'Could not change password' when the server could not be reached; UNREADABLE_REPLY_MESSAGE
 *   (lib/api) when its answer is not `{token, user}`.
 */
export async function changePassword(body: PasswordChangeBody): Promise<AuthResponse> {
  return api.post('/api/password', authResponseSchema, body, FALLBACK);
}

/**
 * The change as a mutation. On success the fresh session replaces the old one in this tab without a
 * reload (renewSession) and the cached GET /api/me answer is the new user, before `onChanged` runs.
 */
export function useChangePassword({ onChanged }: { onChanged?: (auth: AuthResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (auth) => {
      renewSession(auth);
      queryClient.setQueryData(meQueryKey, auth.user);
      onChanged?.(auth);
    },
  });
}
