/**
 * Who may do what in a daily section (spec §5 "Daily section unlock thresholds": the server
 * decides the unlocked flag; §8 "Opening a daily section fails"). Pure: the caller's rating and
 * openings are read by the caller and passed in, so opening, submitting and discussing a section
 * refuse with the same rule and the same message.
 */
import { dailySection, isSectionUnlocked } from '@mathsprint/shared/domain';
import type { DailySectionKey } from '@mathsprint/shared/protocol';

/**
 * Why `sectionKey` is locked for a player with `rating` (rating points, rounded in the message), or
 * null when it is open to them: "The Advanced section unlocks at rating 1800 (yours is 1523)". The
 * text of the 403 of opening, submitting and discussing a locked section.
 */
export function sectionLockedReason(sectionKey: DailySectionKey, rating: number): string | null {
  if (isSectionUnlocked(sectionKey, rating)) return null;
  const section = dailySection(sectionKey);
  return `The ${section.title} section unlocks at rating ${section.unlockRating} (yours is ${Math.round(rating)})`;
}

/**
 * Why a player may not post or vote in the discussion of `sectionKey` on one date, or null when
 * they may: the section must be unlocked at their current `rating`, unless they already `opened`
 * it on that date. A rating can fall during the day (a lost duel) after the player opened and
 * solved the section, and they keep the right to discuss the set they played; the opening was
 * itself only recorded while the section was unlocked for them (DailyService.section).
 */
export function discussionLockedReason(sectionKey: DailySectionKey, rating: number, opened: boolean): string | null {
  return opened ? null : sectionLockedReason(sectionKey, rating);
}
