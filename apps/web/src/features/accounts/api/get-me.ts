/** GET /api/me (spec §7 "Account"): the signed-in user, used by the session guard and /auth/success. */
import type { PublicUser } from '@mathsprint/shared/protocol';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { meResponseSchema } from './schemas';

/**
 * Fetches the current user with the stored token.
 * @throws ApiError with the server's text and status (401 when the token is missing, bad or revoked),
 *   or ApiError status 0 'Session check failed' when the body is not JSON or has no user (spec §2
 *   "Auth success": a non-JSON or user-less response sends the user to /login).
 */
export async function getMe(): Promise<PublicUser> {
  const data = await api.get<unknown>('/api/me', undefined, 'Session check failed');
  const parsed = meResponseSchema.safeParse(data);
  if (!parsed.success) throw new ApiError('Session check failed', 0);
  return parsed.data.user;
}

export const meQueryKey = ['me'] as const;

/** Query options for the current user: always refetched on mount, no retry after a 401. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    staleTime: 0,
    retry: (failures, error) => !(error instanceof ApiError && (error.status === 401 || error.status === 0)) && failures < 1,
  });
}
