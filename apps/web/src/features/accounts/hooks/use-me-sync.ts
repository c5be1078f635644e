/**
 * Asks the server for the current user (GET /api/me) and stores the answer, so a rating changed
 * while this tab was closed still shows. A session the server calls over (SESSION_EXPIRED: expired,
 * or revoked by a password change; LOGIN_REQUIRED) is cleared, which sends the guard to /login.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clearSession, getStoredUser, setStoredUser } from '../../../lib/storage';
import { meQueryOptions } from '../api/get-me';
import { sessionEnded } from '../lib/session-notice';

export function useMeSync(enabled: boolean) {
  const query = useQuery({ ...meQueryOptions(), enabled });
  const { data, error } = query;

  useEffect(() => {
    if (!data) return;
    const stored = getStoredUser();
    if (!stored || JSON.stringify(stored) !== JSON.stringify(data)) setStoredUser(data);
  }, [data]);

  useEffect(() => {
    if (sessionEnded(error)) clearSession();
  }, [error]);

  return query;
}
