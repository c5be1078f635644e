/**
 * /login (spec §2 Login; issue #2 adds 'Continue as guest'). Composes the accounts feature; every
 * way in returns to the page a signed-out visitor asked for (SessionGuard's `state.from`).
 */
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../features/accounts/components/auth-layout';
import { GoogleButton } from '../../features/accounts/components/google-button';
import { GuestButton } from '../../features/accounts/components/guest-button';
import { LoginForm } from '../../features/accounts/components/login-form';
import { useReturnPath } from '../../features/accounts/hooks/use-return-path';
import { returnState } from '../../features/accounts/lib/return-to';

export function LoginRoute() {
  const [params] = useSearchParams();
  // Set by the Google callback when sign-in failed (e.g. the user cancelled at Google).
  const callbackError = params.get('error');
  const returnTo = useReturnPath();
  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to keep sprinting and climb the leaderboard.">
      <div className="stack">
        {callbackError ? (
          <div className="alert alert-error" role="alert">
            {callbackError}
          </div>
        ) : null}
        <GoogleButton returnTo={returnTo} />
        <div className="divider">or sign in with email</div>
        <LoginForm returnTo={returnTo} />
        <p className="auth-switch" style={{ marginTop: 0 }}>
          New to MathSprint? <Link to="/signup" state={returnState(returnTo)}>
            Create an account
          </Link>
        </p>
        <div className="divider">or</div>
        <GuestButton returnTo={returnTo} />
      </div>
    </AuthLayout>
  );
}
