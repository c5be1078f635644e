/** GET /api/me (spec §7 "Account"): the signed-in user, used by the session guard and /auth/success. */
import { meResponseSchema, type PublicUser } from '@mathsprint/shared/protocol';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { sessionEnded } from '../lib/session-notice';

/**
 * Fetches the current user with the stored token.
 * @throws ApiError with the server's text, status and code (401 SESSION_EXPIRED when the token is bad,
 *   expired or revoked, 401 LOGIN_REQUIRED when none came),
 *   status 0 'Session check failed' when the server could not be reached, or UNREADABLE_REPLY_MESSAGE
 *   (lib/api) when the body is not JSON or has no user (spec §2 "Auth success": a non-JSON or
 *   user-less response sends the user to /login).
 */
export async function getMe(): Promise<PublicUser> {
  const { user } = await api.get('/api/me', meResponseSchema, undefined, 'Session check failed');
  return user;
}

export const meQueryKey = ['me'] as const;

/**
 * Query options for the current user: always refetched on mount; one retry, but none once the
 * session is over (lib/session-notice `sessionEnded`) or when no answer came (status 0).
 */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    staleTime: 0,
    retry: (failures, error) => !(sessionEnded(error) || (error instanceof ApiError && error.status === 0)) && failures < 1,
  });
}
