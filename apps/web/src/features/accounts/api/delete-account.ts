/**
 * DELETE /api/me (issue #46): the signed-in player deletes their account, proving it with their
 * password, or, for an account without one (guest, Google), the typed confirmation "DELETE". The
 * server answers 204 and ends every session of the account; this tab then signs out.
 */
import type { DeleteAccountBody } from '@mathsprint/shared/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api';
import { resetSocket } from '../../../lib/socket';
import { clearSession } from '../../../lib/storage';

const FALLBACK = 'Could not delete the account';

/**
 * Deletes the account of the stored token.
 * @throws ApiError with the server's text, status and code: WRONG_PASSWORD (403, nothing deleted),
 *   INVALID_INPUT (400, a confirmation of the wrong kind), IN_ANOTHER_GAME (409, a Math Challenge
 *   still running), RATE_LIMITED (429, too many wrong passwords), SESSION_EXPIRED (401); status 0
 *   when the server could not be reached.
 */
export async function deleteAccount(body: DeleteAccountBody): Promise<void> {
  // 204: no body, which apiRequest reads as null.
  await apiRequest('DELETE', '/api/me', z.null(), { body, fallback: FALLBACK });
}

/**
 * The deletion as a mutation. On success `onDeleted` runs first, while the session is still stored
 * (the dialog leaves its /login notice there), then this tab's session is gone: stored token and
 * user, the socket, every cached answer. Clearing the stored session makes the session guard of
 * the screen send the player to /login (SessionGuard).
 */
export function useDeleteAccount({ onDeleted }: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      onDeleted?.();
      clearSession();
      resetSocket();
      queryClient.clear();
    },
  });
}
