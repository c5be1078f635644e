/** What the solo screen does with a refused answer (POST /singleplayer/answer, spec §4). */
import { ErrorCode } from '@mathsprint/shared/protocol';
import { ApiError } from '../../../lib/api';

/**
 * Whether a failed answer says the run has ended on the server ('Time is up', 'The challenge is
 * over'): RUN_OVER (409), told by its code; the screen then shows the run's end. Anything else
 * (RUN_NOT_FOUND, RATE_LIMITED, network, 5xx) leaves the run on screen.
 */
export function answerEndsRun(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.RUN_OVER;
}
