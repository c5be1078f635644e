/**
 * The weekly contest's schedule (issue #3 "Schedule and lifecycle"): a 5-field cron expression
 * (CONTEST_CRON, default "30 15 * * 5", spec §1 "every Friday at 15:30") read in an IANA time zone
 * (CONTEST_TIMEZONE, default UTC). Pure: the caller passes "now".
 */
import { CronExpressionParser } from 'cron-parser';
import { contestCronProblem } from '../platform/contest-cron.js';

export { contestCronProblem };

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
