import { describe, expect, it } from 'vitest';
import { ErrorCode, PASSWORD_ONLY_SPACES_MESSAGE } from '@mathsprint/shared/protocol';
import { authErrorField, fieldErrors, loginFormSchema, signupFormSchema, withoutFieldError } from './forms';

describe('sign-in form checks (spec §5)', () => {
  it('login requires both fields and a well-formed email', () => {
    const empty = loginFormSchema.safeParse({ email: '', password: '' });
    expect(empty.success).toBe(false);
    if (!empty.success) expect(fieldErrors(empty.error)).toEqual({ email: 'Email is required', password: 'Password is required' });
    const bad = loginFormSchema.safeParse({ email: 'ada@', password: 'x' });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(fieldErrors(bad.error)).toEqual({ email: 'Please enter a valid email address' });
    expect(loginFormSchema.safeParse({ email: ' ada@example.com ', password: 'x' }).success).toBe(true);
  });

  it('signup needs a name, a well-formed email and at least 8 password characters (issue #2)', () => {
    const result = signupFormSchema.safeParse({ name: ' ', email: 'nope', password: '1234567' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual({
        name: 'Full name is required',
        email: 'Please enter a valid email address',
        password: 'Password must be at least 8 characters',
      });
    }
    expect(signupFormSchema.safeParse({ name: 'Ada', email: 'ada@example.com', password: '12345678' }).success).toBe(true);
  });

  it('signup calls a blank email missing, as login does', () => {
    for (const email of ['', '   ']) {
      const result = signupFormSchema.safeParse({ name: 'Ada', email, password: '12345678' });
      expect(result.success).toBe(false);
      if (!result.success) expect(fieldErrors(result.error)).toEqual({ email: 'Email is required' });
    }
  });

  it('says a password of spaces only is only spaces, not missing or too short', () => {
    for (const password of [' '.repeat(9), ' '.repeat(8), '   ', ' \t  \n    ']) {
      const result = signupFormSchema.safeParse({ name: 'Ada', email: 'ada@example.com', password });
      expect(result.success).toBe(false);
      if (!result.success) expect(fieldErrors(result.error)).toEqual({ password: PASSWORD_ONLY_SPACES_MESSAGE });
    }
    expect(PASSWORD_ONLY_SPACES_MESSAGE).toBe("Password can't be only spaces");
    // Spaces around other characters are part of the password and allowed.
    expect(signupFormSchema.safeParse({ name: 'Ada', email: 'ada@example.com', password: '  secret 12  ' }).success).toBe(true);
  });
});

describe('blank signup password', () => {
  it('is missing, not short, as the server says', () => {
    const result = signupFormSchema.safeParse({ name: 'Ada', email: 'ada@example.com', password: '' });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ password: 'Password is required' });
    const short = signupFormSchema.safeParse({ name: 'Ada', email: 'ada@example.com', password: 'x' });
    expect(short.success).toBe(false);
    if (!short.success) expect(fieldErrors(short.error)).toEqual({ password: 'Password must be at least 8 characters' });
  });
});

describe('authErrorField', () => {
  it('pins a refused login to the password and a taken email to the email', () => {
    expect(authErrorField('login', ErrorCode.INVALID_LOGIN)).toBe('password');
    expect(authErrorField('signup', ErrorCode.EMAIL_TAKEN)).toBe('email');
  });

  it('pins nothing for failures no field can fix', () => {
    for (const code of [null, ErrorCode.INVALID_INPUT, ErrorCode.RATE_LIMITED, ErrorCode.INTERNAL, ErrorCode.UNAVAILABLE]) {
      expect(authErrorField('login', code)).toBeNull();
      expect(authErrorField('signup', code)).toBeNull();
    }
    expect(authErrorField('login', ErrorCode.EMAIL_TAKEN)).toBeNull();
    expect(authErrorField('signup', ErrorCode.INVALID_LOGIN)).toBeNull();
  });

  it('follows the code, not the status: another 401 or 409 pins nothing', () => {
    // SESSION_EXPIRED and LOGIN_REQUIRED are 401s like INVALID_LOGIN; IN_ANOTHER_GAME a 409 like EMAIL_TAKEN.
    expect(authErrorField('login', ErrorCode.SESSION_EXPIRED)).toBeNull();
    expect(authErrorField('login', ErrorCode.LOGIN_REQUIRED)).toBeNull();
    expect(authErrorField('signup', ErrorCode.IN_ANOTHER_GAME)).toBeNull();
  });
});

describe('withoutFieldError', () => {
  it('drops only the edited field and keeps the object when there is nothing to drop', () => {
    const errors = { email: 'Email is required', password: 'Password is required' };
    expect(withoutFieldError(errors, 'email')).toEqual({ password: 'Password is required' });
    expect(errors).toEqual({ email: 'Email is required', password: 'Password is required' });
    const none = { password: 'x' };
    expect(withoutFieldError<'email' | 'password'>(none, 'email')).toBe(none);
  });
});
