/**
 * Daily badge names for the badge toast (issue #4 badge codes; names from the shared domain's
 * DAILY_BADGE_NAMES, since the spec gives none). Unknown codes are shown as they are (as spec §3
 * does for contest badges).
 */
import { DAILY_BADGE_NAMES } from '@mathsprint/shared/domain';

export function dailyBadgeName(code: string): string {
  return (DAILY_BADGE_NAMES as Record<string, string>)[code] ?? code;
}

/** The badge toast's text: "Badge earned: First Solve" / "Badges earned: First Solve, Perfect Set". */
export function badgeToastText(codes: readonly string[]): string {
  const names = codes.map(dailyBadgeName);
  return `${names.length === 1 ? 'Badge' : 'Badges'} earned: ${names.join(', ')}`;
}
