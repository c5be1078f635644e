/**
 * Counts in English text: "1 minute", "2 minutes", "0 questions".
 *
 * @param count - a whole number.
 * @param one - the noun for one ("minute").
 * @param other - the noun for any other count; `one` + "s" unless given ("days" is the default for
 *   "day", "replies" must be given for "reply").
 */
export function counted(count: number, one: string, other = `${one}s`): string {
  return `${count} ${count === 1 ? one : other}`;
}
