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
 * "year must be a number". Unlike z.coerce.number(), which reads true as 1 and null as 0.
 */
export function numberInput<Out>(message: string, checks: z.ZodType<Out, number>) {
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value, ctx) => {
      const n = typeof value === 'number' ? value : parseDecimal(value);
      if (Number.isFinite(n)) return n;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .pipe(checks);
}

/**
 * A list's `limit` (query string or JSON): a whole number from 1 to `max`. What is not a number
 * in digits ("abc", "1e9", true) is told the whole rule: "limit must be a whole number from 1 to
 * 100, in digits"; a number outside it gets the bound it broke ("limit must be at most 100").
 */
export function limitInput(max: number) {
  return numberInput(
    `limit must be a whole number from 1 to ${max}, in digits`,
    z.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(max, `limit must be at most ${max}`),
  );
}

/**
 * A submitted numeric answer (issue #2 "Answer checking"): a finite number, or a string that
 * holds one in decimal notation (" 12.5 " is accepted; "0x10" is not: parseDecimal). Blank, non-numeric, NaN and ±Infinity are refused with a
 * message that says what arrived.
 */
export const numericAnswerSchema = z.union([z.number(), z.string()], { error: 'answer must be a number' }).transform((value, ctx) => {
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

/**
 * Text that shows nothing: whitespace, control characters, format characters (zero-width space and
 * joiners, bidi controls, the BOM) and the blank letters (Hangul fillers, the blank Braille
 * pattern). String.prototype.trim removes only the first kind, so a name or comment of
 * zero-width spaces would pass a trimmed length check and show as an empty row.
 */
const INVISIBLE_ONLY = /^[\s\p{Cc}\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]*$/u;

/** Whether `text` would show nothing (INVISIBLE_ONLY); true for ''. */
export function isInvisibleText(text: string): boolean {
  return INVISIBLE_ONLY.test(text);
}

/** How deep unstorableTextIssue looks into nested input (deeper input is refused by its schema). */
const TEXT_SCAN_DEPTH = 16;

/**
 * What PostgreSQL text cannot keep as sent: the NUL character U+0000, which it refuses ("invalid
 * byte sequence for encoding UTF8: 0x00"), and a lone UTF-16 surrogate, which it would store as
 * U+FFFD while the server broadcast the original.
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The refusal for untrusted input holding text PostgreSQL cannot keep as sent (UNSTORABLE)
 * anywhere in a string or an object key, else null. The HTTP and socket boundaries refuse it
 * before any schema or query sees it: "email must not contain the NUL character (U+0000)",
 * "text must be valid Unicode (it holds a lone surrogate)", or "Input must…" for a bare string.
 * Arrays and objects are scanned to TEXT_SCAN_DEPTH levels.
 */
export function unstorableTextIssue(value: unknown): string | null {
  const found = unstorableAt(value, [], 0);
  if (!found) return null;
  const where = found.path.length ? found.path.join('.') : 'Input';
  return found.char === '\u0000' ? `${where} must not contain the NUL character (U+0000)` : `${where} must be valid Unicode (it holds a lone surrogate)`;
}

type Found = { path: (string | number)[]; char: string };

function unstorableAt(value: unknown, path: (string | number)[], depth: number): Found | null {
  if (typeof value === 'string') {
    const char = UNSTORABLE.exec(value)?.[0];
    return char === undefined ? null : { path, char };
  }
  if (typeof value !== 'object' || value === null || depth >= TEXT_SCAN_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableAt(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const char = UNSTORABLE.exec(key)?.[0];
    if (char !== undefined) return { path: [...path, JSON.stringify(key).slice(1, -1)], char };
    const found = unstorableAt(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** zod's own messages ("Invalid input: expected string, received number", "Too big: …"), which
 * name no field; the schemas' own messages are written for people. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized)/;

/** "a number", "an object". */
const withArticle = (noun: string): string => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

/** "must be at most 100 characters", "must have at most 10 entries", "must be at most 5". */
const limitText = (origin: string, bound: string, n: unknown): string =>
  origin === 'string'
    ? `must be ${bound} ${String(n)} characters`
    : origin === 'array' || origin === 'set'
      ? `must have ${bound} ${String(n)} entries`
      : `must be ${bound} ${String(n)}`;

/**
 * The refusal text of a failed parse, for `{error}` bodies and socket acknowledgements, from its
 * first issue. A schema's own message is written for people (and is often the spec's own text:
 * "Room code required: room ≠ ∅", "Enter an answer before submitting."), so it is kept as it is;
 * only a field inside a list or object gets its path in front ("answers.0.answer: answer must be
 * a number, got 'x'"). zod's own messages are rewritten to name the field: "title must be a
 * string", "name must be at most 100 characters", and for the input itself "`subject` must be a
 * JSON object".
 * @param subject - what the input is called when it is not an object ("Request body", "Payload").
 */
export function firstIssueMessage(error: z.ZodError, subject = 'Input'): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const path = issue.path.map(String).join('.');
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) {
    return issue.path.length > 1 ? `${path}: ${issue.message}` : issue.message;
  }
  const field = path || subject;
  switch (issue.code) {
    case 'invalid_type':
      return path ? `${field} must be ${withArticle(issue.expected)}` : `${subject} must be a JSON object`;
    case 'too_big':
      return `${field} ${limitText(issue.origin, 'at most', issue.maximum)}`;
    case 'too_small':
      return `${field} ${limitText(issue.origin, 'at least', issue.minimum)}`;
    default:
      return `${field} is not valid`;
  }
}
