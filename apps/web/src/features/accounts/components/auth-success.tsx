/**
 * Return from federated sign-in (spec §2 "Auth success"): shows 'Signing you in…', takes the token
 * from the query string (missing → /login), stores it, fetches the current user, stores it and goes
 * to / or to the page the player asked for before leaving for Google (kept in sessionStorage by the
 * Google button, lib/return-to). A non-JSON or user-less answer sends the user to /login, still
 * knowing that page.
 */
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../components/ui/spinner';
import { resetSocket } from '../../../lib/socket';
import { clearSession, setStoredUser, setToken } from '../../../lib/storage';
import { getMe } from '../api/get-me';
import { returnState, takeReturnPath } from '../lib/return-to';

export function AuthSuccess() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const token = params.get('token');

  useEffect(() => {
    // StrictMode runs effects twice in development; the exchange must happen once.
    if (started.current) return;
    started.current = true;
    const returnTo = takeReturnPath();
    if (!token) {
      navigate('/login', { replace: true, state: returnState(returnTo) });
      return;
    }
    setToken(token);
    resetSocket();
    getMe()
      .then((user) => {
        setStoredUser(user);
        // replace: the token must not stay in the history entry.
        navigate(returnTo, { replace: true });
      })
      .catch((error: unknown) => {
        console.error('Sign-in could not be completed', error);
        clearSession();
        navigate('/login', { replace: true, state: returnState(returnTo) });
      });
  }, [token, navigate]);

  return (
    <main id="main" className="page">
      <LoadingScreen title="Signing you in…" />
    </main>
  );
}
