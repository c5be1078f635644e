/**
 * The HMAC secret that signs session tokens (issue #2: "the secret comes from JWT_SECRET, or is
 * generated on first start and kept in DATA_DIR so that restarts keep sessions valid").
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/** 256 bits: the HS256 key size RFC 7518 §3.2 asks for at minimum. */
const GENERATED_SECRET_BYTES = 32;

/**
 * Returns the token signing secret, in this order:
 * 1. `JWT_SECRET` (UTF-8 bytes; config.ts requires ≥ 32 characters);
 * 2. when DATA_DIR is `memory://`: 32 random bytes for this process only (tests, throw-away runs);
 * 3. `${DATA_DIR}/jwt-secret`: 32 raw random bytes, created with mode 0600 on first start.
 *
 * Synchronous: it runs once while the app is built.
 * @throws Error when the secret file exists but holds fewer than 32 bytes, or cannot be written.
 */
export function loadJwtSecret(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): Uint8Array {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  if (config.DATA_DIR.startsWith('memory://')) return new Uint8Array(randomBytes(GENERATED_SECRET_BYTES));

  mkdirSync(config.DATA_DIR, { recursive: true });
  const file = path.join(config.DATA_DIR, 'jwt-secret');
  try {
    // 'wx' fails when the file exists, so two processes starting together cannot both write one.
    writeFileSync(file, randomBytes(GENERATED_SECRET_BYTES), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file);
  if (secret.length < GENERATED_SECRET_BYTES) {
    throw new Error(
      `${file} holds ${secret.length} bytes; a token secret needs at least ${GENERATED_SECRET_BYTES}. ` +
        'Delete the file to generate a new one (existing sessions end), or set JWT_SECRET.',
    );
  }
  try {
    // The secret lets anyone mint sessions: keep it readable by the server's user only, even when
    // the file was copied in with looser permissions. A read-only mount may refuse; reading is enough.
    chmodSync(file, 0o600);
  } catch {
    /* keep going with the permissions the operator chose */
  }
  return new Uint8Array(secret);
}
