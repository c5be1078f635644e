/**
 * Fair play (issue #47 "Bots"): was a game, contest attempt or single-player run answered faster
 * than a person can answer? The questions can be solved from their text by a script, so the only
 * thing that tells a script from a quick person is the pace, which the server stamps itself.
 *
 * The rule: every answer gets the time since the question was handed out (the previous answer, or
 * the start for the first one) divided by the floor for its difficulty, `floorMs(d) = easyFloorMs +
 * (d − 1) × floorStepMs`. A set of answers is flagged when it has at least `minAnswers` answers and
 * the MEDIAN of those ratios is below 1: more than half the answers came quicker than the floor.
 * The median, not the mean or the fastest answer, so a person who types a few answers ahead or
 * double-taps Enter is not flagged, while a script that waits a little on some answers still is.
 *
 * Where the default floors come from:
 * - The best players of Zetamac, the arithmetic speed drill this game's easy questions resemble
 *   (+, −, × and ÷ of small numbers in a 120 s game, https://arithmetic.zetamac.com), answer about
 *   one question a second on its default settings, reading and typing included. A person's simple
 *   visual reaction time alone, before any reading or typing, has a median of about 270 ms among
 *   Human Benchmark's players (https://humanbenchmark.com/tests/reactiontime/statistics).
 * - So the easy floor, 250 ms, is under a reaction time and a quarter of the best Zetamac pace,
 *   and each level above adds 50 ms (700 ms at level 10, where the questions are multi-step):
 *   a fast person (350–900 ms on easy questions, 1–3 s on hard ones) stays well above it, while the
 *   measured scripts answered within a few milliseconds.
 */

/** Thresholds of the pace rule; the server reads them from config (PACE_* variables). */
export interface PaceThresholds {
  /** Floor in ms at difficulty 1 (default 250 ms). */
  easyFloorMs: number;
  /** Added to the floor for each level above 1, in ms (default 50 ms). */
  floorStepMs: number;
  /** Fewer answers than this are never flagged (default 5): too few to judge a pace. */
  minAnswers: number;
}

/** The defaults argued in the file header. */
export const DEFAULT_PACE_THRESHOLDS: PaceThresholds = { easyFloorMs: 250, floorStepMs: 50, minAnswers: 5 };

/** What the player is told, on every results screen, about a flagged result. */
export const PACE_FLAG_MESSAGE = 'answered faster than a person can';

/** One answer: when the server received it (epoch ms) and the difficulty (1–10) of its question. */
export interface TimedAnswer {
  atMs: number;
  difficulty: number;
}

/** The decision about one set of answers. */
export interface PaceVerdict {
  flagged: boolean;
  /** Answers judged. */
  answers: number;
  /** Median ms between hand-out and answer; null without answers. */
  medianGapMs: number | null;
  /** Median of gap ÷ floor; below 1 means flagged (given `minAnswers`); null without answers. */
  medianRatio: number | null;
  /** For a flagged set: PACE_FLAG_MESSAGE with the figures, as stored and shown to operators; else null. */
  reason: string | null;
}

/**
 * The floor in ms for a question of `difficulty` (clamped to 1–10; non-integers are floored).
 * @throws RangeError when a threshold is negative or not finite.
 */
export function paceFloorMs(difficulty: number, t: PaceThresholds = DEFAULT_PACE_THRESHOLDS): number {
  if (!Number.isFinite(t.easyFloorMs) || !Number.isFinite(t.floorStepMs) || t.easyFloorMs < 0 || t.floorStepMs < 0) {
    throw new RangeError(`pace floors must be finite and ≥ 0, got ${t.easyFloorMs} and ${t.floorStepMs}`);
  }
  const level = Math.min(10, Math.max(1, Math.floor(Number.isFinite(difficulty) ? difficulty : 1)));
  return t.easyFloorMs + (level - 1) * t.floorStepMs;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Pure: judges the pace of `answers` handed out from `startMs` (epoch ms: the game's clock start,
 * the attempt's start). Answers are taken in time order; each one's gap is the time since the
 * previous answer (or since `startMs`), at least 0. See the file header for the rule and sources.
 *
 * @returns the verdict; `flagged` only with at least `t.minAnswers` answers and a median ratio < 1.
 */
export function judgePace(startMs: number, answers: readonly TimedAnswer[], t: PaceThresholds = DEFAULT_PACE_THRESHOLDS): PaceVerdict {
  if (answers.length === 0) return { flagged: false, answers: 0, medianGapMs: null, medianRatio: null, reason: null };
  const ordered = [...answers].sort((a, b) => a.atMs - b.atMs);
  const gaps: number[] = [];
  const ratios: number[] = [];
  let previous = startMs;
  for (const a of ordered) {
    const gap = Math.max(0, a.atMs - previous);
    previous = Math.max(previous, a.atMs);
    gaps.push(gap);
    const floor = paceFloorMs(a.difficulty, t);
    ratios.push(floor === 0 ? Number.POSITIVE_INFINITY : gap / floor);
  }
  const medianGapMs = Math.round(median(gaps));
  const medianRatio = median(ratios);
  const flagged = ordered.length >= Math.max(1, t.minAnswers) && medianRatio < 1;
  return {
    flagged,
    answers: ordered.length,
    medianGapMs,
    medianRatio,
    reason: flagged ? `${PACE_FLAG_MESSAGE}: median ${medianGapMs} ms per answer over ${ordered.length} answers` : null,
  };
}
