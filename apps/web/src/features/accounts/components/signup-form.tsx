/**
 * /signup form (spec §2 Signup): full name, email, password with show/hide; the hints; the button
 * 'Create Account' / 'Creating account...'. Success stores the session and reloads at `returnTo`
 * (the page a signed-out visitor asked for, else /); failure shows the server's text or
 * 'Signup failed' (spec §8): at the email field when the email is already registered, with the
 * cursor back in it.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, PasswordField } from '../../../components/ui/field';
import { signup } from '../api/auth';
import { authErrorField, fieldErrors, signupFormSchema, withoutFieldError, type FieldErrors } from '../api/forms';
import { startSession } from '../session';
import { EmailField, RequestError, refocusAfterFailure, requestCode } from './auth-fields';

type SignupField = 'name' | 'email' | 'password';

/**
 * Deviation from the spec: §2 gives the hint 'At least 6 characters', but issue #2 makes the server
 * require 8, so the hint says 8 (recorded in docs/spec-departures.md).
 */
const PASSWORD_HINTS = ['At least 8 characters', 'Mix of letters and numbers recommended'];

export interface SignupFormProps {
  /** Where to go once signed up: a same-origin path (lib/return-to). Default '/'. */
  returnTo?: string;
}

export function SignupForm({ returnTo }: SignupFormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<SignupField>>({});
  const mutation = useMutation({ mutationFn: signup, onSuccess: (auth) => startSession(auth, returnTo) });
  const sending = mutation.isPending || mutation.isSuccess;
  const formRef = useRef<HTMLFormElement>(null);
  const pinned = mutation.error ? authErrorField('signup', requestCode(mutation.error)) : null;
  // The server's text for a field (e.g. 'An account with this email already exists') shows there.
  const serverFieldError = pinned && mutation.error ? mutation.error.message || 'Signup failed' : undefined;

  useEffect(() => {
    // After the render that re-enables the submit button, so that it can take focus too.
    if (mutation.error) refocusAfterFailure(formRef.current, authErrorField('signup', requestCode(mutation.error)));
  }, [mutation.error]);

  /** Sets a field and drops its error, the client's or the server's, once the player edits it. */
  function edit(field: SignupField, set: (value: string) => void, value: string) {
    set(value);
    setErrors((e) => withoutFieldError(e, field));
    if (pinned === field) mutation.reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signupFormSchema.safeParse({ name, email, password });
    if (!parsed.success) {
      const found = fieldErrors<SignupField>(parsed.error);
      setErrors(found);
      mutation.reset();
      const firstField = (['name', 'email', 'password'] as const).find((k) => found[k]);
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstField}"]`)?.focus();
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  }

  return (
    <form ref={formRef} className="stack" onSubmit={onSubmit} noValidate aria-label="Create an account">
      <RequestError error={pinned ? null : mutation.error} fallback="Signup failed" />
      <Field
        label="Full name"
        name="name"
        autoComplete="name"
        placeholder="Ada Lovelace"
        required
        maxLength={50}
        value={name}
        autoCapitalize="words"
        error={errors.name}
        onChange={(e) => edit('name', setName, e.target.value)}
      />
      <EmailField
        value={email}
        error={errors.email ?? (pinned === 'email' ? serverFieldError : undefined)}
        onChange={(value) => edit('email', setEmail, value)}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        placeholder="Create a password"
        required
        value={password}
        hints={PASSWORD_HINTS}
        error={errors.password}
        onChange={(e) => edit('password', setPassword, e.target.value)}
      />
      <Button type="submit" size="lg" block loading={sending}>
        {sending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
