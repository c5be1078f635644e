/**
 * 'Continue as guest' (issue #2 "Guests"): POST /auth/guest, then the session starts like a login,
 * at `returnTo` (the page a signed-out visitor asked for, else /).
 */
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { continueAsGuest } from '../api/auth';
import { startSession } from '../session';

export interface GuestButtonProps {
  /** Where to go once signed in: a same-origin path (lib/return-to). Default '/'. */
  returnTo?: string;
}

export function GuestButton({ returnTo }: GuestButtonProps) {
  const guest = useMutation({ mutationFn: continueAsGuest, onSuccess: (auth) => startSession(auth, returnTo) });
  return (
    <div className="stack-sm">
      <Button variant="ghost" block loading={guest.isPending} onClick={() => guest.mutate()}>
        Continue as guest
      </Button>
      {guest.isError ? (
        <p className="field-error text-center" role="alert">
          {guest.error.message}
        </p>
      ) : (
        <p className="text-muted text-xs text-center">Guests play unrated games with a generated name.</p>
      )}
    </div>
  );
}
