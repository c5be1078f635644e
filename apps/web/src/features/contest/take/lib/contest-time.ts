/**
 * Contest clock helpers shared by the contest screens (spec §2 "Contest taking": TIME REMAINING as
 * hh:mm:ss to the close time; §4 "Countdown: refreshed every second"). Pure: every function takes
 * the time as epoch milliseconds, so tests fix it.
 */

const SECOND_MS = 1_000;

/**
 * Formats a duration in **seconds** as `hh:mm:ss` (e.g. 599 → "00:09:59", 3725 → "01:02:05").
 * Hours are not capped at 24 (a long contest still reads correctly). Fractions are floored;
 * negative, NaN and infinite inputs show "00:00:00".
 */
export function formatHhMmSs(totalSeconds: number): string {
  const safe = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const hours = Math.floor(safe / 3600);
  const minutes = Math.floor((safe % 3600) / 60);
  const seconds = safe % 60;
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * Whole seconds left until `closeMs`, rounded UP so the countdown reads 00:00:00 only once the close
 * instant has been reached (a countdown that shows 0 while time remains looks broken).
 *
 * @param closeMs - close time, epoch ms; NaN gives 0.
 * @param nowMs - (server-corrected) now, epoch ms.
 * @returns seconds ≥ 0.
 */
export function secondsUntil(closeMs: number, nowMs: number): number {
  if (!Number.isFinite(closeMs) || !Number.isFinite(nowMs)) return 0;
  return Math.max(0, Math.ceil((closeMs - nowMs) / SECOND_MS));
}

/** Parses an ISO 8601 instant to epoch ms; NaN when absent or unparseable. */
export function instantMs(iso: string | null | undefined): number {
  return iso ? Date.parse(iso) : Number.NaN;
}

/**
 * Offset to add to this browser's clock to get the server's (ms): server − client. The server
 * reports its clock as `serverTime` on every contest view (protocol contest.ts); `receivedAtMs` is
 * when this browser got that response. 0 (trust the local clock) when either is missing or bad.
 */
export function clockOffsetMs(serverTime: string | null | undefined, receivedAtMs: number): number {
  const server = instantMs(serverTime);
  if (!Number.isFinite(server) || !Number.isFinite(receivedAtMs) || receivedAtMs <= 0) return 0;
  return server - receivedAtMs;
}

/**
 * Delay (ms) until just after the next whole second of the corrected clock, so a 1 s ticker
 * crosses the close instant within `marginMs` of it instead of up to a second late.
 */
export function nextTickDelayMs(nowMs: number, marginMs = 5): number {
  const intoSecond = ((nowMs % SECOND_MS) + SECOND_MS) % SECOND_MS;
  return SECOND_MS - intoSecond + marginMs;
}

/**
 * Whole seconds between two instants (ms), never negative: the time spent on a question, sent as
 * `timeSpent` in seconds (protocol contestSubmitAnswerBodySchema).
 */
export function elapsedSeconds(fromMs: number, toMs: number): number {
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) return 0;
  return Math.max(0, Math.round((toMs - fromMs) / SECOND_MS));
}
