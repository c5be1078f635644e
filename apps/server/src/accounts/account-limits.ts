/**
 * The abuse limits of accounts (issue #2 "Bad input and abuse"; issue #46 "Rate limits that hold
 * across processes and lock nobody out"), counted by platform/rate-limiters.ts, so in Redis when
 * several processes share it.
 *
 * Logins follow OWASP's Authentication and Credential Stuffing Prevention cheat sheets and
 * rate-limiter-flexible's "Login endpoint protection" example: failures are counted per
 * (email, IP) and per IP, so ten wrong passwords for an email lock out the IP that sent them, not
 * the email's owner signing in from elsewhere; a per-email ceiling, far above the (email, IP)
 * limit, caps how many guesses a distributed attack (many IPs, one account) gets per window.
 */
import type { Config } from '../config.js';
import type { RateLimiter, RateLimiterFactory } from '../platform/rate-limiters.js';

/** Which login limit refused an attempt (for the log). */
export type LoginLimitName = 'ip' | 'email-ip' | 'email';

/** The outcome of admitting a login attempt: refused by a limit, or counted under every limit. */
export type LoginAdmission =
  | { ok: false; limit: LoginLimitName }
  | {
      ok: true;
      /** The password was right: clears this (email, IP)'s failures and uncounts the attempt elsewhere. */
      succeeded(): Promise<void>;
    };

export interface LoginLimits {
  /**
   * Counts one login attempt of `email` (trimmed, lower-cased) from `ip` under each limit, the IP's
   * first, or none when one refuses (the others get their count back). A wrong password keeps the
   * counts: only failures stay counted. `ip` absent (internal callers): no per-IP limit, and the
   * (email, IP) pair is counted under the email alone.
   */
  admit(email: string, ip: string | undefined): Promise<LoginAdmission>;
}

export function createLoginLimits(limiters: RateLimiterFactory, config: Config): LoginLimits {
  const byIp = limiters({ name: 'login-ip', max: config.LOGIN_IP_RATE_LIMIT, windowMs: config.LOGIN_IP_RATE_LIMIT_WINDOW_MS });
  const byPair = limiters({ name: 'login-email-ip', max: config.LOGIN_RATE_LIMIT, windowMs: config.LOGIN_RATE_LIMIT_WINDOW_MS });
  const byEmail = limiters({ name: 'login-email', max: config.LOGIN_EMAIL_RATE_LIMIT, windowMs: config.LOGIN_EMAIL_RATE_LIMIT_WINDOW_MS });

  return {
    async admit(email, ip) {
      const pairKey = `${email} ${ip ?? '-'}`;
      type Check = { name: LoginLimitName; limiter: RateLimiter; key: string };
      const checks: Check[] = [
        ...(ip ? [{ name: 'ip' as const, limiter: byIp, key: ip }] : []),
        { name: 'email-ip', limiter: byPair, key: pairKey },
        { name: 'email', limiter: byEmail, key: email },
      ];
      const counted: Check[] = [];
      for (const check of checks) {
        if ((await check.limiter.consume(check.key)) > 0) {
          await Promise.all(counted.map(({ limiter, key }) => limiter.giveBack(key)));
          return { ok: false, limit: check.name };
        }
        counted.push(check);
      }
      return {
        ok: true,
        async succeeded() {
          // The pair's failures are forgotten (the owner, from here, knows the password); the IP's
          // and the email's keep counting failures only, so a success is taken back but clears
          // nothing: the owner's sign-in must not give a distributed attack a fresh budget.
          await Promise.all([byPair.reset(pairKey), ...(ip ? [byIp.giveBack(ip)] : []), byEmail.giveBack(email)]);
        },
      };
    },
  };
}

/**
 * Accounts created per IP (config SIGNUP_RATE_LIMIT per SIGNUP_RATE_LIMIT_WINDOW_MS): only those
 * actually stored count. The attempt is counted first and given back when it fails (email taken,
 * a guest converted by another sign-up, a database error), so a burst of concurrent sign-ups
 * cannot all pass the check, and a classroom's typos do not use up its sign-ups.
 */
export interface CreationLimit {
  /**
   * Counts one creation for `ip` and runs `create`; gives the count back if `create` throws.
   * `ip` absent (internal callers): no limit.
   * @returns `create`'s value, or `null` (nothing run) when the IP is at its limit.
   */
  count<T>(ip: string | undefined, create: () => Promise<T>): Promise<T | null>;
}

export function createCreationLimit(limiters: RateLimiterFactory, config: Config, name: string): CreationLimit {
  const limiter = limiters({ name, max: config.SIGNUP_RATE_LIMIT, windowMs: config.SIGNUP_RATE_LIMIT_WINDOW_MS });
  return {
    async count(ip, create) {
      if (!ip) return create();
      if ((await limiter.consume(ip)) > 0) return null;
      try {
        return await create();
      } catch (error) {
        await limiter.giveBack(ip);
        throw error;
      }
    },
  };
}
