import { describe, expect, it } from 'vitest';
import { accountTable } from './admin-output.js';

describe('accountTable', () => {
  it('aligns id, name, email and operator yes/no under a header', () => {
    expect(
      accountTable([
        { id: 'a1', name: 'Ann Lee', email: 'ann@example.com', isOperator: true },
        { id: 'b22', name: 'Bo', email: 'bo@example.org', isOperator: false },
      ]).split('\n'),
    ).toEqual(['id   name     email            operator', 'a1   Ann Lee  ann@example.com  yes', 'b22  Bo       bo@example.org   no']);
  });

  it("escapes the control and format characters of a name stored before they were refused, so they cannot drive the operator's terminal", () => {
    const table = accountTable([{ id: 'x', name: 'Eve\u001b[2J\u202Exyz', email: 'eve@example.com', isOperator: false }]);
    expect(table).toContain('Eve\\u{1b}[2J\\u{202e}xyz');
    expect(/[\p{Cc}\p{Cf}]/u.test(table.replaceAll('\n', ''))).toBe(false);
  });
});
