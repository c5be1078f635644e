/** /auth/success (spec §2 "Auth success"): the return from Google sign-in. */
import { AuthSuccess } from '../../features/accounts/components/auth-success';

export function AuthSuccessRoute() {
  return <AuthSuccess />;
}
