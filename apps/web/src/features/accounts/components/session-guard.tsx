/**
 * Session guard of every guarded route (spec §2): no stored token → /login. A token but no stored
 * user → GET /api/me while showing 'Checking session…'; failure → /login (spec §8 "Session check
 * failure"). With a stored user the screen renders at once and the user is refreshed in the
 * background; live ratingUpdate events are applied to it on every guarded screen. A route may give
 * `handle: { signedOutMessage }`, shown as an error toast when a signed-out visitor is sent to /login.
 * The page asked for (path and query) goes along as `state.from`, so signing in returns to it
 * (lib/return-to). When the server ended the session (lib/session-notice `sessionEnded`: a
 * SESSION_EXPIRED or LOGIN_REQUIRED refusal), its reason goes along as `state.notice` and the login
 * form shows it, as is a notice left for it (an account deletion). A refusal met by any other call on the page (lib/api SESSION_REFUSED_EVENT) triggers
 * the same check.
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { toast } from 'react-toastify';
import { LoadingScreen } from '../../../components/ui/spinner';
import { SESSION_REFUSED_EVENT } from '../../../lib/api';
import { getToken } from '../../../lib/storage';
import { useCurrentUser } from '../hooks/use-current-user';
import { useMeSync } from '../hooks/use-me-sync';
import { returnState } from '../lib/return-to';
import { leftNotice, sessionEndedNotice, withNotice } from '../lib/session-notice';

export function SessionGuard() {
  const location = useLocation();
  // Read on every render: useCurrentUser re-renders us whenever storage.ts changes the session.
  const token = getToken();
  // Mounted for every guarded screen, so a ratingUpdate is applied wherever the user is (spec §4).
  const user = useCurrentUser();
  const me = useMeSync(token !== null);
  const signedOutMessage = useSignedOutMessage();
  // Any screen's call that finds the token refused (lib/api) has the session checked again: its
  // 401 clears the session (useMeSync), and the redirect below carries the server's reason.
  const { refetch } = me;
  useEffect(() => {
    // cancelRefetch false: a check already under way is the one to wait for (cancelling it, when
    // the refusal came from that check's own GET /api/me, would start the next one forever).
    const recheck = () => void refetch({ cancelRefetch: false });
    window.addEventListener(SESSION_REFUSED_EVENT, recheck);
    return () => window.removeEventListener(SESSION_REFUSED_EVENT, recheck);
  }, [refetch]);
  useEffect(() => {
    if (!token && signedOutMessage) toast.error(signedOutMessage, { toastId: signedOutMessage });
  }, [token, signedOutMessage]);

  const from = withNotice(returnState(`${location.pathname}${location.search}`), sessionEndedNotice(me.error) ?? leftNotice());
  if (!token) return <Navigate to="/login" replace state={from} />;
  if (user) return <Outlet />;
  if (me.isError) return <Navigate to="/login" replace state={from} />;
  return <LoadingScreen title="Checking session…" />;
}

/** The innermost matched route's `handle.signedOutMessage`, if any. */
function useSignedOutMessage(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { signedOutMessage?: unknown } | undefined;
    if (typeof handle?.signedOutMessage === 'string') return handle.signedOutMessage;
  }
  return undefined;
}
