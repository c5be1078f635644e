/** Accounts: email/password, Google (OIDC issuer + subject) and guest players, with their Glicko-2 rating. */
import { boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Lower-cased; null for guests and for OIDC accounts whose provider gave none. */
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** argon2id PHC string; null for guest and OIDC-only accounts. */
    passwordHash: text('password_hash'),
    isGuest: boolean('is_guest').notNull().default(false),
    /**
     * May schedule contests (POST /admin/contests). Granted and revoked only by whoever runs the
     * server, with `npm run admin -- grant EMAIL` (admin/admin-commands.ts, issue #46): no request
     * of a player can set it.
     */
    isOperator: boolean('is_operator').notNull().default(false),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /** Glicko-2 rating in rating points (default 1500), RD (default 350), volatility σ (default 0.06). */
    rating: doublePrecision('rating').notNull().default(1500),
    rd: doublePrecision('rd').notNull().default(350),
    volatility: doublePrecision('volatility').notNull().default(0.06),
    /** Bumped on password change: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * When tokenVersion or name last changed (the database's clock). Processes poll it to refresh
     * their session caches (accounts/session-cache.ts), so a revocation reaches every process.
     */
    sessionChangedAt: timestamp('session_changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * When the player deleted the account (accounts/account-deletion.ts); null while it lives. A
     * deleted row keeps its id (past games, contests and boards still point at it) under the name
     * 'Deleted player', with email, password hash and provider identity erased.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_oidc_key').on(t.oidcIssuer, t.oidcSubject),
    index('users_rating_idx').on(t.rating),
    index('users_session_changed_idx').on(t.sessionChangedAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
