/**
 * Operators: the accounts that may schedule contests (POST /admin/contests), issue #46 part 4.
 *
 * The role is granted and revoked only by whoever runs the server (`npm run admin`, admin/), never
 * by anything a player sends: it used to follow ADMIN_EMAILS, and since sign-up verifies no email,
 * whoever signed up first with a listed address became the operator.
 *
 * `isOperator` reads the users row on every call, with no cache: it guards rare requests, and a
 * grant or a revocation, made by any process or by the command with no server running, then holds
 * from the next request on, in every process.
 */
import { ErrorCode } from '@mathsprint/shared/protocol';
import { asc, eq } from 'drizzle-orm';
import { users } from '../db/schema/users.js';
import type { Database } from '../platform/db.js';
import { AppError } from '../platform/app-error.js';

/** An account as the admin command prints it. */
export interface OperatorAccount {
  id: string;
  name: string;
  /** Lower-cased, as stored. */
  email: string;
  isOperator: boolean;
}

/** What a grant or revocation did: the account after it, and whether its role changed. */
export interface OperatorChange {
  account: OperatorAccount;
  changed: boolean;
}

export interface OperatorsService {
  /** Whether the user may act as an operator now (false for unknown users). */
  isOperator(userId: string): Promise<boolean>;
  /**
   * Makes the account with `email` (trimmed, lower-cased) an operator; harmless when it is one.
   * @throws AppError NOT_FOUND (404) 'No account has the email …' (guests have none: sign up first).
   */
  grant(email: string): Promise<OperatorChange>;
  /** Takes the role back; harmless when the account has none. @throws AppError 404 as grant does. */
  revoke(email: string): Promise<OperatorChange>;
  /** Every operator, by email. */
  list(): Promise<OperatorAccount[]>;
}

const columns = { id: users.id, name: users.name, email: users.email, isOperator: users.isOperator };

type Row = { id: string; name: string; email: string | null; isOperator: boolean };
const toAccount = (row: Row): OperatorAccount => ({ id: row.id, name: row.name, email: row.email ?? '', isOperator: row.isOperator });

export function createOperatorsService(db: Database): OperatorsService {
  async function setRole(email: string, isOperator: boolean): Promise<OperatorChange> {
    const key = email.trim().toLowerCase();
    const [before] = await db.select(columns).from(users).where(eq(users.email, key)).limit(1);
    if (!before) throw new AppError(ErrorCode.NOT_FOUND, `No account has the email ${key}; the operator must sign up with it first`);
    if (before.isOperator === isOperator) return { account: toAccount(before), changed: false };
    const [after] = await db.update(users).set({ isOperator }).where(eq(users.id, before.id)).returning(columns);
    if (!after) throw new AppError(ErrorCode.NOT_FOUND, `No account has the email ${key}; the operator must sign up with it first`);
    return { account: toAccount(after), changed: true };
  }

  return {
    async isOperator(userId) {
      const [row] = await db.select({ isOperator: users.isOperator }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.isOperator ?? false;
    },
    grant: (email) => setRole(email, true),
    revoke: (email) => setRole(email, false),
    async list() {
      const rows = await db.select(columns).from(users).where(eq(users.isOperator, true)).orderBy(asc(users.email), asc(users.id));
      return rows.map(toAccount);
    },
  };
}
