/** Answer checking: parsing what a player typed and comparing it with the exact answer. */
import type { Question } from './types.js';

/** Answers carry at most 2 decimals, so equality is decided in whole hundredths. */
function toHundredths(value: number): number {
  return Math.round(value * 100);
}

/**
 * Whether `submitted` is the question's answer. Both are compared as integer hundredths
 * (`Math.round(x × 100)`), so 0.1 + 0.2 typed as 0.30000000000000004 still matches 0.3, and a
 * value that differs only beyond the second decimal (3.141 for 3.14) is accepted.
 *
 * @returns false for NaN or ±Infinity.
 */
export function isCorrectAnswer(question: Pick<Question, 'answer'>, submitted: number): boolean {
  return Number.isFinite(submitted) && toHundredths(submitted) === toHundredths(question.answer);
}

/** What a rejected answer shows; it must match the spec (§5, §8) word for word. */
const BLANK_ANSWER = 'Enter an answer before submitting.';

/** Long inputs are cut in messages so a pasted essay does not end up in logs and toasts. */
const MAX_ECHO_LENGTH = 40;

/**
 * Parses a submitted answer: a finite number, or a string that is one after trimming
 * (`" 12.5 "` → 12.5), with the same rules as `Number()` and as the protocol's
 * `numericAnswerSchema`, so client and server accept the same inputs.
 *
 * @returns `{ ok: true, value }`, or `{ ok: false, error }` where `error` is
 *   `'Enter an answer before submitting.'` for a blank string, null or undefined, and
 *   `"answer must be a finite number, got '<raw>'"` for anything else (non-numeric text, NaN,
 *   ±Infinity, other types), `<raw>` cut to 40 characters.
 */
export function parseNumericAnswer(raw: unknown): { ok: true; value: number } | { ok: false; error: string } {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
    return { ok: false, error: BLANK_ANSWER };
  }
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
  if (!Number.isFinite(value)) {
    return { ok: false, error: `answer must be a finite number, got '${String(raw).slice(0, MAX_ECHO_LENGTH)}'` };
  }
  return { ok: true, value };
}
