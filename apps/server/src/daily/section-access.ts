/**
 * Who may do what in a daily section (spec §5 "Daily section unlock thresholds": the server
 * decides the unlocked flag; §8 "Opening a daily section fails"). Pure: the caller's rating and
 * openings are read by the caller and passed in, so opening, submitting and discussing a section
 * refuse with the same rule and the same message.
 */
import { dailySection, isSectionUnlocked } from '@mathsprint/shared/domain';
import { DAILY_ERRORS, type DailySectionKey } from '@mathsprint/shared/protocol';

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
 * Why a player may not read, join, post or vote in the discussion of `sectionKey` on one date, or
 * null when they may: only once they `submitted` that set (issue #47, Project Euler's rule: its
 * comments can give the answers away). A submission was only accepted while the section was
 * unlocked for them, so a rating that fell since does not shut them out. Before it, a locked
 * section's text says what it needs; an open one's, 'Submit this set to read and join its discussion'.
 */
export function discussionLockedReason(sectionKey: DailySectionKey, rating: number, submitted: boolean): string | null {
  return submitted ? null : (sectionLockedReason(sectionKey, rating) ?? DAILY_ERRORS.submitToDiscuss);
}
