/**
 * Drizzle queries over the users table for the accounts domain. Each lookup hits one index
 * (primary key, users_email_key or users_oidc_key); nothing here caches, so a bumped token version
 * takes effect on the very next request.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users, type NewUserRow, type UserRow } from '../db/schema/users.js';
import type { Database } from '../platform/db.js';

/** The columns a session check needs: the SessionUser fields and the current token version. */
export interface SessionRow {
  id: string;
  name: string;
  isGuest: boolean;
  tokenVersion: number;
}

export interface AccountsRepo {
  findById(id: string): Promise<UserRow | undefined>;
  findSession(id: string): Promise<SessionRow | undefined>;
  /** Session rows of several users in one query (users absent from the map do not exist). */
  findSessions(ids: readonly string[]): Promise<Map<string, SessionRow>>;
  /** `email` must already be trimmed and lower-cased, as stored. */
  findByEmail(email: string): Promise<UserRow | undefined>;
  findByOidc(issuer: string, subject: string): Promise<UserRow | undefined>;
  /** @throws the driver's unique-violation error (see isUniqueViolation) on a taken email or OIDC key. */
  insert(row: NewUserRow): Promise<UserRow>;
  /** Stores a new hash and bumps tokenVersion in one statement; undefined if the user is gone. */
  replacePassword(id: string, passwordHash: string): Promise<UserRow | undefined>;
  /**
   * Links an OIDC identity to an account that has none yet, marks its email verified and bumps
   * tokenVersion. Undefined when the account is gone or already linked (a concurrent sign-in won).
   */
  linkOidc(id: string, issuer: string, subject: string): Promise<UserRow | undefined>;
}

export function createAccountsRepo(db: Database): AccountsRepo {
  return {
    async findById(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findSession(id) {
      const [row] = await db
        .select({ id: users.id, name: users.name, isGuest: users.isGuest, tokenVersion: users.tokenVersion })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },
    async findSessions(ids) {
      const rows = await db
        .select({ id: users.id, name: users.name, isGuest: users.isGuest, tokenVersion: users.tokenVersion })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r]));
    },
    async findByEmail(email) {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },
    async findByOidc(issuer, subject) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)))
        .limit(1);
      return row;
    },
    async insert(row) {
      const [inserted] = await db.insert(users).values(row).returning();
      if (!inserted) throw new Error(`insert of user ${row.id} returned no row`);
      return inserted;
    },
    async replacePassword(id, passwordHash) {
      const [row] = await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, sessionChangedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    async linkOidc(id, issuer, subject) {
      const [row] = await db
        .update(users)
        .set({
          oidcIssuer: issuer,
          oidcSubject: subject,
          emailVerified: true,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          sessionChangedAt: sql`now()`,
        })
        .where(and(eq(users.id, id), isNull(users.oidcIssuer)))
        .returning();
      return row;
    },
  };
}

/**
 * True when `error` (or an error it wraps: Drizzle wraps driver errors in `cause`) is PostgreSQL's
 * unique_violation, SQLSTATE 23505, as raised by both PGlite and postgres.js.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
