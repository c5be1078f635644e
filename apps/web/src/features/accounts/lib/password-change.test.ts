import { ErrorCode } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../api/forms';
import { PASSWORD_CHANGE_MESSAGES, passwordChangeErrorField, passwordChangeFormSchema, type PasswordChangeField } from './password-change';

function errorsOf(form: { currentPassword: string; newPassword: string; confirmPassword: string }) {
  const result = passwordChangeFormSchema.safeParse(form);
  return result.success ? {} : fieldErrors<PasswordChangeField>(result.error);
}

describe('change-password form checks (issue #2)', () => {
  it('accepts a current password, a new one of at least 8 characters and its exact confirmation', () => {
    const result = passwordChangeFormSchema.safeParse({ currentPassword: 'x', newPassword: '12345678', confirmPassword: '12345678' });
    expect(result.success).toBe(true);
    if (result.success) expect(result.data).toEqual({ currentPassword: 'x', newPassword: '12345678', confirmPassword: '12345678' });
  });

  it('says each blank field is required, with the server’s words for the first two', () => {
    expect(errorsOf({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: PASSWORD_CHANGE_MESSAGES.confirmRequired,
    });
  });

  it('gives a short new password the shared minimum of 8 characters', () => {
    expect(errorsOf({ currentPassword: 'old', newPassword: '1234567', confirmPassword: '1234567' })).toEqual({
      newPassword: 'Password must be at least 8 characters',
    });
  });

  it('refuses passwords over 200 characters, as the server does', () => {
    const long = 'a'.repeat(201);
    expect(errorsOf({ currentPassword: long, newPassword: long, confirmPassword: long })).toEqual({
      currentPassword: 'Password must be at most 200 characters',
      newPassword: 'Password must be at most 200 characters',
    });
  });

  it('needs the confirmation to match exactly, spaces and case included', () => {
    for (const confirmPassword of ['new-secret-2', 'new-secret-1 ', 'NEW-SECRET-1']) {
      expect(errorsOf({ currentPassword: 'old', newPassword: 'new-secret-1', confirmPassword })).toEqual({
        confirmPassword: 'Passwords do not match',
      });
    }
  });

  it('reports a mismatch even when the new password is itself too short', () => {
    expect(errorsOf({ currentPassword: 'old', newPassword: 'short', confirmPassword: 'shorts' })).toEqual({
      newPassword: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
  });
});

describe('passwordChangeErrorField', () => {
  it('pins a refused current password to that field: wrong, or none on the account', () => {
    expect(passwordChangeErrorField(ErrorCode.WRONG_PASSWORD)).toBe('currentPassword');
    expect(passwordChangeErrorField(ErrorCode.NO_PASSWORD)).toBe('currentPassword');
  });

  it('pins nothing for failures no field can fix', () => {
    for (const code of [null, ErrorCode.INVALID_INPUT, ErrorCode.SESSION_EXPIRED, ErrorCode.RATE_LIMITED, ErrorCode.INTERNAL, ErrorCode.UNAVAILABLE]) {
      expect(passwordChangeErrorField(code)).toBeNull();
    }
  });

  it('follows the code, not the status: another 403 pins nothing', () => {
    expect(passwordChangeErrorField(ErrorCode.OPERATOR_ONLY)).toBeNull();
    expect(passwordChangeErrorField(ErrorCode.ACCOUNT_REQUIRED)).toBeNull();
  });
});
