/**
 * Client-side checks of the sign-in forms (spec §5: all fields are required and the email must be
 * well formed). Signup reuses the server's own schema, so both sides give the same messages,
 * including the password minimum of 8 characters (issue #2 overrides the spec's hint of 6).
 */
import { ErrorCode, signupBodySchema } from '@mathsprint/shared/protocol';
import { z } from 'zod';

export const loginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email({ message: 'Please enter a valid email address' })),
  password: z.string().min(1, 'Password is required'),
});

/**
 * The server's signup schema, with an empty password called missing rather than short: the server
 * says 'Password is required' for it (accounts.routes `parseForm`), and so do the other fields here.
 */
export const signupFormSchema = signupBodySchema.extend({
  password: z.string().refine((value) => value !== '', 'Password is required').pipe(signupBodySchema.shape.password),
});

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per field of a failed parse, keyed by field name. */
export function fieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const out: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/** Fields a failed request can be pinned to (the forms' own field names). */
export type AuthFormField = 'name' | 'email' | 'password';

/**
 * The field a failed sign-in or sign-up request is about, so the form can mark it and put the
 * cursor there rather than leave focus on the page (the submit button it was on was disabled while
 * sending), told by the refusal's code, never its status or text: a refused login (INVALID_LOGIN,
 * 401) → password, to retype it, as GitHub and lichess do; an email already registered
 * (EMAIL_TAKEN, 409 on signup) → email. Anything else (network, 5xx, RATE_LIMITED) → null: nothing
 * to fix in a field.
 * @param code the ApiError code (null when the request got no answer or no code).
 */
export function authErrorField(form: 'login' | 'signup', code: ErrorCode | null): AuthFormField | null {
  if (form === 'login' && code === ErrorCode.INVALID_LOGIN) return 'password';
  if (form === 'signup' && code === ErrorCode.EMAIL_TAKEN) return 'email';
  return null;
}

/** `errors` without `field`'s message: a field's error goes once the player edits it. */
export function withoutFieldError<K extends string>(errors: FieldErrors<K>, field: K): FieldErrors<K> {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}
