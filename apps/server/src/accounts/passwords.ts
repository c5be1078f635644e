/**
 * Password hashing with argon2id (issue #2), through @node-rs/argon2: prebuilt binaries, and the
 * work runs on libuv's thread pool, off the event loop that serves games.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * OWASP Password Storage Cheat Sheet, first argon2id configuration: 19 MiB, 2 passes, 1 lane
 * (about 20–40 ms per hash here). `Algorithm` is an ambient const enum, which isolatedModules
 * cannot read, hence the literal: 2 is `Algorithm.Argon2id`.
 */
const ARGON2ID_OPTIONS: Options = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Hashes `password` into an argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

/**
 * True when `password` matches the PHC string `passwordHash`. A malformed hash counts as a mismatch
 * rather than an error, so a corrupt row cannot turn a login into a 500.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Checks passwords, spending the same argon2 work whether or not the account exists: for an
 * unknown email (or an account without a password) it verifies against a dummy hash made with the
 * same parameters, so response time does not reveal which emails are registered.
 */
export interface PasswordChecker {
  /** `passwordHash` null means "no such account or no password": always false, same cost. */
  check(passwordHash: string | null, password: string): Promise<boolean>;
}

export function createPasswordChecker(): PasswordChecker {
  // Made at once (not on first use, which would make the first unknown-email login slower) from a
  // random password nobody knows, so it never matches.
  const dummy = hashPassword(randomBytes(24).toString('base64url'));
  dummy.catch(() => {}); // a failure surfaces on the first check, not as an unhandled rejection
  return {
    async check(passwordHash, password) {
      if (passwordHash) return verifyPassword(passwordHash, password);
      await verifyPassword(await dummy, password);
      return false;
    },
  };
}
