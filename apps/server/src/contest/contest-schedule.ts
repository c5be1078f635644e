/**
 * The weekly contest's schedule (issue #3 "Schedule and lifecycle"): a 5-field cron expression
 * (CONTEST_CRON, default "30 15 * * 5", spec §1 "every Friday at 15:30") read in an IANA time zone
 * (CONTEST_TIMEZONE, default UTC). Pure: the caller passes "now".
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

/**
 * The first occurrence of `expression` in `timeZone` strictly after `afterMs` (epoch ms), e.g.
 * "30 15 * * 5" in Europe/Berlin after a winter Wednesday gives that Friday 14:30 UTC. An occurrence
 * exactly at `afterMs` is not returned (it is the current one, made by an earlier pass).
 *
 * @throws Error when the expression is invalid (see `contestCronProblem`; config checks it at start-up).
 */
export function nextContestOpenTime(expression: string, timeZone: string, afterMs: number): Date {
  const problem = contestCronProblem(expression);
  if (problem) throw new Error(problem);
  return CronExpressionParser.parse(expression, { currentDate: new Date(afterMs), tz: timeZone }).next().toDate();
}
