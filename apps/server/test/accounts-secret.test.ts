/**
 * The token secret (issue #2: "from JWT_SECRET, or generated on first start and kept in DATA_DIR so
 * that restarts keep sessions valid") and the sealed OIDC login state built from it.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadJwtSecret } from '../src/accounts/jwt-secret.js';
import { createLoginStateSealer } from '../src/accounts/login-state.js';
import { createTokenIssuer } from '../src/accounts/tokens.js';
import { ManualClock } from '../src/platform/clock.js';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'ms-secret-'));

describe('loadJwtSecret', () => {
  it('uses JWT_SECRET when set', () => {
    const secret = loadJwtSecret({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: tempDir() });
    expect(Buffer.from(secret).toString()).toBe('x'.repeat(40));
  });

  it('generates 32 random bytes in DATA_DIR/jwt-secret, readable by the owner only, and reuses them', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const first = loadJwtSecret({ DATA_DIR: dir });
    const file = path.join(dir, 'jwt-secret');
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file)).equals(Buffer.from(first))).toBe(true);
    // A restart reads the same secret, so tokens issued before it stay valid.
    expect(Buffer.from(loadJwtSecret({ DATA_DIR: dir })).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(loadJwtSecret({ DATA_DIR: tempDir() })).equals(Buffer.from(first))).toBe(false);
  });

  it('keeps tokens valid across a restart that rereads the secret', async () => {
    const dir = tempDir();
    const clock = new ManualClock();
    const before = createTokenIssuer({ secret: loadJwtSecret({ DATA_DIR: dir }), config: { JWT_TTL_SECONDS: 60 }, clock });
    const token = await before.issue({ id: 'user-1', tokenVersion: 3 });
    const after = createTokenIssuer({ secret: loadJwtSecret({ DATA_DIR: dir }), config: { JWT_TTL_SECONDS: 60 }, clock });
    expect(await after.decode(token)).toEqual({ userId: 'user-1', version: 3 });
    const elsewhere = createTokenIssuer({ secret: loadJwtSecret({ DATA_DIR: tempDir() }), config: { JWT_TTL_SECONDS: 60 }, clock });
    expect(await elsewhere.decode(token)).toBeNull();
  });

  it('refuses a secret file that is too short', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'jwt-secret'), 'short');
    expect(() => loadJwtSecret({ DATA_DIR: dir })).toThrow(/at least 32/);
  });

  it('uses a fresh in-process secret for memory://', () => {
    const a = loadJwtSecret({ DATA_DIR: 'memory://' });
    const b = loadJwtSecret({ DATA_DIR: 'memory://' });
    expect(a).toHaveLength(32);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });
});

describe('sealed OIDC login state', () => {
  const state = { codeVerifier: 'v'.repeat(43), state: 'the-state', nonce: 'the-nonce' };

  it('round-trips, hides its content, and expires', async () => {
    const clock = new ManualClock();
    const sealer = createLoginStateSealer({ secret: loadJwtSecret({ DATA_DIR: 'memory://' }), clock });
    const sealed = await sealer.seal(state, 600);
    expect(sealed).not.toContain('the-nonce');
    expect(Buffer.from(sealed.split('.')[3] ?? '', 'base64url').toString()).not.toContain('the-nonce');
    expect(await sealer.open(sealed)).toEqual(state);
    clock.advance(601_000);
    expect(await sealer.open(sealed)).toBeNull();
  });

  it('opens only what the same secret sealed, and is never a session token', async () => {
    const clock = new ManualClock();
    const secret = loadJwtSecret({ DATA_DIR: 'memory://' });
    const sealed = await createLoginStateSealer({ secret, clock }).seal(state, 600);
    const other = createLoginStateSealer({ secret: loadJwtSecret({ DATA_DIR: 'memory://' }), clock });
    expect(await other.open(sealed)).toBeNull();
    const tokens = createTokenIssuer({ secret, config: { JWT_TTL_SECONDS: 60 }, clock });
    expect(await tokens.decode(sealed)).toBeNull();
    expect(await createLoginStateSealer({ secret, clock }).open(await tokens.issue({ id: 'u', tokenVersion: 0 }))).toBeNull();
  });
});
