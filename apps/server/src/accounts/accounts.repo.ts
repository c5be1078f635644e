/**
 * Drizzle queries over the users table for the accounts domain. Each lookup hits one index
 * (primary key, users_email_key, users_oidc_key or users_session_changed_idx). Nothing here caches;
 * session-cache.ts does, kept true by the session change feed (session-feed.ts).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users, type NewUserRow, type UserRow } from '../db/schema/users.js';
import { queryRows, type Database } from '../platform/db.js';
import { renamePlayerInGames } from '../rating/rating.service.js';
import type { SessionChanges } from './session-feed.js';

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
  /**
   * Stores a new hash and bumps tokenVersion in one statement, only while the row still has
   * `expectedTokenVersion` (the version whose password the caller checked): undefined if the user is
   * gone or a concurrent change (another password change, a Google link) got there first.
   */
  replacePassword(id: string, passwordHash: string, expectedTokenVersion: number): Promise<UserRow | undefined>;
  /**
   * Turns a guest into an email account in place (same id, so its games stay its own): sets name,
   * email and password hash, clears is_guest and bumps tokenVersion (the guest's tokens end).
   * Undefined when the user is gone or no longer a guest (a concurrent sign-up converted it first).
   * @throws the driver's unique-violation error (see isUniqueViolation) on a taken email.
   */
  convertGuest(id: string, fields: { name: string; email: string; passwordHash: string }): Promise<UserRow | undefined>;
  /**
   * Links an OIDC identity to an account that has none yet, marks its email verified and bumps
   * tokenVersion. Undefined when the account is gone or already linked (a concurrent sign-in won).
   */
  linkOidc(id: string, issuer: string, subject: string): Promise<UserRow | undefined>;
  /**
   * The database's clock (epoch ms) and the users whose session_changed_at is later than `sinceMs`
   * (none asked for when null), in one statement.
   */
  sessionChangesSince(sinceMs: number | null): Promise<SessionChanges>;
  /**
   * Erases an account in one transaction, only while it still has `expectedTokenVersion` (the
   * version whose password or confirmation the caller checked) and is not deleted: the row keeps
   * its id (games, contests, ratings and boards point at it) but takes `name` and loses email,
   * password hash and provider identity; deleted_at is set and tokenVersion bumped (every token
   * ends, the change feed tells the other processes). The name copied into its finished games
   * (game_players.name, games.winner_name) becomes `name` too. Undefined when the account is gone,
   * already deleted, or changed meanwhile.
   */
  eraseAccount(id: string, expectedTokenVersion: number, name: string): Promise<UserRow | undefined>;
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
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return row;
    },
    async findSessions(ids) {
      const rows = await db
        .select({ id: users.id, name: users.name, isGuest: users.isGuest, tokenVersion: users.tokenVersion })
        .from(users)
        .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)));
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
    async replacePassword(id, passwordHash, expectedTokenVersion) {
      const [row] = await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, sessionChangedAt: sql`now()` })
        .where(and(eq(users.id, id), eq(users.tokenVersion, expectedTokenVersion)))
        .returning();
      return row;
    },
    async convertGuest(id, fields) {
      const [row] = await db
        .update(users)
        .set({
          ...fields,
          isGuest: false,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          sessionChangedAt: sql`now()`,
        })
        .where(and(eq(users.id, id), eq(users.isGuest, true)))
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
    eraseAccount(id, expectedTokenVersion, name) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            name,
            email: null,
            emailVerified: false,
            passwordHash: null,
            oidcIssuer: null,
            oidcSubject: null,
            deletedAt: sql`now()`,
            tokenVersion: sql`${users.tokenVersion} + 1`,
            sessionChangedAt: sql`now()`,
          })
          .where(and(eq(users.id, id), eq(users.tokenVersion, expectedTokenVersion), isNull(users.deletedAt)))
          .returning();
        if (!row) return undefined;
        await renamePlayerInGames(tx, id, name);
        return row;
      });
    },
    async sessionChangesSince(sinceMs) {
      const since = sinceMs === null ? null : new Date(sinceMs).toISOString();
      const rows = await queryRows<{ nowMs: number; id: string | null }>(
        db,
        sql`select (extract(epoch from statement_timestamp()) * 1000)::float8 as "nowMs", u.id
            from (select 1) as clock
            left join ${users} u on ${since}::timestamptz is not null and u.session_changed_at > ${since}::timestamptz`,
      );
      // The clock row is always there (`from (select 1)`); the process's own clock would be no
      // stand-in for the database's, which the feed's cursor is measured in.
      const clockRow = rows[0];
      if (!clockRow) throw new Error('the session change feed query returned no clock row');
      return {
        nowMs: Number(clockRow.nowMs),
        userIds: rows.flatMap((r) => (r.id === null ? [] : [r.id])),
      };
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
