/**
 * The weekly contest card's clock (spec §4 "Contest status", "Countdown"; §9 "Display"): the status
 * computed from a server-corrected clock and the countdown text. Pure: every function takes the
 * time as epoch milliseconds, so tests fix it.
 */
import type { ContestStatus, ContestView } from '@mathsprint/shared/protocol';

/** The two instants that decide a contest's status. ISO 8601 strings, as on the wire. */
export type ContestWindow = Pick<ContestView, 'openTime' | 'closeTime'>;

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Milliseconds to add to this browser's `Date.now()` to get the server's clock.
 *
 * @param serverTime - the response's `serverTime` (ISO 8601).
 * @param receivedAtMs - this browser's `Date.now()` when the response arrived.
 * @returns server − client in ms; 0 when `serverTime` is missing or unparseable (trust the client).
 */
export function clockOffsetMs(serverTime: string | undefined, receivedAtMs: number): number {
  const server = serverTime ? Date.parse(serverTime) : Number.NaN;
  if (!Number.isFinite(server) || !Number.isFinite(receivedAtMs) || receivedAtMs <= 0) return 0;
  return server - receivedAtMs;
}

/**
 * Status from the clock (spec §4): before openTime 'upcoming'; from openTime to closeTime
 * INCLUSIVE 'live'; after closeTime 'completed'.
 *
 * @param nowMs - the (server-corrected) time, epoch ms.
 */
export function contestStatusAt(contest: ContestWindow, nowMs: number): ContestStatus {
  const open = Date.parse(contest.openTime);
  const close = Date.parse(contest.closeTime);
  if (nowMs < open) return 'upcoming';
  if (nowMs <= close) return 'live';
  return 'completed';
}

/** The status label shown on the card (spec §4: Upcoming / Live Now! / Completed). */
export function statusLabel(status: ContestStatus): string {
  switch (status) {
    case 'upcoming':
      return 'Upcoming';
    case 'live':
      return 'Live Now!';
    case 'completed':
      return 'Completed';
  }
}

/**
 * A duration as the card's countdown writes it (spec §4 "Countdown"): days/hours/minutes when at
 * least a day is left ("2d 5h 30m"), else hours/minutes/seconds ("5h 03m 12s"), else
 * minutes/seconds ("4m 09s"), else seconds alone ("9s"). Partial seconds round UP, so the countdown
 * reads "1s" until the instant itself, never "0s" before it.
 *
 * @param ms - time left in milliseconds; negative counts as 0.
 */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil((Number.isFinite(ms) ? ms : 0) / SECOND));
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3_600);
  const minutes = Math.floor((totalSeconds % 3_600) / 60);
  const seconds = totalSeconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m ${pad(seconds)}s`;
  if (minutes > 0) return `${minutes}m ${pad(seconds)}s`;
  return `${seconds}s`;
}

/**
 * The countdown text (spec §4): before the contest the time to openTime (formatCountdown); during
 * it 'Ends in ' + the time to closeTime; after it 'Contest ended'.
 */
export function countdownText(contest: ContestWindow, nowMs: number): string {
  switch (contestStatusAt(contest, nowMs)) {
    case 'upcoming':
      return formatCountdown(Date.parse(contest.openTime) - nowMs);
    case 'live':
      return `Ends in ${formatCountdown(Date.parse(contest.closeTime) - nowMs)}`;
    case 'completed':
      return 'Contest ended';
  }
}

/**
 * Delay until the next tick of the card's 1 s clock (spec §9 "The countdown refreshes every 1 s"):
 * just after the next whole second of the corrected clock, or just after the next of `boundaries`
 * (openTime, closeTime) if that comes sooner, so the card flips state within `marginMs` of the
 * instant even when it is not on a whole second. closeTime is inclusive (spec §4), so the margin
 * also puts the tick past it. Result in ms, between 1 and 1000 + marginMs.
 *
 * @param nowMs - corrected time, epoch ms. @param boundaries - instants, epoch ms (past ones ignored).
 * @param marginMs - default 5 ms.
 */
export function nextTickDelayMs(nowMs: number, boundaries: readonly number[] = [], marginMs = 5): number {
  const intoSecond = ((nowMs % SECOND) + SECOND) % SECOND;
  let delay = SECOND - intoSecond + marginMs;
  for (const b of boundaries) {
    if (Number.isFinite(b) && b >= nowMs) delay = Math.min(delay, b - nowMs + marginMs);
  }
  return Math.max(1, delay);
}

/** Unit sizes in ms, exported for tests and callers that build fixtures. */
export const DURATION = { SECOND, MINUTE, HOUR, DAY } as const;
