/**
 * What the section cards show (spec §2 "Today's problem sets": title, question count, difficulty or
 * 'Mixed', locked or available; spec §5 unlock thresholds shown as text; spec §4: the first unlocked
 * section is selected automatically). The server decides `unlocked`; this only words it.
 */
import type { DailyDifficulty, DailySectionSummary } from '@mathsprint/shared/protocol';
import { counted } from '../../../lib/plural';

/** 'Easy', 'Medium', 'Hard', or 'Mixed' for the expert set (issue #4). */
export function difficultyLabel(difficulty: DailyDifficulty): string {
  return difficulty.charAt(0).toUpperCase() + difficulty.slice(1);
}

/** "10 questions" / "1 question". */
export function questionCountText(count: number): string {
  return counted(count, 'question');
}

/** "Unlocks at rating 1600", or "Open to everyone" for the basic set. */
export function unlockText(unlockRating: number): string {
  return unlockRating > 0 ? `Unlocks at rating ${unlockRating}` : 'Open to everyone';
}

/** The first unlocked section's key, or null when all are locked (spec §4 "Daily practice"). */
export function firstUnlocked(sections: readonly Pick<DailySectionSummary, 'key' | 'unlocked'>[]): DailySectionSummary['key'] | null {
  return sections.find((s) => s.unlocked)?.key ?? null;
}
