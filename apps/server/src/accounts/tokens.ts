/**
 * Session tokens: JWTs signed with HS256 (jose). Issue #2 asks for "an algorithm allowlist, expiry,
 * issuer and audience, and a per-user token version so that a password change revokes every older
 * token". This file owns the JWT part; accounts.service.ts compares the version with the database.
 */
import { createSecretKey } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Clock } from '../platform/clock.js';

export const TOKEN_ISSUER = 'mathsprint';
export const TOKEN_AUDIENCE = 'mathsprint-web';
/**
 * Only HS256 is accepted, whatever the token's header claims: refusing `none` and asymmetric
 * algorithms closes the classic algorithm-confusion attacks (RFC 8725 §3.1).
 */
const ALGORITHMS = ['HS256'];
/** Verified tokens remembered (about 300 bytes each): a few MB for the busiest minutes. */
const VERIFIED_CACHE_SIZE = 20_000;
/** Longer strings are refused unparsed: a real token is about 200 characters. */
const MAX_TOKEN_LENGTH = 4096;

/** What a verified token says: whose it is and which token version it carries. */
export interface TokenClaims {
  userId: string;
  /** users.tokenVersion at issue time. */
  version: number;
}

export interface TokenIssuer {
  /** Signs a token for `user`, valid for config.JWT_TTL_SECONDS from the clock's now. */
  issue(user: { id: string; tokenVersion: number }): Promise<string>;
  /**
   * Checks signature (HS256 only), issuer, audience and expiry against the injected clock.
   * Returns null for any invalid, expired or malformed token; throws only on a bug (an error that
   * is not jose's verdict on the token).
   */
  decode(token: string): Promise<TokenClaims | null>;
}

const payloadSchema = z.object({
  sub: z.string().min(1),
  ver: z.number().int().nonnegative(),
});

export function createTokenIssuer(deps: {
  secret: Uint8Array;
  config: Pick<Config, 'JWT_TTL_SECONDS'>;
  clock: Clock;
}): TokenIssuer {
  const { secret, config, clock } = deps;
  // A Uint8Array secret makes jose import a WebCrypto key on every call, which was a quarter of the
  // CPU of an authenticated request (bench/daily profile); the key is imported once instead.
  const key = createSecretKey(secret);
  /**
   * Tokens already verified, by their exact text, with their expiry: the same bytes always get the
   * same verdict from the signature, issuer and audience checks, so only the expiry is checked
   * again. HMAC verification through WebCrypto was most of what remained of an authenticated
   * request's CPU (bench/daily). Revocation is unaffected: accounts.service compares the claimed
   * token version with the user's on every request.
   */
  const verified = new LRUCache<string, { claims: TokenClaims; expMs: number }>({ max: VERIFIED_CACHE_SIZE });
  return {
    async issue(user) {
      const nowSeconds = Math.floor(clock.now() / 1000);
      return new SignJWT({ ver: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + config.JWT_TTL_SECONDS)
        .sign(key);
    },
    async decode(token) {
      if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
      const known = verified.get(token);
      if (known) {
        if (clock.now() < known.expMs) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ALGORITHMS,
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'exp', 'ver'],
          currentDate: new Date(clock.now()),
        });
        const parsed = payloadSchema.safeParse(payload);
        if (!parsed.success) return null;
        const claims = { userId: parsed.data.sub, version: parsed.data.ver };
        verified.set(token, { claims, expMs: (payload.exp ?? 0) * 1000 });
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        // Not a token problem (jose throws only JOSEErrors for bad tokens): a bug worth seeing.
        throw error;
      }
    },
  };
}
