import { ErrorCode } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import { deletionErrorPinned } from './account-deletion';

describe('deletionErrorPinned', () => {
  it('pins a wrong password to the password field', () => {
    expect(deletionErrorPinned(ErrorCode.WRONG_PASSWORD)).toBe(true);
  });

  it('pins nothing else, a 403 of another code included: the code decides, not the status', () => {
    // NO_PASSWORD and OPERATOR_ONLY are 403s too (HTTP_STATUS), yet no password typed can fix them.
    for (const code of [ErrorCode.NO_PASSWORD, ErrorCode.OPERATOR_ONLY, ErrorCode.RATE_LIMITED, ErrorCode.IN_ANOTHER_GAME, ErrorCode.INVALID_INPUT, ErrorCode.SESSION_EXPIRED, null]) {
      expect(deletionErrorPinned(code)).toBe(false);
    }
  });
});
