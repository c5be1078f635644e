/**
 * Text formatting of the contest card (spec §2 "Weekly contest card", §9 "Display"). Pure; the
 * locale and time zone are parameters so tests pin them (the app passes the browser's).
 */

/**
 * The start time in the reader's locale and time zone, e.g. "Fri, 27 Nov, 15:30 UTC" (en-GB, UTC).
 *
 * @param iso - ISO 8601 instant. @param locale - BCP 47 tag; undefined = the browser's.
 * @param timeZone - IANA zone; undefined = the browser's. @returns '' for an unparseable instant.
 */
export function formatStartTime(iso: string, locale?: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(ms);
}

/**
 * A score in points with at most one decimal ("72.5", "80"); non-finite → "0".
 */
export function formatPoints(points: number): string {
  if (!Number.isFinite(points)) return '0';
  return String(Math.round(points * 10) / 10);
}

/** A percentage 0–100 rounded to a whole number with '%' ("85%"); clamped; non-finite → "0%". */
export function formatPercent(percent: number): string {
  if (!Number.isFinite(percent)) return '0%';
  return `${Math.round(Math.min(100, Math.max(0, percent)))}%`;
}

/** "1 registered" / "12 registered": the registered count (spec §2). */
export function registeredText(count: number): string {
  return `${Math.max(0, Math.floor(count))} registered`;
}

/** A leaderboard name (spec §3: "The name shows as Anonymous if missing"). */
export function participantName(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : 'Anonymous';
}

/**
 * The card's subtitle under the contest's title: "Weekly contest", unless the title already says
 * it ("Weekly Math Contest" over "Weekly contest" reads twice).
 */
export function contestSubtitle(title: string): string | undefined {
  return /\bcontest\b/i.test(title) ? undefined : 'Weekly contest';
}
