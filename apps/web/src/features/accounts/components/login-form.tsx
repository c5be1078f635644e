/**
 * /login form (spec §2 Login): email and password, both required, a show/hide toggle, the
 * decorative strength percentage, submit. Success stores the session and reloads at `returnTo`
 * (the page a signed-out visitor asked for, else /); failure shows the server's text or
 * 'Login failed' (spec §8).
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/field';
import { login } from '../api/auth';
import { fieldErrors, loginFormSchema, type FieldErrors } from '../api/forms';
import { startSession } from '../session';
import { EmailField, RequestError } from './auth-fields';
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
  const mutation = useMutation({ mutationFn: login, onSuccess: (auth) => startSession(auth, returnTo) });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginFormSchema.safeParse({ email, password });
    if (!parsed.success) {
      const found = fieldErrors<LoginField>(parsed.error);
      setErrors(found);
      const first = event.currentTarget.querySelector<HTMLInputElement>(`[name="${found.email ? 'email' : 'password'}"]`);
      first?.focus();
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate aria-label="Sign in with email">
      <RequestError error={mutation.error} fallback="Login failed" />
      <EmailField value={email} error={errors.email} onChange={setEmail} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        placeholder="Your password"
        required
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
        footer={<PasswordStrength password={password} />}
      />
      <Button type="submit" size="lg" block loading={mutation.isPending || mutation.isSuccess}>
        {mutation.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
