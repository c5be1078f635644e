/** The pieces the sign-in and sign-up forms share: the email field and the failed-request alert. */
import type { ErrorCode } from '@mathsprint/shared/protocol';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';

export interface EmailFieldProps {
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  /**
   * 'username' on the sign-in form, where the email is the account's name and password managers
   * pair it with 'current-password' (web.dev "Sign-in form best practices"); 'email' (the default)
   * on sign-up, where the browser offers the player's address.
   */
  autoComplete?: 'email' | 'username';
}

/** 'Email', required, with the browser's email keyboard and autofill, never auto-capitalised or corrected. */
export function EmailField({ value, error, onChange, autoComplete = 'email' }: EmailFieldProps) {
  return (
    <Field
      label="Email"
      name="email"
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      placeholder="you@example.com"
      required
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export interface RequestErrorProps {
  /** The failed request's error; nothing is shown without one. */
  error: Error | null;
  /** Lets a field point at the alert with aria-describedby. */
  id?: string;
  /** Shown when the server gave no text (spec §8: 'Login failed', 'Signup failed'). */
  fallback: string;
}

/** The server's reason a request failed, or `fallback` (spec §8). */
export function RequestError({ error, fallback, id }: RequestErrorProps) {
  if (!error) return null;
  return (
    <div id={id} className="alert alert-error" role="alert">
      {error.message || fallback}
    </div>
  );
}

/**
 * The ErrorCode of a failed request (what the forms decide on); null when it has none (network,
 * a body without a known code, an unreadable answer, an error that is not an ApiError).
 */
export function requestCode(error: unknown): ErrorCode | null {
  return error instanceof ApiError ? error.code : null;
}

/**
 * After a failed request, puts focus back into the form (the submit button it was on was disabled
 * while sending, which drops focus to the page): on `field`, its text selected so typing replaces
 * it, or on the submit button to try again.
 * @param field - the `name` of the input the failure is about (a sign-in, sign-up or
 *   change-password field), or null for the submit button.
 */
export function refocusAfterFailure(form: HTMLFormElement | null, field: string | null): void {
  if (!form) return;
  const input = field ? form.querySelector<HTMLInputElement>(`[name="${field}"]`) : null;
  if (input) {
    input.focus();
    input.select();
    return;
  }
  form.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
}

/**
 * After the form's own checks found a problem (the fields now say what is wrong): drops the
 * mutation's older server answer, which would only contradict them (`reset`), and puts the cursor
 * in `field`, the first field with a problem.
 * @param field - the `name` of that input; nothing is focused when it is undefined.
 */
export function showFormProblem(form: HTMLFormElement, field: string | undefined, reset: () => void): void {
  reset();
  if (field) form.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
}
