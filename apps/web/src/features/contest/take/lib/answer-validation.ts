/**
 * The contest answer field's check before anything is sent (spec §5 "Contest answer": empty gives
 * 'Please enter an answer', a non-number gives 'Please enter a valid number'). It runs the very
 * schema the server applies to POST /contest/submit-answer (protocol `contestAnswerSchema`), so the
 * browser and the server can never disagree on what counts as a number.
 */
import { contestAnswerSchema } from '@mathsprint/shared/protocol';

export type AnswerCheck = { ok: true; value: number } | { ok: false; error: string };

/**
 * @param raw - the field's text (already sanitised as typed: digits, one leading minus, one point).
 * @returns the number to send, or the spec's message: 'Please enter an answer' for blank or
 *   whitespace, 'Please enter a valid number' for anything that is not a finite number ('-', '.').
 */
export function checkContestAnswer(raw: string): AnswerCheck {
  const parsed = contestAnswerSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'Please enter a valid number' };
}

/**
 * The text to put back in the field for a saved answer (spec §4: jumping loads the saved answer for
 * that question): the number as typed, '' when there is none.
 */
export function answerText(saved: number | undefined): string {
  return saved === undefined || !Number.isFinite(saved) ? '' : String(saved);
}
