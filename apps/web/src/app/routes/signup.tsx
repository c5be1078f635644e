/** /signup (spec §2 Signup). Composes the accounts feature. */
import { Link } from 'react-router';
import { AuthLayout } from '../../features/accounts/components/auth-layout';
import { SignupForm } from '../../features/accounts/components/signup-form';

export function SignupRoute() {
  return (
    <AuthLayout title="Create your account" subtitle="Get a rating, challenge friends and track your progress.">
      <SignupForm />
      <p className="auth-switch">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
      {/* Mentioned as text only (spec §2 Signup). */}
      <p className="auth-legal">By creating an account you agree to our Terms of Service and Privacy Policy.</p>
    </AuthLayout>
  );
}
