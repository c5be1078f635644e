import { z } from 'zod';

/**
 * A submitted numeric answer (issue #2 "Answer checking"): a finite number, or a string that
 * parses as one (" 12.5 " is accepted). Blank, non-numeric, NaN and ±Infinity are refused with a
 * message that says what arrived.
 */
export const numericAnswerSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.trim());
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

/** First issue's message of a failed zod parse, prefixed by its path: used for `{error}` bodies and acks. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const path = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `${path}${issue.message}`;
}
