/**
 * The daily hub across 00:00 UTC. "Today" is the server's UTC date (GET /api/daily/today), read
 * once when the hub loads; a player who keeps /daily open past midnight must get the new day's sets
 * (hooks/use-day-rollover.ts), and a set of the old day that is still open must say that it can no
 * longer be sent: the server answers a submit for any other date than its today with 400 "Only
 * today's set (… UTC) can be submitted, not …" (apps/server/src/daily/daily.service.ts `submit`).
 * Pure: instants in epoch ms come in as arguments.
 */
import { utcDateOf } from '@mathsprint/shared/domain';

const DAY_MS = 86_400_000;

/**
 * How long after the next 00:00 UTC (on the server's clock as estimated here) the hub asks for the
 * new day (ms). The estimate is off by the request's latency; asking 2 s late makes it very likely
 * that the server has already turned the day, and nobody minds 2 s.
 */
export const ROLLOVER_MARGIN_MS = 2_000;

/**
 * Wait before asking again when the estimate says the day is over but the shown date is still the
 * old one (ms): a failed request, or a server clock behind ours. Long enough not to hammer the
 * server, short enough that the new sets appear within the minute.
 */
export const ROLLOVER_RETRY_MS = 30_000;

/**
 * Offset to add to this browser's clock to get the server's (ms): server − client, from the
 * `serverTime` of GET /api/daily/today and `receivedAtMs`, when this browser got that response.
 * 0 (trust the local clock) when either is missing or unusable.
 */
export function clockOffsetMs(serverTime: string | null | undefined, receivedAtMs: number): number {
  const server = serverTime ? Date.parse(serverTime) : Number.NaN;
  if (!Number.isFinite(server) || !Number.isFinite(receivedAtMs) || receivedAtMs <= 0) return 0;
  return server - receivedAtMs;
}

/** ms from `nowMs` to the next 00:00:00.000 UTC (a full day at midnight itself). */
export function msUntilNextUtcDay(nowMs: number): number {
  return DAY_MS - (((nowMs % DAY_MS) + DAY_MS) % DAY_MS);
}

/** Whether the UTC day of `nowMs` is later than `shownDate` (YYYY-MM-DD): the sets on screen are old. */
export function isDayOver(shownDate: string, nowMs: number): boolean {
  return utcDateOf(nowMs) > shownDate;
}

/**
 * Delay (ms) before the hub should ask for today's data again, given the date it shows and the
 * server's clock now: just after the next UTC midnight, or ROLLOVER_RETRY_MS when the day is
 * already over (the last try did not bring the new date).
 */
export function nextDayCheckMs(shownDate: string, nowMs: number): number {
  return isDayOver(shownDate, nowMs) ? ROLLOVER_RETRY_MS : msUntilNextUtcDay(nowMs) + ROLLOVER_MARGIN_MS;
}

/** What an open panel of an old day holds, for its notice. */
export interface StalePanel {
  /** The panel's date (the old day). */
  date: string;
  /** The server's today, whose sets are now out. */
  today: string;
  /** 'solve': the set with its answers; 'rankings': only its rankings. */
  view: 'solve' | 'rankings';
  /** The player had already sent the old day's set. */
  submitted: boolean;
  /** Some answers were typed in it (unsent). */
  typed: boolean;
}

/** The notice over a panel left open from an old day, true to what the server will do with it. */
export function stalePanelText({ date, today, view, submitted, typed }: StalePanel): string {
  const out = `New sets are out for ${today} (UTC).`;
  if (view === 'rankings') return `${out} These are the rankings of ${date}.`;
  if (submitted) return `${out} This is your ${date} set.`;
  return `${out} The ${date} set can no longer be submitted${typed ? ', so the answers here will not be scored' : ''}.`;
}
