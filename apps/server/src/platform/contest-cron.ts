/**
 * The check of CONTEST_CRON (issue #3 "Schedule and lifecycle"), here below both its users: config.ts
 * refuses a bad schedule at start-up with it, and contest/contest-schedule.ts before reading one.
 */
import { CronExpressionParser } from 'cron-parser';

/** Fields of a classic cron expression: minute, hour, day of month, month, day of week. */
const CRON_FIELDS = 5;

/**
 * Why `expression` cannot be the contest schedule, or null when it can. A seconds field (6 fields)
 * is refused: it would schedule contests by the second.
 *
 * @returns a message naming what was expected and what came, e.g. "CONTEST_CRON must be a 5-field
 *   cron expression (minute hour day-of-month month day-of-week) such as '30 15 * * 5'; got '61 15 * * 5':
 *   Constraint error, got value 61 expected range 0-59".
 */
export function contestCronProblem(expression: string): string | null {
  const expected = `CONTEST_CRON must be a ${CRON_FIELDS}-field cron expression (minute hour day-of-month month day-of-week) such as '30 15 * * 5'`;
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== CRON_FIELDS) return `${expected}; got '${expression}' (${fields.length} fields)`;
  try {
    const parsed = CronExpressionParser.parse(expression, { tz: 'UTC' });
    if (!parsed.hasNext()) return `${expected}; got '${expression}', which never occurs`;
    return null;
  } catch (error) {
    return `${expected}; got '${expression}': ${error instanceof Error ? error.message : String(error)}`;
  }
}
