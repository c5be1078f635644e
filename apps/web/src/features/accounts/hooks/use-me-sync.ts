/**
 * Asks the server for the current user (GET /api/me) and stores the answer, so a rating changed
 * while this tab was closed still shows. A 401 means the token is no longer valid (expired, or
 * revoked by a password change): the session is cleared, which sends the guard to /login.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api';
import { clearSession, getStoredUser, setStoredUser } from '../../../lib/storage';
import { meQueryOptions } from '../api/get-me';

export function useMeSync(enabled: boolean) {
  const query = useQuery({ ...meQueryOptions(), enabled });
  const { data, error } = query;

  useEffect(() => {
    if (!data) return;
    const stored = getStoredUser();
    if (!stored || JSON.stringify(stored) !== JSON.stringify(data)) setStoredUser(data);
  }, [data]);

  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) clearSession();
  }, [error]);

  return query;
}
