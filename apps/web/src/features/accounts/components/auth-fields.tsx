/** The pieces the sign-in and sign-up forms share: the email field and the failed-request alert. */
import { Field } from '../../../components/ui/field';

export interface EmailFieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** 'Email', required, with the browser's email keyboard and autofill. */
export function EmailField({ value, error, onChange }: EmailFieldProps) {
  return (
    <Field
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
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
  /** Shown when the server gave no text (spec §8: 'Login failed', 'Signup failed'). */
  fallback: string;
}

/** The server's reason a request failed, or `fallback` (spec §8). */
export function RequestError({ error, fallback }: RequestErrorProps) {
  if (!error) return null;
  return (
    <div className="alert alert-error" role="alert">
      {error.message || fallback}
    </div>
  );
}
