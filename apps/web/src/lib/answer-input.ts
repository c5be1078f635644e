/**
 * The numeric answer field of the Math Challenge and the single-player challenge (spec §5
 * "Multiplayer and single-player answer": blank or whitespace-only is rejected with 'Enter an answer
 * before submitting.' and nothing is sent; the input is numeric and is sent as a number).
 */

export const EMPTY_ANSWER_MESSAGE = 'Enter an answer before submitting.';

/**
 * Keeps what a typed number can contain: digits, one leading minus, one decimal point. A comma is
 * read as a decimal point (phones in many locales offer only ','). Everything else is dropped as
 * it is typed, so the field can never hold text the server would refuse.
 */
export function sanitizeAnswerInput(raw: string): string {
  const text = raw.replace(/,/g, '.').replace(/[^\d.-]/g, '');
  const negative = text.startsWith('-');
  const unsigned = text.replace(/-/g, '');
  const dot = unsigned.indexOf('.');
  const body = dot === -1 ? unsigned : unsigned.slice(0, dot + 1) + unsigned.slice(dot + 1).replace(/\./g, '');
  return (negative ? '-' : '') + body;
}

/** Flips the sign of the field's text: iOS numeric keypads have no minus key. */
export function toggleSign(raw: string): string {
  return raw.startsWith('-') ? raw.slice(1) : `-${raw}`;
}

/**
 * The number to send, or the message to show. A field with no digit ('', '  ', '-', '.') counts as
 * blank: there is nothing to send.
 */
export function parseAnswer(raw: string): { ok: true; value: number } | { ok: false; error: string } {
  const text = raw.trim();
  if (!/\d/.test(text)) return { ok: false, error: EMPTY_ANSWER_MESSAGE };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, error: EMPTY_ANSWER_MESSAGE };
  return { ok: true, value };
}
