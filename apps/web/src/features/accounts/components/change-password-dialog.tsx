/**
 * The change-password dialog (issue #2's POST /api/password): current password, new password and
 * its confirmation, each with show/hide and the autofill hints password managers read
 * (current-password, new-password; web.dev "Sign-in form best practices"). The form's own checks
 * are the server's rules (lib/password-change); a refused current password is said at that field,
 * with the cursor put back in it, and other failures above the fields. On success this tab keeps
 * its session with the fresh token (session `renewSession`), the dialog closes and a toast says
 * that the other devices were signed out.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { PasswordField } from '../../../components/ui/field';
import { useChangePassword } from '../api/change-password';
import { fieldErrors, withoutFieldError, type FieldErrors } from '../api/forms';
import {
  PASSWORD_CHANGE_FIELDS,
  passwordChangeErrorField,
  passwordChangeFormSchema,
  type PasswordChangeField,
} from '../lib/password-change';
import { AccountDialog, type AccountDialogCopy } from './account-dialog';
import { RequestError, refocusAfterFailure, requestCode, showFormProblem } from './auth-fields';

/** The toast after a change: the server revoked every older token (issue #2). */
export const PASSWORD_CHANGED_MESSAGE = 'Password changed. Other devices were signed out.';

const NEW_PASSWORD_HINTS = ['At least 8 characters'];

const COPY: AccountDialogCopy = {
  name: 'change-password',
  title: 'Change password',
  description: 'Enter your current password, then choose a new one. You stay signed in here; your other devices will be signed out.',
  busyLabel: 'Saving...',
};

export interface ChangePasswordDialogProps {
  /** The account's email, offered to password managers as the username the new password is for. */
  email: string | null;
  /** Cancel, Escape or a completed change. */
  onClose: () => void;
}

/** Render only while open (components/ui/modal): every opening starts with empty fields. */
export function ChangePasswordDialog({ email, onClose }: ChangePasswordDialogProps) {
  const [values, setValues] = useState<Record<PasswordChangeField, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<PasswordChangeField>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const requestErrorId = useId();
  const mutation = useChangePassword({
    onChanged: () => {
      toast.success(PASSWORD_CHANGED_MESSAGE, { toastId: 'password-changed' });
      onClose();
    },
  });
  const busy = mutation.isPending || mutation.isSuccess;
  const pinned = mutation.error ? passwordChangeErrorField(requestCode(mutation.error)) : null;
  const serverFieldError = pinned && mutation.error ? mutation.error.message || 'Could not change password' : undefined;

  useEffect(() => {
    // After the render that re-enables the submit button, so that it can take focus too.
    if (mutation.error) refocusAfterFailure(formRef.current, pinned);
  }, [mutation.error]);

  /** Sets a field and drops its error, the client's or the server's, once the player edits it. */
  function edit(field: PasswordChangeField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => withoutFieldError(e, field));
    if (pinned === field) mutation.reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = passwordChangeFormSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors<PasswordChangeField>(parsed.error);
      setErrors(found);
      showFormProblem(event.currentTarget, PASSWORD_CHANGE_FIELDS.find((k) => found[k]), () => mutation.reset());
      return;
    }
    setErrors({});
    mutation.mutate({ currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword });
  }

  return (
    <AccountDialog copy={COPY} busy={busy} onClose={onClose} formRef={formRef} onSubmit={onSubmit}>
        <RequestError id={requestErrorId} error={pinned ? null : mutation.error} fallback="Could not change password" />
        {email ? (
          // Tells password managers which account the new password belongs to (Chromium's
          // "Password form" guidance: a username field, hidden, on change-password forms).
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        ) : null}
        <PasswordField
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          showLabel="Show current password"
          hideLabel="Hide current password"
          required
          value={values.currentPassword}
          error={errors.currentPassword ?? (pinned === 'currentPassword' ? serverFieldError : undefined)}
          onChange={(e) => edit('currentPassword', e.target.value)}
        />
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          showLabel="Show new password"
          hideLabel="Hide new password"
          required
          value={values.newPassword}
          hints={NEW_PASSWORD_HINTS}
          error={errors.newPassword}
          onChange={(e) => edit('newPassword', e.target.value)}
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          showLabel="Show confirmation"
          hideLabel="Hide confirmation"
          required
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={(e) => edit('confirmPassword', e.target.value)}
        />
    </AccountDialog>
  );
}
