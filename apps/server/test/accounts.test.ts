/**
 * Accounts over real HTTP against the real server: sign-up, login, guests, sessions and their
 * tokens, password change, abuse limits, and the security headers (spec §5, §7 "Account", §8;
 * issue #2 "Bad input and abuse").
 *
 * Every test talks from its own client IP (X-Forwarded-For, honoured because the app trusts its
 * proxy) so the per-IP limits of one test never spill into another.
 */
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, MeResponse } from '@mathsprint/shared/protocol';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

/** Failures per (email, IP), per IP, and per email from all IPs (LOGIN_RATE_LIMIT, LOGIN_IP_…, LOGIN_EMAIL_…). */
const LOGIN_LIMIT = 3;
const LOGIN_IP_LIMIT = 6;
const LOGIN_EMAIL_LIMIT = 12;
const TTL_SECONDS = 3600;
const PASSWORD = 'correct horse 42';

let server: TestServer;
const clock = new ManualClock();
let ipCounter = 0;
/** A client IP no other test uses. */
const freshIp = () => `10.113.${++ipCounter >> 8}.${ipCounter & 255}`;
let emailCounter = 0;
const freshEmail = (label = 'player') => `${label}-${++emailCounter}@example.com`;

interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

async function call<T = { error: string }>(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; rawBody?: string; token?: string; ip?: string } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? freshIp() };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.rawBody !== undefined || options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = options.rawBody ?? JSON.stringify(options.body);
  }
  const res = await fetch(server.url + path, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}

const signup = (body: unknown, ip?: string) => call<AuthResponse & { error: string }>('POST', '/signup', { body, ip });
const login = (body: unknown, ip?: string) => call<AuthResponse & { error: string }>('POST', '/login', { body, ip });
const me = (token?: string) => call<MeResponse & { error: string }>('GET', '/api/me', { token });

async function newAccount(label?: string): Promise<{ email: string; auth: AuthResponse }> {
  const email = freshEmail(label);
  const res = await signup({ name: 'Test Player', email, password: PASSWORD });
  expect(res.status).toBe(201);
  return { email, auth: res.body };
}

beforeAll(async () => {
  server = await startTestServer({
    clock,
    env: {
      LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
      LOGIN_IP_RATE_LIMIT: String(LOGIN_IP_LIMIT),
      LOGIN_EMAIL_RATE_LIMIT: String(LOGIN_EMAIL_LIMIT),
      JWT_TTL_SECONDS: String(TTL_SECONDS),
    },
  });
});
afterAll(() => server?.close());

describe('POST /signup', () => {
  it('creates an account with the default rating and signs it in', async () => {
    const res = await signup({ name: '  Ada Lovelace ', email: ' Ada.Lovelace@Example.COM ', password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(typeof res.body.token).toBe('string');
    expect(res.body.user).toEqual({
      _id: expect.any(String),
      name: 'Ada Lovelace',
      email: 'ada.lovelace@example.com',
      rating: 1500,
      rd: 350,
      isGuest: false,
      hasPassword: true,
    });

    const current = await me(res.body.token);
    expect(current.status).toBe(200);
    expect(current.body.user).toEqual(res.body.user);
  });

  it.each([
    ['the name is missing', { email: 'x@example.com', password: PASSWORD }, 'Full name is required'],
    ['the name is blank', { name: '   ', email: 'x@example.com', password: PASSWORD }, 'Full name is required'],
    ['the email is missing', { name: 'X', password: PASSWORD }, 'Email is required'],
    ['the email is blank', { name: 'X', email: '   ', password: PASSWORD }, 'Email is required'],
    ['the password is missing', { name: 'X', email: 'x@example.com' }, 'Password is required'],
    ['the password is empty', { name: 'X', email: 'x@example.com', password: '' }, 'Password is required'],
    ['the password is nine spaces', { name: 'X', email: 'x@example.com', password: ' '.repeat(9) }, "Password can't be only spaces"],
    ['the password is three spaces', { name: 'X', email: 'x@example.com', password: '   ' }, "Password can't be only spaces"],
    ['the email is malformed', { name: 'X', email: 'not-an-email', password: PASSWORD }, 'Please enter a valid email address'],
    ['the email has no domain', { name: 'X', email: 'x@', password: PASSWORD }, 'Please enter a valid email address'],
    ['the password is under 8 characters', { name: 'X', email: 'x@example.com', password: '1234567' }, 'Password must be at least 8 characters'],
    ['the name is longer than 50', { name: 'N'.repeat(51), email: 'x@example.com', password: PASSWORD }, 'Name must be at most 50 characters'],
    ['the email is not a string', { name: 'X', email: 42, password: PASSWORD }, 'Email is required'],
    ['the body is not an object', ['x@example.com'], 'Request body must be a JSON object'],
  ])('refuses sign-up when %s with 400 and its own message', async (_case, body, message) => {
    const res = await signup(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'INVALID_INPUT' });
  });

  it('refuses sign-up without any body', async () => {
    const res = await call('POST', '/signup');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Full name is required', code: 'INVALID_INPUT' });
  });

  it('writes nothing when it refuses: the same email signs up afterwards', async () => {
    const email = freshEmail();
    expect((await signup({ name: 'X', email, password: 'short' })).status).toBe(400);
    expect((await signup({ name: 'X', email, password: PASSWORD })).status).toBe(201);
  });

  it('refuses an email already registered with 409, whatever its case and spacing', async () => {
    const { email } = await newAccount();
    for (const variant of [email, `  ${email.toUpperCase()}  `]) {
      const res = await signup({ name: 'Someone Else', email: variant, password: 'another password' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'An account with this email already exists', code: 'EMAIL_TAKEN' });
    }
  });

  it('lets exactly one of several simultaneous sign-ups with the same email through (the unique index decides)', async () => {
    const email = freshEmail('race');
    const results = await Promise.all([1, 2, 3].map((i) => signup({ name: `Racer ${i}`, email, password: PASSWORD })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body).toEqual({ error: 'An account with this email already exists', code: 'EMAIL_TAKEN' });
    }
  });

  it('limits account creation per IP to 20 an hour (429), without affecting other IPs', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await signup({ name: `Flood ${i}`, email: freshEmail('flood'), password: PASSWORD }, ip)).status).toBe(201);
    }
    const refused = await signup({ name: 'Flood 21', email: freshEmail('flood'), password: PASSWORD }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many accounts created from your network. Please try again later.', code: 'RATE_LIMITED' });

    expect((await signup({ name: 'Elsewhere', email: freshEmail(), password: PASSWORD })).status).toBe(201);
    // The IP signs up again once the window has passed: rate-limits.test.ts (real time, short windows).
  });

  it('counts only the accounts created: refused sign-ups (409 email taken, 400 bad input, a guest\'s 409) use up nothing', async () => {
    const ip = freshIp();
    const { email: taken } = await newAccount();
    const guest = (await call<AuthResponse>('POST', '/auth/guest', { ip })).body;
    for (let i = 0; i < 10; i++) {
      expect((await signup({ name: `Typo ${i}`, email: taken, password: PASSWORD }, ip)).status).toBe(409);
      expect((await signup({ name: `Typo ${i}`, email: freshEmail(), password: 'short' }, ip)).status).toBe(400);
      const converted = await call('POST', '/signup', { body: { name: 'Guest', email: taken, password: PASSWORD }, token: guest.token, ip });
      expect(converted.status).toBe(409);
    }
    for (let i = 0; i < 20; i++) {
      expect((await signup({ name: `Pupil ${i}`, email: freshEmail('class'), password: PASSWORD }, ip)).status).toBe(201);
    }
    expect((await signup({ name: 'Pupil 21', email: freshEmail('class'), password: PASSWORD }, ip)).status).toBe(429);
  });

  it('counts concurrent sign-ups before creating them, so a burst cannot slip past the limit', async () => {
    const ip = freshIp();
    const burst = await Promise.all(Array.from({ length: 25 }, (_, i) => signup({ name: `Burst ${i}`, email: freshEmail('burst'), password: PASSWORD }, ip)));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe('POST /login', () => {
  it('signs in with the right email and password, whatever the email case', async () => {
    const { email, auth } = await newAccount();
    const res = await login({ email: ` ${email.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual(auth.user);
    expect((await me(res.body.token)).body.user?._id).toBe(auth.user._id);
  });

  it('answers a wrong password and an unknown email alike: 401 "Invalid email or password"', async () => {
    const { email } = await newAccount();
    const wrongPassword = await login({ email, password: 'not the password' });
    const unknownEmail = await login({ email: freshEmail('nobody'), password: PASSWORD });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid email or password', code: 'INVALID_LOGIN' });
    }
  });

  it('asks for missing fields with 400', async () => {
    expect(await login({ password: PASSWORD })).toMatchObject({ status: 400, body: { error: 'Email is required', code: 'INVALID_INPUT' } });
    expect(await login({ email: 'a@example.com' })).toMatchObject({ status: 400, body: { error: 'Password is required', code: 'INVALID_INPUT' } });
    expect(await login({ email: 'a@example.com', password: 'x'.repeat(201) })).toMatchObject({
      status: 400,
      body: { error: 'Password must be at most 200 characters', code: 'INVALID_INPUT' },
    });
  });

  it('rate limits failures per email and IP (429), and the owner still signs in from another IP', async () => {
    const { email } = await newAccount();
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      expect((await login({ email, password: `wrong ${i}` }, ip)).status).toBe(401);
    }
    const blocked = await login({ email, password: PASSWORD }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: 'Too many login attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' });
    expect((await login({ email, password: PASSWORD })).status).toBe(200);
    // The IP may still try other accounts.
    const other = await newAccount();
    expect((await login({ email: other.email, password: PASSWORD }, ip)).status).toBe(200);
  });

  it('does not lock the owner out after ten failures for their email from ten IPs: they sign in from an eleventh', async () => {
    const { email } = await newAccount();
    for (let i = 0; i < 10; i++) {
      expect((await login({ email, password: `wrong ${i}` })).status).toBe(401);
    }
    expect((await login({ email, password: PASSWORD })).status).toBe(200);
  });

  it('rate limits failures per email at its ceiling (429), even from many IPs and with the right password', async () => {
    const { email } = await newAccount();
    for (let i = 0; i < LOGIN_EMAIL_LIMIT; i++) {
      expect((await login({ email, password: `wrong ${i}` })).status).toBe(401);
    }
    const blocked = await login({ email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: 'Too many login attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' });

    // Other accounts are untouched; the email is free again once the window has passed
    // (rate-limits.test.ts: real time, short windows).
    const other = await newAccount();
    expect((await login({ email: other.email, password: PASSWORD })).status).toBe(200);
  });

  it('rate limits failures per IP (429), across emails', async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_IP_LIMIT; i++) {
      expect((await login({ email: freshEmail('guess'), password: PASSWORD }, ip)).status).toBe(401);
    }
    const { email } = await newAccount();
    const blocked = await login({ email, password: PASSWORD }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: 'Too many login attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' });
    expect((await login({ email, password: PASSWORD })).status).toBe(200);
  });

  it('counts failures only: successful logins neither count nor let failures pile up', async () => {
    const { email } = await newAccount();
    const ip = freshIp();
    for (let round = 0; round < 3; round++) {
      expect((await login({ email, password: 'wrong' }, ip)).status).toBe(401);
      expect((await login({ email, password: PASSWORD }, ip)).status).toBe(200);
    }
    // 3 failures from this IP in the window, but each success cleared the email and IP's count.
    for (let i = 0; i < LOGIN_LIMIT - 1; i++) expect((await login({ email, password: 'wrong' }, ip)).status).toBe(401);
    expect((await login({ email, password: PASSWORD }, ip)).status).toBe(200);
  });

  it('counts concurrent guesses before checking them, so a burst cannot slip past the limit', async () => {
    const { email } = await newAccount();
    const ip = freshIp();
    const burst = await Promise.all(
      Array.from({ length: LOGIN_LIMIT * 3 }, (_, i) => login({ email, password: `guess ${i}` }, ip)),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LOGIN_LIMIT * 2);
  });
});

describe('POST /auth/guest', () => {
  it('creates a guest with a generated name, no email and the default rating', async () => {
    const res = await call<AuthResponse>('POST', '/auth/guest');
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({
      _id: expect.any(String),
      name: expect.stringMatching(/^Guest-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}$/),
      email: null,
      rating: 1500,
      rd: 350,
      isGuest: true,
      hasPassword: false,
    });
    expect((await me(res.body.token)).body.user).toEqual(res.body.user);
  });

  it('gives each guest its own account', async () => {
    const [a, b] = await Promise.all([call<AuthResponse>('POST', '/auth/guest'), call<AuthResponse>('POST', '/auth/guest')]);
    expect(a.body.user._id).not.toBe(b.body.user._id);
  });

  it('limits guest creation per IP to 20 an hour (429)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await call('POST', '/auth/guest', { ip })).status).toBe(201);
    const refused = await call('POST', '/auth/guest', { ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many accounts created from your network. Please try again later.', code: 'RATE_LIMITED' });
  });
});

describe('POST /signup from a guest (ours: the guest becomes the account)', () => {
  const guest = async () => (await call<AuthResponse>('POST', '/auth/guest')).body;
  const signupAs = (token: string, body: unknown) => call<AuthResponse & { error: string }>('POST', '/signup', { body, token });

  it("converts the guest in place: same id, the sign-up's name and email, the guest's running solo session kept", async () => {
    const before = await guest();
    const run = await call<{ sessionId: string }>('POST', '/singleplayer/start', { body: { mode: 1 }, token: before.token });
    expect(run.status).toBe(200);
    const email = freshEmail('convert');

    const res = await signupAs(before.token, { name: 'Grace Hopper', email, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({
      _id: before.user._id,
      name: 'Grace Hopper',
      email,
      rating: 1500,
      rd: 350,
      isGuest: false,
      hasPassword: true,
    });
    // The guest's token ends; the fresh one, and the password, sign in to the same account.
    expect((await me(before.token)).body).toEqual({ error: 'Your session has expired. Please log in again.', code: 'SESSION_EXPIRED' });
    expect((await me(res.body.token)).body.user).toEqual(res.body.user);
    expect((await login({ email, password: PASSWORD })).body.user?._id).toBe(before.user._id);
    // What the guest was playing is still theirs.
    const timer = await call<{ over: boolean }>('GET', `/singleplayer/timer?sessionId=${run.body.sessionId}`, { token: res.body.token });
    expect(timer.status).toBe(200);
    expect(timer.body.over).toBe(false);
  });

  it('leaves the guest untouched when the email is taken (409)', async () => {
    const before = await guest();
    const { email } = await newAccount('taken');
    const res = await signupAs(before.token, { name: 'Grace Hopper', email, password: PASSWORD });
    expect(res.status).toBe(409);
    expect((await me(before.token)).body.user).toEqual(before.user);
  });

  it('converts a guest once: of two sign-ups sent at once, one converts it and the other is refused', async () => {
    const before = await guest();
    const results = await Promise.all(
      ['a', 'b'].map((label) => signupAs(before.token, { name: 'Twin', email: freshEmail(`twin-${label}`), password: PASSWORD })),
    );
    const statuses = results.map((r) => r.status).sort();
    // The second either finds the guest converted (401, its token revoked) or, arriving after the
    // first answered, is no longer a guest's request at all (a new account, 201).
    expect(statuses[0]).toBe(201);
    const converted = results.filter((r) => r.status === 201 && r.body.user._id === before.user._id);
    expect(converted).toHaveLength(1);
    for (const other of results.filter((r) => r !== converted[0])) {
      if (other.status === 201) expect(other.body.user._id).not.toBe(before.user._id);
      else expect(other.body).toEqual({ error: 'Your session has expired. Please log in again.', code: 'SESSION_EXPIRED' });
    }
  });

  it("creates a separate account when a signed-in player's (not a guest's) token comes with the sign-up", async () => {
    const { auth } = await newAccount('existing');
    const res = await signupAs(auth.token, { name: 'Second Account', email: freshEmail('second'), password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.user._id).not.toBe(auth.user._id);
    expect((await me(auth.token)).body.user?._id).toBe(auth.user._id);
  });
});

describe('GET /api/me and session tokens', () => {
  it('asks to log in when no token is sent', async () => {
    for (const token of [undefined, '']) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Please log in to continue', code: 'LOGIN_REQUIRED' });
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="MathSprint"');
    }
  });

  it.each([
    ['garbage', 'not.a.token'],
    ['a random string', 'abc'],
    ['"null" from a broken client', 'null'],
  ])('says the session expired for %s', async (_case, token) => {
    const res = await me(token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Your session has expired. Please log in again.', code: 'SESSION_EXPIRED' });
    // RFC 6750 §3: the web app tells a refused token from other 401s by this, on any route.
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="MathSprint", error="invalid_token"');
  });

  it('names a refused token in the challenge of every route, not only /api/me', async () => {
    const res = await call('GET', '/api/daily/today', { token: 'not.a.token' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="MathSprint", error="invalid_token"');
    // A guest refused by a members' route holds a valid token: no invalid_token.
    const guest = (await call<AuthResponse>('POST', '/auth/guest')).body;
    const members = await call('GET', '/api/daily/today', { token: guest.token });
    expect(members.status).toBe(401);
    expect(members.headers.get('www-authenticate')).toBe('Bearer realm="MathSprint"');
  });

  it('issues HS256 tokens for issuer mathsprint and audience mathsprint-web, expiring after JWT_TTL_SECONDS', async () => {
    const { auth } = await newAccount();
    expect(decodeProtectedHeader(auth.token).alg).toBe('HS256');
    const claims = decodeJwt(auth.token);
    expect(claims).toMatchObject({ iss: 'mathsprint', aud: 'mathsprint-web', sub: auth.user._id, ver: 0 });
    expect(claims.iat).toBe(Math.floor(clock.now() / 1000));
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(TTL_SECONDS);
  });

  it('refuses a token once it has expired, by the server clock', async () => {
    const { auth } = await newAccount();
    clock.advance((TTL_SECONDS - 5) * 1000);
    expect((await me(auth.token)).status).toBe(200);
    clock.advance(10_000);
    const res = await me(auth.token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Your session has expired. Please log in again.', code: 'SESSION_EXPIRED' });
  });

  describe('tokens made outside the server', () => {
    const secret = () => new TextEncoder().encode(server.config.JWT_SECRET);
    const forge = async (
      userId: string,
      overrides: { iss?: string; aud?: string; alg?: string; ver?: number; key?: Uint8Array; expIn?: number } = {},
    ) => {
      const now = Math.floor(clock.now() / 1000);
      return new SignJWT({ ver: overrides.ver ?? 0 })
        .setProtectedHeader({ alg: overrides.alg ?? 'HS256' })
        .setSubject(userId)
        .setIssuer(overrides.iss ?? 'mathsprint')
        .setAudience(overrides.aud ?? 'mathsprint-web')
        .setIssuedAt(now)
        .setExpirationTime(now + (overrides.expIn ?? 600))
        .sign(overrides.key ?? secret());
    };

    it('accepts one with every claim right (so the refusals below are about the claim changed)', async () => {
      const { auth } = await newAccount();
      expect((await me(await forge(auth.user._id))).status).toBe(200);
    });

    it.each([
      ['another issuer', { iss: 'someone-else' }],
      ['another audience', { aud: 'another-app' }],
      ['an algorithm outside the allowlist (HS512)', { alg: 'HS512' }],
      ['another secret', { key: new TextEncoder().encode('x'.repeat(40)) }],
      ['an already passed expiry', { expIn: -1 }],
      ['a token version the user does not have', { ver: 1 }],
    ])('refuses one with %s', async (_case, overrides) => {
      const { auth } = await newAccount();
      const res = await me(await forge(auth.user._id, overrides));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Your session has expired. Please log in again.', code: 'SESSION_EXPIRED' });
    });

    it('refuses an unsigned token (alg "none")', async () => {
      const { auth } = await newAccount();
      const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const now = Math.floor(clock.now() / 1000);
      const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({
        sub: auth.user._id,
        iss: 'mathsprint',
        aud: 'mathsprint-web',
        ver: 0,
        iat: now,
        exp: now + 600,
      })}.`;
      expect((await me(unsigned)).status).toBe(401);
    });

    it('refuses a well-signed token for a user that does not exist', async () => {
      expect((await me(await forge('00000000-0000-4000-8000-000000000000'))).status).toBe(401);
    });
  });
});

describe('POST /api/password', () => {
  const change = (token: string | undefined, body: unknown) =>
    call<AuthResponse & { error: string }>('POST', '/api/password', { token, body });

  it('changes the password, returns a fresh token and revokes every older one', async () => {
    const { email, auth } = await newAccount();
    const second = await login({ email, password: PASSWORD });
    const res = await change(auth.token, { currentPassword: PASSWORD, newPassword: 'a brand new secret' });
    expect(res.status).toBe(200);
    expect(res.body.user._id).toBe(auth.user._id);

    for (const old of [auth.token, second.body.token]) {
      const refused = await me(old);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ error: 'Your session has expired. Please log in again.', code: 'SESSION_EXPIRED' });
    }
    expect((await me(res.body.token)).status).toBe(200);
    expect((await login({ email, password: PASSWORD })).status).toBe(401);
    expect((await login({ email, password: 'a brand new secret' })).status).toBe(200);
  });

  it('refuses a wrong current password with 403 and changes nothing', async () => {
    const { email, auth } = await newAccount();
    const res = await change(auth.token, { currentPassword: 'not it at all', newPassword: 'a brand new secret' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Current password is incorrect', code: 'WRONG_PASSWORD' });
    expect((await me(auth.token)).status).toBe(200);
    expect((await login({ email, password: PASSWORD })).status).toBe(200);
  });

  it('limits wrong current passwords (429)', async () => {
    const { auth } = await newAccount();
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      expect((await change(auth.token, { currentPassword: `wrong ${i}`, newPassword: 'a brand new secret' })).status).toBe(403);
    }
    const res = await change(auth.token, { currentPassword: PASSWORD, newPassword: 'a brand new secret' });
    expect(res.status).toBe(429);
  });

  it('validates the new password like sign-up does', async () => {
    const { auth } = await newAccount();
    const res = await change(auth.token, { currentPassword: PASSWORD, newPassword: 'short' });
    expect(res).toMatchObject({ status: 400, body: { error: 'Password must be at least 8 characters', code: 'INVALID_INPUT' } });
    expect(await change(auth.token, { newPassword: 'a brand new secret' })).toMatchObject({
      status: 400,
      body: { error: 'Current password is required', code: 'INVALID_INPUT' },
    });
  });

  it('stores one of several changes sent at once with the same current password; the others are refused', async () => {
    const { email, auth } = await newAccount();
    const secrets = ['first new secret', 'second new secret', 'third new secret'];
    const replies = await Promise.all(secrets.map((newPassword) => change(auth.token, { currentPassword: PASSWORD, newPassword })));
    const accepted = replies.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(1);
    for (const refused of replies.filter((r) => r.status !== 200)) {
      expect(refused).toMatchObject({ status: 401, body: { error: 'Your session has expired. Please log in again.', code: 'SESSION_EXPIRED' } });
    }
    // The one change that answered 200 is the password now, and its token the one that works.
    const winner = secrets[replies.indexOf(accepted[0]!)]!;
    for (const secret of secrets) expect((await login({ email, password: secret })).status, secret).toBe(secret === winner ? 200 : 401);
    expect((await me(accepted[0]!.body.token)).status).toBe(200);
    expect((await me(auth.token)).status).toBe(401);
  });

  it('needs a session, and a password on the account', async () => {
    expect(await change(undefined, { currentPassword: PASSWORD, newPassword: 'a brand new secret' })).toMatchObject({
      status: 401,
      body: { error: 'Please log in to continue', code: 'LOGIN_REQUIRED' },
    });
    const guest = await call<AuthResponse>('POST', '/auth/guest');
    const res = await change(guest.body.token, { currentPassword: PASSWORD, newPassword: 'a brand new secret' });
    expect(res.status).toBe(403);
  });
});

describe('HTTP hygiene', () => {
  it('answers a malformed JSON body with a JSON 400', async () => {
    const res = await call('POST', '/signup', { rawBody: '{"name": "Ada", ' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual({ error: expect.any(String), code: 'INVALID_INPUT' });
  });

  it.each([
    ['a success', 'POST', '/auth/guest'],
    ['an error', 'GET', '/api/me'],
  ] as const)('sends the security headers on %s', async (_case, method, path) => {
    const res = await call(method, path);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
