/**
 * 'Continue with Google' (spec §2 Login): a full-page redirect to the backend path /auth/google.
 * When the server reports Google as not configured (issue #2), the button is disabled and says so.
 * The page to return to waits in sessionStorage until /auth/success (lib/return-to).
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { GOOGLE_SIGN_IN_PATH, getAuthProviders } from '../api/auth';
import { rememberReturnPath } from '../lib/return-to';

function GoogleLogo() {
  return (
    <svg className="google-logo" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

export interface GoogleButtonProps {
  /** Where to go once signed in: a same-origin path (lib/return-to). Default '/'. */
  returnTo?: string;
}

export function GoogleButton({ returnTo = '/' }: GoogleButtonProps) {
  const noteId = useId();
  const providers = useQuery({ queryKey: ['auth-providers'], queryFn: getAuthProviders, staleTime: 60_000 });
  const unavailable = providers.data?.google === false;
  return (
    <div className="stack-sm">
      <button
        type="button"
        className="btn btn-block btn-lg google-button"
        disabled={unavailable}
        aria-describedby={unavailable ? noteId : undefined}
        onClick={() => {
          rememberReturnPath(returnTo);
          window.location.assign(GOOGLE_SIGN_IN_PATH);
        }}
      >
        <GoogleLogo />
        Continue with Google
      </button>
      {unavailable ? (
        <p id={noteId} className="text-muted text-xs text-center">
          Google sign-in is not configured on this server
        </p>
      ) : null}
    </div>
  );
}
