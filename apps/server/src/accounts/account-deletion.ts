/**
 * Deleting an account (DELETE /api/me, issue #46): the player proves it is them (their password,
 * or, for an account without one, the typed confirmation "DELETE"), then, in one transaction of
 * the accounts repo, the account's personal data is erased and its tokens revoked
 * (accounts.repo.ts `eraseAccount`). The row itself stays, named 'Deleted player': past games,
 * contest results and daily boards belong to the other players too, and keep pointing at it.
 *
 * Other domains hear of it through the hooks app.ts wires, never through this file's imports:
 * `beforeErase` ends the player's Math Challenge room membership as a leave (the duel's rules:
 * a running game cannot be left, so the deletion waits for it), and the erased listeners refresh
 * the global leaderboard, drop cached boards and tell every process (platform/socket.ts
 * `broadcastAccountDeleted`) to forget the user's session and cut their sockets.
 */
import { ErrorCode } from '@mathsprint/shared/protocol';
import type { DeleteAccountBody } from '@mathsprint/shared/protocol';
import type { Config } from '../config.js';
import { SESSION_MESSAGES } from '../http/session.js';
import type { Database } from '../platform/db.js';
import type { Logger } from '../platform/logger.js';
import type { RateLimiterFactory } from '../platform/rate-limiters.js';
import { createAccountsRepo } from './accounts.repo.js';
import { createPasswordChecker } from './passwords.js';
import { AppError } from '../platform/app-error.js';

/** The name a deleted account's row takes, shown wherever others' results list it. */
export const DELETED_PLAYER_NAME = 'Deleted player';

export const DELETION_MESSAGES = {
  wrongPassword: 'Password is incorrect. Your account was not deleted.',
  passwordRequired: 'Enter your password to delete this account',
  confirmRequired: 'Type DELETE to confirm: this account has no password',
  tooManyTries: 'Too many wrong passwords. Please wait a few minutes and try again.',
} as const;

export interface AccountDeletion {
  /**
   * Deletes the account of `userId` once `proof` matches it: a password account needs its
   * `password`, an account without one (guest, Google) `confirm: "DELETE"`. Then `beforeErase`
   * hooks run, the account is erased in one transaction, and the erased listeners are awaited
   * (each failure logged; the deletion stands).
   * @throws AppError 400 when the proof is of the wrong kind for the account; 403 wrong password
   *   (nothing changes); 409 from a `beforeErase` hook (a running game); 429 after
   *   config.LOGIN_RATE_LIMIT wrong passwords within config.LOGIN_RATE_LIMIT_WINDOW_MS; 401 'Your
   *   session has expired…' when the account is gone or changed meanwhile (a password change).
   */
  deleteAccount(userId: string, proof: DeleteAccountBody): Promise<void>;
  /**
   * Runs `hook` before the erase, after the proof was checked; it returns an error text to refuse
   * the deletion with 409 (nothing erased), or null.
   */
  beforeErase(hook: (userId: string) => Promise<string | null>): void;
  /** Calls `listener` after an account was erased, before the 204 goes out. */
  onErased(listener: (userId: string) => Promise<void> | void): void;
}

export interface AccountDeletionDeps {
  db: Database;
  config: Pick<Config, 'LOGIN_RATE_LIMIT' | 'LOGIN_RATE_LIMIT_WINDOW_MS'>;
  logger: Logger;
  /** The process's limiter factory (platform/rate-limiters.ts): memory, or Redis shared by every process. */
  rateLimiters: RateLimiterFactory;
  /** AccountsService.sessionsRevoked: drops the user's cached session here, cuts their sockets here. */
  sessionsRevoked(userIds: readonly string[]): void;
}

export function createAccountDeletion(deps: AccountDeletionDeps): AccountDeletion {
  const { db, config, logger } = deps;
  const repo = createAccountsRepo(db);
  const passwords = createPasswordChecker();
  // The same allowance as failed logins: a stolen session must not become a password oracle.
  const limiter = deps.rateLimiters({ name: 'account-deletion', max: config.LOGIN_RATE_LIMIT, windowMs: config.LOGIN_RATE_LIMIT_WINDOW_MS });
  const hooks: Array<(userId: string) => Promise<string | null>> = [];
  const listeners: Array<(userId: string) => Promise<void> | void> = [];

  /** Throws unless `proof` is the right one for `row`. */
  async function checkProof(row: { id: string; passwordHash: string | null }, proof: DeleteAccountBody): Promise<void> {
    if (row.passwordHash === null) {
      if (proof.confirm === undefined) throw new AppError(ErrorCode.INVALID_INPUT, DELETION_MESSAGES.confirmRequired);
      return;
    }
    if (proof.password === undefined) throw new AppError(ErrorCode.INVALID_INPUT, DELETION_MESSAGES.passwordRequired);
    const key = `delete:${row.id}`;
    if ((await limiter.consume(key)) > 0) throw new AppError(ErrorCode.RATE_LIMITED, DELETION_MESSAGES.tooManyTries);
    if (!(await passwords.check(row.passwordHash, proof.password))) throw new AppError(ErrorCode.WRONG_PASSWORD, DELETION_MESSAGES.wrongPassword);
    await limiter.reset(key);
  }

  return {
    async deleteAccount(userId, proof) {
      const row = await repo.findById(userId);
      if (!row || row.deletedAt !== null) throw new AppError(ErrorCode.SESSION_EXPIRED, SESSION_MESSAGES.sessionExpired);
      await checkProof(row, proof);
      for (const hook of hooks) {
        const refusal = await hook(userId);
        if (refusal) throw new AppError(ErrorCode.IN_ANOTHER_GAME, refusal);
      }
      const erased = await repo.eraseAccount(userId, row.tokenVersion, DELETED_PLAYER_NAME);
      deps.sessionsRevoked([userId]);
      if (!erased) throw new AppError(ErrorCode.SESSION_EXPIRED, SESSION_MESSAGES.sessionExpired);
      logger.info({ userId, wasGuest: row.isGuest }, 'account deleted');
      const settled = await Promise.allSettled(listeners.map(async (listener) => listener(userId)));
      for (const outcome of settled) {
        if (outcome.status === 'rejected') logger.error({ err: outcome.reason, userId }, 'an account deletion listener failed');
      }
    },
    beforeErase(hook) {
      hooks.push(hook);
    },
    onErased(listener) {
      listeners.push(listener);
    },
  };
}
