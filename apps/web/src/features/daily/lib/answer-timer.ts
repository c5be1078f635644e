/**
 * Per-question time for POST /api/daily/submit's `timeMs` (spec §7; issue #4: the server measures the
 * time taken itself and keeps these for per-question statistics only). A question's clock runs while
 * its input has focus; moving to another input stops it. Pure: times in ms come in as arguments.
 */
import { parseDecimal } from '@mathsprint/shared/protocol';

export interface AnswerClock {
  /** ms spent per question so far. */
  spentMs: number[];
  /** The question whose clock runs, or null. */
  active: number | null;
  /** When the running clock last started (ms). */
  since: number;
}

export function startClock(count: number): AnswerClock {
  return { spentMs: Array.from({ length: count }, () => 0), active: null, since: 0 };
}

/** Stops the running clock at `now`, adding its time to its question. */
export function stopClock(clock: AnswerClock, now: number): AnswerClock {
  if (clock.active === null) return clock;
  const spentMs = [...clock.spentMs];
  spentMs[clock.active] = (spentMs[clock.active] ?? 0) + Math.max(0, now - clock.since);
  return { spentMs, active: null, since: now };
}

/** Switches the clock to question `index` at `now`. */
export function focusQuestion(clock: AnswerClock, index: number, now: number): AnswerClock {
  if (clock.active === index) return clock;
  return { ...stopClock(clock, now), active: index, since: now };
}

/** The submit body's answers, in question order: blank inputs are sent as '' (left unanswered). */
export function answersBody(inputs: readonly string[], clock: AnswerClock, now: number): { answer: string; timeMs: number }[] {
  const stopped = stopClock(clock, now);
  return inputs.map((input, i) => ({ answer: input.trim(), timeMs: Math.round(stopped.spentMs[i] ?? 0) }));
}

/**
 * 0-based indexes of answers that are neither blank nor a decimal number, so the form can point at
 * them before the server refuses the submission ("answer must be a number, got 'abc'"). The rule
 * is the server's (protocol `parseDecimal`): "1e3" and "0x10" are not answers.
 */
export function invalidAnswers(inputs: readonly string[]): number[] {
  const out: number[] = [];
  inputs.forEach((input, i) => {
    const t = input.trim();
    if (t !== '' && Number.isNaN(parseDecimal(t))) out.push(i);
  });
  return out;
}
