/**
 * The rules of the change-password form (issue #2's POST /api/password), kept apart from the dialog
 * so they can be tested without a browser. The current and new password follow the server's own
 * schema (`passwordChangeBodySchema` in packages/shared), so both sides give the same messages; the
 * confirmation is the client's alone, as the server never sees it.
 */
import { ErrorCode, passwordChangeBodySchema } from '@mathsprint/shared/protocol';
import { z } from 'zod';

export type PasswordChangeField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** The fields in the order the form shows them: the first with an error takes the cursor. */
export const PASSWORD_CHANGE_FIELDS: readonly PasswordChangeField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

export const PASSWORD_CHANGE_MESSAGES = {
  /** What the server says for a blank new password (accounts.routes `PASSWORD_REQUIRED`). */
  newRequired: 'New password is required',
  confirmRequired: 'Please confirm your new password',
  mismatch: 'Passwords do not match',
} as const;

/**
 * The form's schema: the server's body schema, with an empty new password called missing rather
 * than short (as the server says), plus a confirmation that must equal the new password exactly
 * (spaces included: a password's spaces are part of it).
 */
export const passwordChangeFormSchema = z
  .object({
    currentPassword: passwordChangeBodySchema.shape.currentPassword,
    newPassword: z
      .string()
      .refine((value) => value !== '', PASSWORD_CHANGE_MESSAGES.newRequired)
      .pipe(passwordChangeBodySchema.shape.newPassword),
    confirmPassword: z.string().min(1, PASSWORD_CHANGE_MESSAGES.confirmRequired),
  })
  .superRefine((form, ctx) => {
    // Only once there is something to compare: a missing confirmation already has its message.
    if (form.confirmPassword !== '' && form.confirmPassword !== form.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_CHANGE_MESSAGES.mismatch });
    }
  });

export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;

/**
 * The field a refused change is about, so the dialog shows the server's text there and puts the
 * cursor in it, told by the refusal's code: WRONG_PASSWORD (the current password is wrong) and
 * NO_PASSWORD (an account that signs in only with Google has none, and the server's text says so),
 * both 403 → current password. Anything else → null, shown above the fields: RATE_LIMITED (too many
 * wrong tries: waiting fixes it, not typing), SESSION_EXPIRED (the session ended), INVALID_INPUT
 * (the form's own checks already cover the server's rules), network and 5xx failures.
 * @param code the ApiError code (null when the request got no answer or no code).
 */
export function passwordChangeErrorField(code: ErrorCode | null): PasswordChangeField | null {
  return code === ErrorCode.WRONG_PASSWORD || code === ErrorCode.NO_PASSWORD ? 'currentPassword' : null;
}
