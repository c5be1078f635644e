/**
 * The one way a service refuses a request (issue #48 §4): a code from the shared `ErrorCode` and
 * the sentence for the player. The edges turn it into `{ error, code }`: the HTTP error handler with
 * the status that http/errors.ts gives the code, a socket handler as its acknowledgement.
 */
import type { ErrorCode } from '@mathsprint/shared/protocol';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
