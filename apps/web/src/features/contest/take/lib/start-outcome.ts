/**
 * What /contest/{contestId} does with the answer of POST /contest/start (spec §2 "Contest taking",
 * §8; issue #3). Pure, so each branch is tested on its own:
 * - a 404 (or 400: an id that cannot exist) or a contest without questions → 'Contest ∉ Available
 *   Set' with Return Home;
 * - opened up to 10 s before openTime (by the corrected clock): the start is held until then
 *   (`earlyStartHoldMs`), so that it is not refused at all;
 * - 409 CONTEST_NOT_STARTED ('The contest has not started yet'): the page asks again (`retryEarlyStart`). Join appears
 *   when this browser's estimate of the server's clock reaches openTime; the estimate is taken
 *   once, so a browser clock stepped forward since (NTP, a sleeping laptop) shows Join early. A
 *   player who joins then waits a moment instead of being sent away. Still not started after the
 *   retries → that message, then home;
 * - any other 409 ('The contest is over'), an attempt already submitted, or a contest already closed on the
 *   server's clock → its results (issue #3: a user who opens it after close is sent to its results);
 * - 403 ('Please register for the contest first') → that message, then home;
 * - 401 (session expired) → 'Please login to access the contest', then /login;
 * - anything else → 'Failed to load contest', then home (spec §8 "Contest load failure").
 */
import { ErrorCode, type ContestStartResponse } from '@mathsprint/shared/protocol';
import { instantMs } from './contest-time';
import { TAKE_MESSAGES } from './messages';

export type StartOutcome =
  | { kind: 'take' }
  | { kind: 'unavailable' }
  | { kind: 'results' }
  | { kind: 'home'; message: string }
  | { kind: 'login'; message: string };

/** Retries of a start answered "not started yet", and the pause before each (ms): 10 s in all,
 * far more than any clock estimate is off by, short enough that a real early visit is told so. */
export const EARLY_START_RETRIES = 20;
export const EARLY_START_RETRY_MS = 500;

/**
 * How long before openTime a visit is held rather than refused (ms): the retries' whole span, 10 s.
 * Further ahead, POST /contest/start is sent at once and its refusal handled as above.
 */
export const EARLY_START_HOLD_WINDOW_MS = EARLY_START_RETRIES * EARLY_START_RETRY_MS;
/**
 * Extra wait past the estimated opening (ms), for the estimate of the server's clock, which is off
 * by up to half a round trip of GET /contest/next; a start still refused is retried as above.
 */
export const EARLY_START_HOLD_MARGIN_MS = 250;

/**
 * How long to hold POST /contest/start (ms) when the page is opened a few seconds before the
 * contest's openTime on the server-corrected clock: a start sent then is sure to meet 409 'The
 * contest has not started yet', which the browser reports in its console as a failed request, and
 * the player waits on 'Loading Contest...' either way. 0 (send now) when the opening is unknown,
 * past, or more than EARLY_START_HOLD_WINDOW_MS away.
 *
 * @param openMs - the contest's openTime, epoch ms (NaN when unknown).
 * @param nowMs - server-corrected now, epoch ms.
 */
export function earlyStartHoldMs(openMs: number, nowMs: number): number {
  if (!Number.isFinite(openMs) || !Number.isFinite(nowMs)) return 0;
  const early = openMs - nowMs;
  if (early < 0 || early > EARLY_START_HOLD_WINDOW_MS) return 0;
  return early + EARLY_START_HOLD_MARGIN_MS;
}

/**
 * @param status - HTTP status of the failed call (0 for a network failure or a malformed body).
 * @param code - the server's error code (ApiError.code), null when the body had none.
 * @param message - the server's `error` text, if any: shown for a 403.
 */
export function startErrorOutcome(status: number, code: ErrorCode | null, message: string | null | undefined): StartOutcome {
  switch (status) {
    case 400:
    case 404:
      return { kind: 'unavailable' };
    case 409:
      return code === ErrorCode.CONTEST_NOT_STARTED ? { kind: 'home', message: TAKE_MESSAGES.notStarted } : { kind: 'results' };
    case 401:
      return { kind: 'login', message: TAKE_MESSAGES.loginRequired };
    case 403:
      return { kind: 'home', message: message?.trim() || TAKE_MESSAGES.registerFirst };
    default:
      return { kind: 'home', message: TAKE_MESSAGES.loadFailed };
  }
}

/**
 * Whether POST /contest/start should be sent again after its `failures`-th failure (TanStack
 * Query's `retry`, counting from 0): only for CONTEST_NOT_STARTED ('The contest has not started
 * yet'), at most EARLY_START_RETRIES times.
 * @param code - the server's error code (ApiError.code), null when the body had none.
 */
export function retryEarlyStart(failures: number, code: ErrorCode | null): boolean {
  return code === ErrorCode.CONTEST_NOT_STARTED && failures < EARLY_START_RETRIES;
}

/**
 * @param response - POST /contest/start's body.
 * @param nowMs - server-corrected now, epoch ms. The contest is live up to closeTime inclusive
 *   (spec §4), so only a later instant counts as closed.
 */
export function startResponseOutcome(
  response: { attempt: Pick<ContestStartResponse['attempt'], 'status' | 'contestId'>; questions: readonly unknown[] },
  nowMs: number,
): StartOutcome {
  if (response.questions.length === 0) return { kind: 'unavailable' };
  if (response.attempt.status === 'submitted') return { kind: 'results' };
  const closeMs = instantMs(response.attempt.contestId.closeTime);
  if (Number.isFinite(closeMs) && nowMs > closeMs) return { kind: 'results' };
  return { kind: 'take' };
}
