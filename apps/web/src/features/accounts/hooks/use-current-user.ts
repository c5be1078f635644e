/**
 * The signed-in user as stored in the browser (spec §3 "User"), kept live: it re-renders on every
 * change of the stored record ('mathsprint:user' event from lib/storage) and applies the server's
 * `ratingUpdate` socket events to it (spec §4 "Live rating update"), storing the result so every
 * screen and tab sees the new rating.
 */
import type { PublicUser } from '@mathsprint/shared/protocol';
import { useEffect } from 'react';
import { getSocket } from '../../../lib/socket';
import { getStoredUser, getToken, setStoredUser } from '../../../lib/storage';
import { useStoredUser } from '../../../lib/use-stored-user';
import { applyRatingUpdate, parseRatingUpdate } from './rating-update';

/** @returns the stored user, or null when none is stored. */
export function useCurrentUser(): PublicUser | null {
  const user = useStoredUser();
  const signedIn = user !== null;

  useEffect(() => {
    // No socket without a session: connecting would only be refused by the server.
    if (!signedIn || !getToken()) return;
    const socket = getSocket();
    const onRatingUpdate = (payload: unknown) => {
      const current = getStoredUser();
      if (!current) return;
      const next = applyRatingUpdate(current, parseRatingUpdate(payload));
      if (next) setStoredUser(next);
    };
    socket.on('ratingUpdate', onRatingUpdate);
    return () => {
      socket.off('ratingUpdate', onRatingUpdate);
    };
  }, [signedIn]);

  return user;
}
