/**
 * Accounts: email/password sign-up and login, guest players, Google (OpenID Connect) identities,
 * session tokens and password changes. Other domains meet accounts only through this service (and
 * http/session.ts, which calls verifyToken).
 *
 * Abuse limits live here rather than in the routes so that every caller gets them: failed logins
 * per (email, IP), per IP and per email, and accounts created per IP (account-limits.ts).
 */
import { randomUUID } from 'node:crypto';
import { RATING } from '@mathsprint/shared/constants';
import { ErrorCode, type AuthResponse, type LoginBody, type PublicUser, type SignupBody } from '@mathsprint/shared/protocol';
import type { Config } from '../config.js';
import type { UserRow } from '../db/schema/users.js';
import { SESSION_MESSAGES } from '../http/session.js';
import type { Clock } from '../platform/clock.js';
import type { Database } from '../platform/db.js';
import type { Logger } from '../platform/logger.js';
import type { RateLimiterFactory } from '../platform/rate-limiters.js';
import { createCreationLimit, createLoginLimits } from './account-limits.js';
import { displayName, guestName } from './account-names.js';
import { createAccountsRepo, isUniqueViolation } from './accounts.repo.js';
import { createAccountSessions } from './account-sessions.js';
import { createLoginStateSealer, type LoginState } from './login-state.js';
import { createPasswordChecker, hashPassword } from './passwords.js';
import type { SessionUser } from '../platform/session-user.js';
import { createTokenIssuer } from './tokens.js';
import { AppError } from '../platform/app-error.js';

export const MESSAGES = {
  emailTaken: 'An account with this email already exists',
  invalidLogin: 'Invalid email or password',
  tooManyLogins: 'Too many login attempts. Please wait a few minutes and try again.',
  tooManyAccounts: 'Too many accounts created from your network. Please try again later.',
  tooManyPasswordChanges: 'Too many wrong passwords. Please wait a few minutes and try again.',
  wrongCurrentPassword: 'Current password is incorrect',
  noPassword: 'This account has no password to change (it signs in as a guest or with Google)',
} as const;

/** Who is asking, as far as abuse limits care. `ip` absent (internal callers, tests): no per-IP limit. */
export interface RequestContext {
  ip?: string;
}

/** A sign-up's caller: the abuse-limit context, and the guest account it signs up from, if any. */
export interface SignupContext extends RequestContext {
  /**
   * The id of the guest account whose valid token came with the request (ours, beyond spec §7):
   * the sign-up converts that account instead of creating one, so the guest's games stay theirs.
   */
  guestId?: string;
}

/** A user as an OpenID Connect provider describes them, from the ID token's (or userinfo's) claims. */
export interface OidcIdentity {
  /** `iss` claim: the provider, e.g. https://accounts.google.com. */
  issuer: string;
  /** `sub` claim: the provider's stable user id. */
  subject: string;
  email?: string | null;
  /** `email_verified` claim: the provider checked that the user controls `email`. */
  emailVerified?: boolean;
  name?: string | null;
}

export interface AccountsService {
  /**
   * Creates an email/password account (rating 1500, RD 350) and signs it in. From a guest
   * (`context.guestId`), converts that account in place instead: same id, so its recorded games and
   * solo runs stay with it; the name, email and password are the sign-up's; its rating is still the
   * default, guest games being unrated; every guest token is revoked (the answer carries a fresh one).
   * @throws AppError EMAIL_TAKEN (409) 'An account with this email already exists'; RATE_LIMITED (429) when the IP created
   *   config.SIGNUP_RATE_LIMIT email accounts (sign-ups and guest conversions; refused ones do not
   *   count) within the window; 401 'Your session has expired…' when the guest was converted by
   *   another sign-up first.
   */
  signup(input: SignupBody, context?: SignupContext): Promise<AuthResponse>;
  /**
   * Signs in with email and password (email trimmed and lower-cased, as loginBodySchema gives it).
   * @throws AppError INVALID_LOGIN (401) 'Invalid email or password' whatever was wrong (unknown email, wrong password,
   *   account without a password), with the same argon2 cost either way; 429 'Too many login attempts…'
   *   after config.LOGIN_RATE_LIMIT failures of this email from this IP, LOGIN_IP_RATE_LIMIT from this
   *   IP, or LOGIN_EMAIL_RATE_LIMIT of this email, each within its window (account-limits.ts).
   */
  login(input: LoginBody, context?: RequestContext): Promise<AuthResponse>;
  /**
   * Creates a guest account named like 'Guest-7K3Q' (email null, isGuest true) and signs it in.
   * @throws AppError RATE_LIMITED (429) when the IP created config.SIGNUP_RATE_LIMIT guests within the window.
   */
  createGuest(context?: RequestContext): Promise<AuthResponse>;
  /** The user as the client stores it; rating and rd raw (the client rounds). null if unknown. */
  getPublicUser(id: string): Promise<PublicUser | null>;
  /**
   * The session user of a token, or null when it is malformed, forged, expired, issued for a user that
   * no longer exists, or older than the user's last password change. The user's row comes from the
   * session cache (session-cache.ts): a revocation made by this process takes effect at once, one
   * made by another process when the session change feed reads it (SESSION_FEED_INTERVAL_MS,
   * session-feed.ts). Never throws (a database failure is logged
   * and yields null).
   */
  verifyToken(token: string): Promise<SessionUser | null>;
  /**
   * Reads the session rows of `userIds` (in queries of at most 1,000) into the session cache, so
   * that their next requests skip that lookup: for a burst that can be foreseen, such as the
   * players registered for a contest about to open. @returns how many rows were cached.
   */
  primeSessions(userIds: readonly string[]): Promise<number>;
  /** Reads the session change feed now (tests; it runs every SESSION_FEED_INTERVAL_MS by itself). */
  pollSessionChanges(): Promise<void>;
  /** Stops the session change feed. */
  close(): void;
  /**
   * Calls `listener` with the ids of users whose sessions changed (a token version bumped: older
   * tokens revoked; or a rename): at once for changes this process made, and through the session
   * change feed, within SESSION_FEED_INTERVAL_MS, for changes any process made. The socket server
   * re-verifies those users' open connections with it (app.ts).
   */
  onSessionsChanged(listener: (userIds: readonly string[]) => void): void;
  /**
   * Drops these users' cached sessions and tells the onSessionsChanged listeners, for a change this
   * process did not make itself: an account deletion (account-deletion.ts), here and, at once through
   * Redis, on every other process, ahead of the change feed.
   */
  sessionsRevoked(userIds: readonly string[]): void;
  /**
   * Calls `listener` after a non-guest account is stored (email sign-up or a first Google
   * sign-in), and answers the sign-up only once every listener has settled: the leaderboard
   * re-reads itself there (app.ts), so the new player's next GET /api/leaderboard lists them.
   * A listener that throws or rejects is logged; the sign-up still succeeds.
   */
  onAccountCreated(listener: (userId: string) => Promise<void> | void): void;
  /**
   * Replaces the password and bumps the token version, revoking every token issued before.
   * @returns a fresh token (and the user) so the caller stays signed in.
   * @throws AppError WRONG_PASSWORD (403) 'Current password is incorrect' / NO_PASSWORD (403); RATE_LIMITED (429) after
   *   repeated wrong current passwords; 401 'Your session has expired…' when another change of the
   *   same account (one sent at the same time) was stored first.
   */
  changePassword(userId: string, currentPassword: string, newPassword: string): Promise<AuthResponse>;
  /**
   * Signs in with a provider identity, keyed by (issuer, subject). On the first sign-in of that
   * identity: an account whose email matches is linked only when the provider marks the email
   * verified (issue #2); otherwise a new account is created, without an email when that email belongs
   * to another account. Linking bumps the account's token version, ending sessions opened before the
   * owner proved control of the address.
   */
  findOrCreateOidcUser(identity: OidcIdentity): Promise<AuthResponse>;
  /** Seals the OIDC login state for the sign-in cookie (see login-state.ts). */
  sealLoginState(state: LoginState, ttlSeconds: number): Promise<string>;
  /** Opens a sealed login state; null when forged, corrupt or expired. */
  openLoginState(sealed: string): Promise<LoginState | null>;
}

export interface AccountsDeps {
  db: Database;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** Token signing secret from loadJwtSecret. */
  secret: Uint8Array;
  /** Where the abuse limits count: memory, or Redis shared by every process (platform/rate-limiters.ts). */
  rateLimiters: RateLimiterFactory;
  /**
   * Whether to read the session change feed (default true): needed when other processes share the
   * database and may revoke sessions this process has cached; not with a database of its own.
   */
  sessionFeed?: boolean;
}

export function createAccountsService(deps: AccountsDeps): AccountsService {
  const { db, config, clock, logger, secret } = deps;
  const repo = createAccountsRepo(db);
  // Other processes' revocations reach the session cache through the change feed (none needed
  // without other processes).
  const sessions = createAccountSessions({ repo, config, logger, feed: deps.sessionFeed ?? true });
  const sessionsChanged = sessions.changed;
  const creationListeners: Array<(userId: string) => Promise<void> | void> = [];
  /** Tells the listeners (onAccountCreated) of a stored non-guest account; never throws. */
  const accountCreated = async (userId: string): Promise<void> => {
    const settled = await Promise.allSettled(creationListeners.map(async (listener) => listener(userId)));
    for (const outcome of settled) {
      if (outcome.status === 'rejected') logger.error({ err: outcome.reason, userId }, 'an account creation listener failed');
    }
  };
  const tokens = createTokenIssuer({ secret, config, clock });
  const loginStates = createLoginStateSealer({ secret, clock });
  const passwords = createPasswordChecker();

  const loginLimits = createLoginLimits(deps.rateLimiters, config);
  const passwordLimiter = deps.rateLimiters({
    name: 'password-change',
    max: config.LOGIN_RATE_LIMIT,
    windowMs: config.LOGIN_RATE_LIMIT_WINDOW_MS,
  });
  const signupLimit = createCreationLimit(deps.rateLimiters, config, 'signup-ip');
  const guestLimit = createCreationLimit(deps.rateLimiters, config, 'guest-ip');
  const tooManyAccounts = (ip: string | undefined): never => {
    logger.warn({ ip }, 'account creation rate limited');
    throw new AppError(ErrorCode.RATE_LIMITED, MESSAGES.tooManyAccounts);
  };

  const newUser = (fields: Pick<UserRow, 'name'> & Partial<UserRow>) => ({
    id: randomUUID(),
    rating: RATING.defaultRating,
    rd: RATING.defaultRd,
    volatility: config.GLICKO_VOLATILITY,
    createdAt: new Date(clock.now()),
    ...fields,
  });

  const signIn = async (row: UserRow): Promise<AuthResponse> => ({
    token: await tokens.issue(row),
    user: toPublicUser(row),
  });

  /**
   * A guest's sign-up: the account becomes an email account, and the guest's tokens end.
   * @throws AppError SESSION_EXPIRED (401) when it is no longer a guest; the driver's unique violation on a taken email.
   */
  const convertGuest = async (guestId: string, fields: { name: string; email: string; passwordHash: string }) => {
    const converted = await repo.convertGuest(guestId, fields);
    if (!converted) throw new AppError(ErrorCode.SESSION_EXPIRED, SESSION_MESSAGES.sessionExpired);
    sessionsChanged([guestId]);
    return converted;
  };

  return {
    async signup(input, context) {
      const row = await signupLimit.count(context?.ip, async () => {
        // Checked before hashing so a taken email costs no argon2 work; the unique index still
        // decides when two sign-ups race.
        if (await repo.findByEmail(input.email)) throw new AppError(ErrorCode.EMAIL_TAKEN, MESSAGES.emailTaken);
        const passwordHash = await hashPassword(input.password);
        try {
          const fields = { name: input.name, email: input.email, passwordHash };
          return context?.guestId ? await convertGuest(context.guestId, fields) : await repo.insert(newUser(fields));
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError(ErrorCode.EMAIL_TAKEN, MESSAGES.emailTaken);
          throw error;
        }
      });
      if (!row) return tooManyAccounts(context?.ip);
      logger.info({ userId: row.id, fromGuest: Boolean(context?.guestId) }, 'account created');
      await accountCreated(row.id);
      return signIn(row);
    },

    async login(input, context) {
      const admission = await loginLimits.admit(input.email, context?.ip);
      if (!admission.ok) {
        logger.warn({ ip: context?.ip, limit: admission.limit }, 'login rate limited');
        throw new AppError(ErrorCode.RATE_LIMITED, MESSAGES.tooManyLogins);
      }
      const row = await repo.findByEmail(input.email);
      const ok = await passwords.check(row?.passwordHash ?? null, input.password);
      if (!row || !ok) throw new AppError(ErrorCode.INVALID_LOGIN, MESSAGES.invalidLogin);
      await admission.succeeded();
      return signIn(row);
    },

    async createGuest(context) {
      const row = await guestLimit.count(context?.ip, () => repo.insert(newUser({ name: guestName(), isGuest: true })));
      if (!row) return tooManyAccounts(context?.ip);
      logger.info({ userId: row.id }, 'guest created');
      return signIn(row);
    },

    async getPublicUser(id) {
      const row = await repo.findById(id);
      return row ? toPublicUser(row) : null;
    },

    async verifyToken(token) {
      try {
        const claims = await tokens.decode(token);
        if (!claims) return null;
        const row = await sessions.row(claims.userId);
        if (!row || row.tokenVersion !== claims.version) return null;
        return { id: row.id, name: row.name, isGuest: row.isGuest };
      } catch (error) {
        logger.error({ err: error }, 'token verification failed unexpectedly');
        return null;
      }
    },

    primeSessions: (userIds) => sessions.prime(userIds),

    pollSessionChanges: () => sessions.poll(),

    close: () => sessions.close(),

    onSessionsChanged: (listener) => sessions.onChanged(listener),

    sessionsRevoked: sessionsChanged,

    onAccountCreated(listener) {
      creationListeners.push(listener);
    },

    async changePassword(userId, currentPassword, newPassword) {
      if ((await passwordLimiter.consume(userId)) > 0) throw new AppError(ErrorCode.RATE_LIMITED, MESSAGES.tooManyPasswordChanges);
      const row = await repo.findById(userId);
      if (!row?.passwordHash) {
        await passwordLimiter.giveBack(userId);
        throw new AppError(ErrorCode.NO_PASSWORD, MESSAGES.noPassword);
      }
      if (!(await passwords.check(row.passwordHash, currentPassword))) {
        throw new AppError(ErrorCode.WRONG_PASSWORD, MESSAGES.wrongCurrentPassword);
      }
      await passwordLimiter.reset(userId);
      // Only over the row whose password was just checked: of two changes sent at once with the
      // same current password, the second finds its check stale and its token revoked by the first,
      // and is refused as any request with that token now is (otherwise both would answer 200, and
      // the caller whose new password lost would be locked out).
      const updated = await repo.replacePassword(userId, await hashPassword(newPassword), row.tokenVersion);
      sessionsChanged([userId]);
      if (!updated) throw new AppError(ErrorCode.SESSION_EXPIRED, SESSION_MESSAGES.sessionExpired);
      logger.info({ userId, tokenVersion: updated.tokenVersion }, 'password changed; older tokens revoked');
      return signIn(updated);
    },

    async findOrCreateOidcUser(identity) {
      const email = identity.email?.trim().toLowerCase() || null;
      const known = await repo.findByOidc(identity.issuer, identity.subject);
      if (known) return signIn(known);

      if (email && identity.emailVerified === true) {
        const owner = await repo.findByEmail(email);
        if (owner && owner.oidcIssuer === null) {
          const linked = await repo.linkOidc(owner.id, identity.issuer, identity.subject);
          sessionsChanged([owner.id]);
          if (linked) {
            logger.info({ userId: linked.id, issuer: identity.issuer }, 'provider identity linked by verified email');
            return signIn(linked);
          }
        }
      }

      // A new account. It keeps the provider's email only when no other account has it: an
      // unverified claim must not take over (or block) someone else's address.
      const emailFree = email !== null && !(await repo.findByEmail(email));
      const row = newUser({
        name: displayName(identity.name, email),
        email: emailFree ? email : null,
        emailVerified: emailFree && identity.emailVerified === true,
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
      });
      try {
        const created = await repo.insert(row);
        logger.info({ userId: created.id, issuer: identity.issuer }, 'account created from provider identity');
        await accountCreated(created.id);
        return await signIn(created);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A concurrent callback for the same identity (or email) won the race: use what it stored.
        const winner = await repo.findByOidc(identity.issuer, identity.subject);
        if (winner) return signIn(winner);
        const stored = await repo.insert({ ...row, id: randomUUID(), email: null, emailVerified: false });
        await accountCreated(stored.id);
        return signIn(stored);
      }
    },

    sealLoginState: (state, ttlSeconds) => loginStates.seal(state, ttlSeconds),
    openLoginState: (sealed) => loginStates.open(sealed),
  };
}

/** The wire shape of a user (spec §3 "User"; PublicUser in the shared protocol). */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    rating: row.rating,
    rd: row.rd,
    isGuest: row.isGuest,
    hasPassword: row.passwordHash !== null,
  };
}
