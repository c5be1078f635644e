/**
 * Time display (spec §9 "Display": time is shown as minutes:seconds with padded seconds).
 */

/**
 * Formats a duration given in whole or fractional **seconds** as `m:ss` (e.g. 65 → "1:05",
 * 600 → "10:00"). Negative, NaN and infinite inputs show as "0:00"; fractions are floored so a
 * countdown never shows a second that has not fully started.
 */
export function formatMmSs(totalSeconds: number): string {
  const safe = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
