/**
 * How `npm run admin` prints accounts: a table of id, name, email and operator yes/no. Names were
 * typed by players, and names stored before control characters were refused (issue #46 part 5)
 * may hold any: an escape sequence printed as it is would drive the operator's terminal, so every
 * control or format character is shown as its escape (\u{1b}) instead.
 */

/** The fields the table shows. */
export interface PrintedAccount {
  id: string;
  name: string;
  email: string;
  isOperator: boolean;
}

const UNPRINTABLE = /[\p{Cc}\p{Cf}]/gu;

/** `text` with every control or format character written as \u{…}. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** The accounts as an aligned table with a header row (widths in UTF-16 units: names are short). */
export function accountTable(accounts: readonly PrintedAccount[]): string {
  const rows = [
    ['id', 'name', 'email', 'operator'],
    ...accounts.map((a) => [a.id, printable(a.name), printable(a.email), a.isOperator ? 'yes' : 'no']),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n');
}
