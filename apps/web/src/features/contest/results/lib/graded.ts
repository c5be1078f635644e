/**
 * Whether an attempt carries its grade (issue #47): the server sends `totalScore`, `correctCount`
 * and `wrongCount` only once the contest's close time has passed, null before, so that a score
 * cannot tell anyone whether a candidate answer is right. Pure.
 */
import type { ContestAttempt } from '@mathsprint/shared/protocol';

/** An attempt whose score and counts are known (after close). */
export type GradedAttempt = ContestAttempt & { totalScore: number; correctCount: number; wrongCount: number };

export function isGraded(attempt: ContestAttempt): attempt is GradedAttempt {
  return attempt.totalScore !== null && attempt.correctCount !== null && attempt.wrongCount !== null;
}

/**
 * The close time as the results page states it, in the browser's zone and language unless given:
 * `time` ("15:40", "03:40 PM") and `day` ("Fri, 27 Nov"); both '' when unparseable.
 */
export function resultsTime(closeIso: string, locale?: string, timeZone?: string): { time: string; day: string } {
  const ms = Date.parse(closeIso);
  if (!Number.isFinite(ms)) return { time: '', day: '' };
  return {
    time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(ms),
    day: new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(ms),
  };
}
