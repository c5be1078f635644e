/**
 * /signup (spec §2 Signup). Composes the accounts feature; signing up returns to the page a
 * signed-out visitor asked for, carried over from /login in the history state.
 */
import { Link } from 'react-router';
import { AuthLayout } from '../../features/accounts/components/auth-layout';
import { SignupForm } from '../../features/accounts/components/signup-form';
import { useReturnPath } from '../../features/accounts/hooks/use-return-path';
import { returnState } from '../../features/accounts/lib/return-to';

export function SignupRoute() {
  const returnTo = useReturnPath();
  return (
    <AuthLayout title="Create your account" subtitle="Get a rating, challenge friends and track your progress.">
      <SignupForm returnTo={returnTo} />
      <p className="auth-switch">
        Already have an account? <Link to="/login" state={returnState(returnTo)}>
          Sign in
        </Link>
      </p>
      {/* Mentioned as text only (spec §2 Signup). */}
      <p className="auth-legal">By creating an account you agree to our Terms of Service and Privacy Policy.</p>
    </AuthLayout>
  );
}
