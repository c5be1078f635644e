import { z } from 'zod';

/** A decimal number as a person types it: optional sign, digits, optional fraction ("12", "-3.5", ".5", "7."). */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * The number a person meant by `text` (trimmed), or NaN. Only decimal notation counts: hex
 * ("0x1F"), binary ("0b11"), exponents ("1e3"), "Infinity" and blanks are NaN, though
 * JavaScript's Number() reads them.
 */
export function parseDecimal(text: string): number {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * A numeric field of a JSON body or a query string: a finite JSON number, or a string in decimal
 * notation (a query string's "50", a body's " 12.5 "), then checked by `checks`, whose checks
 * carry their own messages. Anything else (true, null, [1], "0x1F", "") fails with `message`, e.g.
 * "limit must be a number". Unlike z.coerce.number(), which reads true as 1 and null as 0.
 */
export function numberInput<Out>(message: string, checks: z.ZodType<Out, number>) {
  return z
    .union([z.number(), z.string().refine((s) => !Number.isNaN(parseDecimal(s)), { error: message })], { error: message })
    .transform((value) => (typeof value === 'number' ? value : parseDecimal(value)))
    .pipe(checks);
}

/**
 * A submitted numeric answer (issue #2 "Answer checking"): a finite number, or a string that
 * holds one in decimal notation (" 12.5 " is accepted; "0x10" is not: parseDecimal). Blank, non-numeric, NaN and ±Infinity are refused with a
 * message that says what arrived.
 */
export const numericAnswerSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const n = typeof value === 'number' ? value : parseDecimal(value);
  if (typeof value === 'string' && value.trim() === '') {
    ctx.addIssue({ code: 'custom', message: 'Enter an answer before submitting.' });
    return z.NEVER;
  }
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: `answer must be a finite number, got '${String(value).slice(0, 40)}'` });
    return z.NEVER;
  }
  return n;
});

/** How deep nulCharacterIssue looks into nested input (deeper input is refused by its schema). */
const NUL_SCAN_DEPTH = 16;

/**
 * The refusal for untrusted input holding the NUL character U+0000 anywhere in a string or an
 * object key, else null. PostgreSQL's text types cannot store U+0000 (a query carrying it fails
 * with "invalid byte sequence for encoding UTF8: 0x00"), so the HTTP and socket boundaries refuse
 * it before any schema or query sees it: "email must not contain the NUL character (U+0000)", or
 * "Input must not…" for a bare string. Arrays and objects are scanned to NUL_SCAN_DEPTH levels.
 */
export function nulCharacterIssue(value: unknown): string | null {
  const path = nulPath(value, [], 0);
  if (!path) return null;
  return `${path.length ? path.join('.') : 'Input'} must not contain the NUL character (U+0000)`;
}

function nulPath(value: unknown, path: (string | number)[], depth: number): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null || depth >= NUL_SCAN_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\u0000')];
    const found = nulPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** First issue's message of a failed zod parse, prefixed by its path: used for `{error}` bodies and acks. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const path = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `${path}${issue.message}`;
}
