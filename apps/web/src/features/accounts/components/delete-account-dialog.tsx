/**
 * The delete-account dialog (issue #46's DELETE /api/me). It says plainly what is erased and what
 * stays, then asks for the proof the server needs: the password of an account that has one, or,
 * for a guest or a Google account (no password), the word DELETE typed out. A wrong password is
 * said at its field, with the cursor put back there; other failures above the field. On success
 * this tab signs out (api/delete-account) and the session guard takes it to /login, whose notice
 * says it is done.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DELETE_ACCOUNT_CONFIRMATION } from '@mathsprint/shared/protocol';
import { Field, PasswordField } from '../../../components/ui/field';
import { useDeleteAccount } from '../api/delete-account';
import { deletionErrorPinned } from '../lib/account-deletion';
import { leaveNoticeForLogin } from '../lib/session-notice';
import { AccountDialog, type AccountDialogCopy } from './account-dialog';
import { RequestError, refocusAfterFailure, requestCode, showFormProblem } from './auth-fields';

/** The /login notice after a deletion. */
export const ACCOUNT_DELETED_NOTICE = 'Your account was deleted. Thanks for playing MathSprint.';

const COPY: AccountDialogCopy = { name: 'delete-account', title: 'Delete account', description: 'This cannot be undone.', busyLabel: 'Deleting...', danger: true };

export interface DeleteAccountDialogProps {
  /** True for an account that signs in with a password; false for a guest or a Google account. */
  hasPassword: boolean;
  /** Cancel or Escape. */
  onClose: () => void;
}

/** Render only while open (components/ui/modal): every opening starts with an empty field. */
export function DeleteAccountDialog({ hasPassword, onClose }: DeleteAccountDialogProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const requestErrorId = useId();
  const field = hasPassword ? 'password' : 'confirm';
  const mutation = useDeleteAccount({
    // The session guard takes the player to /login once the session is cleared, with this notice.
    onDeleted: () => leaveNoticeForLogin(ACCOUNT_DELETED_NOTICE),
  });
  const busy = mutation.isPending || mutation.isSuccess;
  // A refused password belongs to its field; anything else is said above it.
  const pinned = mutation.error !== null && deletionErrorPinned(requestCode(mutation.error));

  useEffect(() => {
    if (mutation.error) refocusAfterFailure(formRef.current, pinned ? field : null);
  }, [mutation.error]);

  function edit(next: string) {
    setValue(next);
    setError(null);
    if (pinned) mutation.reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = hasPassword
      ? value === ''
        ? 'Enter your password to delete this account'
        : null
      : value.trim() !== DELETE_ACCOUNT_CONFIRMATION
        ? `Type ${DELETE_ACCOUNT_CONFIRMATION}, in capital letters, to confirm`
        : null;
    if (problem) {
      setError(problem);
      showFormProblem(event.currentTarget, field, () => mutation.reset());
      return;
    }
    mutation.mutate(hasPassword ? { password: value } : { confirm: DELETE_ACCOUNT_CONFIRMATION });
  }

  const fieldError = error ?? (pinned ? mutation.error?.message || 'Password is incorrect' : null);
  return (
    <AccountDialog copy={COPY} busy={busy} onClose={onClose} formRef={formRef} onSubmit={onSubmit}>
        <div className="delete-account-warning">
          <p className="delete-account-heading">Deleting erases:</p>
          <ul>
            <li>{hasPassword ? 'your name, email and password' : 'your name, and any email and Google sign-in'};</li>
            <li>your sessions: you are signed out on every device.</li>
          </ul>
          <p className="delete-account-heading">What stays, without your name:</p>
          <ul>
            <li>past games, contest results and daily scores, which other players earned too, shown as “Deleted player”.</li>
          </ul>
          <p>You leave any Math Challenge room you are in. The email can be used again for a new account.</p>
        </div>
        <RequestError id={requestErrorId} error={pinned ? null : mutation.error} fallback="Could not delete the account" />
        {hasPassword ? (
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            value={value}
            error={fieldError}
            onChange={(e) => edit(e.target.value)}
          />
        ) : (
          <Field
            label={`Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`}
            name="confirm"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            value={value}
            error={fieldError}
            onChange={(e) => edit(e.target.value)}
          />
        )}
    </AccountDialog>
  );
}
