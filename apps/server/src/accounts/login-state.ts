/**
 * The OpenID Connect login state (PKCE code verifier, state, nonce) between GET /auth/google and its
 * callback, sealed into a short-lived cookie instead of a server-side map:
 * - any server process can finish a sign-in another one started (the scale-out issue needs nothing);
 * - the state is bound to the browser that started the flow, so a callback URL carrying someone
 *   else's code and state cannot sign a victim into the attacker's account (login CSRF,
 *   RFC 6749 §10.12);
 * - it is encrypted (JWE, dir + A256GCM), so the verifier and nonce never appear in clear even to
 *   the browser, and authenticated, so it cannot be forged.
 */
import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';
import type { Clock } from '../platform/clock.js';

/** What GET /auth/google remembers for its callback. */
export interface LoginState {
  codeVerifier: string;
  state: string;
  nonce: string;
}

export interface LoginStateSealer {
  /** Encrypts `state`, valid for `ttlSeconds` from the clock's now. */
  seal(state: LoginState, ttlSeconds: number): Promise<string>;
  /** The state, or null when `sealed` is forged, corrupt, expired or made for another purpose. */
  open(sealed: string): Promise<LoginState | null>;
}

/** Audience of sealed login states: never accepted where a session token is expected, or vice versa. */
const AUDIENCE = 'mathsprint-oidc-login';

const stateSchema = z.object({
  codeVerifier: z.string().min(43).max(128),
  state: z.string().min(1).max(256),
  nonce: z.string().min(1).max(256),
});

/**
 * @param secret the session-token secret; a separate 256-bit key is derived from it with HKDF-SHA256
 *   (RFC 5869), so the two uses never share a key.
 */
export function createLoginStateSealer(deps: { secret: Uint8Array; clock: Clock }): LoginStateSealer {
  const key = new Uint8Array(hkdfSync('sha256', deps.secret, new Uint8Array(0), 'mathsprint oidc login state', 32));
  const { clock } = deps;
  return {
    async seal(state, ttlSeconds) {
      const nowSeconds = Math.floor(clock.now() / 1000);
      return new EncryptJWT({ ...state })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setAudience(AUDIENCE)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + ttlSeconds)
        .encrypt(key);
    },
    async open(sealed) {
      if (sealed.length > 4096) return null;
      try {
        const { payload } = await jwtDecrypt(sealed, key, {
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
          audience: AUDIENCE,
          requiredClaims: ['exp'],
          currentDate: new Date(clock.now()),
        });
        const parsed = stateSchema.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
