/**
 * /login form (spec §2 Login): email and password, both required, a show/hide toggle, the
 * decorative strength percentage, submit. Success stores the session and reloads at `returnTo`
 * (the page a signed-out visitor asked for, else /); failure shows the server's text or
 * 'Login failed' (spec §8), tied to the password field and with the cursor back in it when the
 * server refused the pair.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/field';
import { login } from '../api/auth';
import { authErrorField, fieldErrors, loginFormSchema, withoutFieldError, type FieldErrors } from '../api/forms';
import { startSession } from '../session';
import { EmailField, RequestError, refocusAfterFailure, requestCode } from './auth-fields';
import { PasswordStrength } from './password-strength';

type LoginField = 'email' | 'password';

export interface LoginFormProps {
  /** Where to go once signed in: a same-origin path (lib/return-to). Default '/'. */
  returnTo?: string;
}

export function LoginForm({ returnTo }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const requestErrorId = useId();
  const mutation = useMutation({ mutationFn: login, onSuccess: (auth) => startSession(auth, returnTo) });
  const pinned = mutation.error ? authErrorField('login', requestCode(mutation.error)) : null;

  useEffect(() => {
    // After the render that re-enables the submit button, so that it can take focus too.
    if (mutation.error) refocusAfterFailure(formRef.current, authErrorField('login', requestCode(mutation.error)));
  }, [mutation.error]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginFormSchema.safeParse({ email, password });
    if (!parsed.success) {
      const found = fieldErrors<LoginField>(parsed.error);
      setErrors(found);
      // The fields now say what is wrong; an older server answer would only contradict them.
      mutation.reset();
      const first = event.currentTarget.querySelector<HTMLInputElement>(`[name="${found.email ? 'email' : 'password'}"]`);
      first?.focus();
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  }

  return (
    <form ref={formRef} className="stack" onSubmit={onSubmit} noValidate aria-label="Sign in with email">
      <RequestError id={requestErrorId} error={mutation.error} fallback="Login failed" />
      <EmailField
        autoComplete="username"
        value={email}
        error={errors.email}
        onChange={(value) => {
          setEmail(value);
          setErrors((e) => withoutFieldError(e, 'email'));
        }}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        placeholder="Your password"
        required
        value={password}
        error={errors.password}
        {...(pinned === 'password' && !errors.password
          ? { 'aria-invalid': true, 'aria-describedby': requestErrorId }
          : {})}
        onChange={(e) => {
          setPassword(e.target.value);
          setErrors((prev) => withoutFieldError(prev, 'password'));
        }}
        footer={<PasswordStrength password={password} />}
      />
      <Button type="submit" size="lg" block loading={mutation.isPending || mutation.isSuccess}>
        {mutation.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
