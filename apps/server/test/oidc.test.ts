/**
 * Google sign-in (OpenID Connect, code flow with PKCE, state and nonce) end to end against
 * oauth2-mock-server on 127.0.0.1 with a generated RS256 key (issue #2): our /auth/google, the
 * provider's authorize endpoint, our callback, /auth/success?token=…, then /api/me with that token.
 *
 * The server's PUBLIC_URL is the default http://localhost:3000 (the port is only known after it
 * listens), so the provider redirects the browser there; the test sends that request to the real
 * port instead, as a reverse proxy would.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, MeResponse, PublicUser } from '@mathsprint/shared/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const CLIENT_ID = 'mathsprint-test-client';
const CLIENT_SECRET = 'mathsprint-test-secret';

let provider: OAuth2Server;
let issuer: string;
let server: TestServer;
let subjectCounter = 0;
const freshSubject = () => `google-user-${++subjectCounter}`;

interface ProviderUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Replaces the nonce the provider would echo (to test nonce checking). */
  nonce?: string;
}

/** Makes the provider's next ID token describe `user` (the access token is left alone). */
function nextIdToken(user: ProviderUser): void {
  const listener = (token: { payload: Record<string, unknown> }) => {
    if (token.payload.aud !== CLIENT_ID) return; // the access token is signed first, without aud
    Object.assign(token.payload, user);
    provider.service.off('beforeTokenSigning', listener);
  };
  provider.service.on('beforeTokenSigning', listener);
}

function cookieOf(res: Response): string {
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('ms_oidc='));
  expect(setCookie, 'login state cookie').toBeDefined();
  expect(setCookie).toContain('HttpOnly');
  expect(setCookie).toContain('SameSite=Lax');
  return (setCookie ?? '').split(';')[0] ?? '';
}

/** GET /auth/google: returns the provider's authorize URL and the login state cookie. */
async function start(app: TestServer = server): Promise<{ authorizeUrl: URL; cookie: string }> {
  const res = await fetch(`${app.url}/auth/google`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const authorizeUrl = new URL(res.headers.get('location') ?? '');
  return { authorizeUrl, cookie: cookieOf(res) };
}

/** The provider's authorize endpoint: the user "consents" and is sent back with code and state. */
async function authorize(authorizeUrl: URL): Promise<URL> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

/** Our callback, reached at the real port; returns where it redirects the browser. */
async function callback(returnUrl: URL, cookie: string | null, app: TestServer = server): Promise<URL> {
  const res = await fetch(`${app.url}${returnUrl.pathname}${returnUrl.search}`, {
    redirect: 'manual',
    headers: cookie ? { cookie } : {},
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '', 'http://app.invalid');
}

/** The whole sign-in; returns the token handed to /auth/success. */
async function signInWithProvider(user: ProviderUser): Promise<string> {
  const { authorizeUrl, cookie } = await start();
  nextIdToken(user);
  const landing = await callback(await authorize(authorizeUrl), cookie);
  expect(landing.pathname, `redirected to ${landing.href}`).toBe('/auth/success');
  const token = landing.searchParams.get('token');
  expect(token).toBeTruthy();
  return token ?? '';
}

async function me(token: string, app: TestServer = server): Promise<{ status: number; user?: PublicUser }> {
  const res = await fetch(`${app.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as Partial<MeResponse>;
  return { status: res.status, user: body.user };
}

async function signup(email: string): Promise<AuthResponse> {
  const res = await fetch(`${server.url}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Password Person', email, password: 'password 1234' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as AuthResponse;
}

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  // The mock names itself http://localhost:<port>; name it by the address it listens on.
  issuer = `http://127.0.0.1:${provider.address().port}`;
  provider.issuer.url = issuer;
  server = await startTestServer({
    env: { OIDC_ISSUER: issuer, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET },
  });
});
afterAll(async () => {
  await server?.close();
  await provider?.stop();
});
afterEach(() => {
  provider.service.removeAllListeners();
});

describe('Google sign-in (OpenID Connect)', () => {
  it('says it is available', async () => {
    const res = await fetch(`${server.url}/api/auth/providers`);
    expect(await res.json()).toEqual({ google: true });
  });

  it('sends the browser to the provider with PKCE (S256), state, nonce and our callback', async () => {
    const { authorizeUrl } = await start();
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${issuer}/authorize`);
    const params = authorizeUrl.searchParams;
    expect(params.get('client_id')).toBe(CLIENT_ID);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('redirect_uri')).toBe('http://localhost:3000/auth/google/callback');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
  });

  it("drops the control and format characters of the provider's name, keeping its emoji", async () => {
    const token = await signInWithProvider({ sub: freshSubject(), email: 'rtl.name@example.com', email_verified: true, name: '\u202EMal\u200Blory 👩\u200D💻\u2066' });
    expect((await me(token)).user?.name).toBe('Mallory 👩\u200D💻');
  });

  it('creates an account on a first sign-in and finds the same one the next time', async () => {
    const sub = freshSubject();
    const token = await signInWithProvider({ sub, email: 'New.Person@Example.com', email_verified: true, name: 'New Person' });
    const first = await me(token);
    expect(first.status).toBe(200);
    expect(first.user).toEqual({
      _id: expect.any(String),
      name: 'New Person',
      email: 'new.person@example.com',
      rating: 1500,
      rd: 350,
      isGuest: false,
      // Signed in with Google: no password to change.
      hasPassword: false,
    });

    const again = await me(await signInWithProvider({ sub, email: 'new.person@example.com', email_verified: true }));
    expect(again.user?._id).toBe(first.user?._id);
  });

  it('links a first sign-in to the password account with the same email when the provider verified it', async () => {
    const account = await signup('linked@example.com');
    const token = await signInWithProvider({
      sub: freshSubject(),
      email: 'Linked@Example.com',
      email_verified: true,
      name: 'Linked Person',
    });
    const linked = await me(token);
    expect(linked.user?._id).toBe(account.user._id);
    expect(linked.user?.name).toBe('Password Person');
    // Sessions opened before the owner proved the address are ended; the password still works.
    expect((await me(account.token)).status).toBe(401);
    const login = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'linked@example.com', password: 'password 1234' }),
    });
    expect(login.status).toBe(200);
  });

  it('does not link when the provider has not verified the email: a separate account, without that email', async () => {
    const account = await signup('victim@example.com');
    const token = await signInWithProvider({
      sub: freshSubject(),
      email: 'victim@example.com',
      email_verified: false,
      name: 'Not The Victim',
    });
    const other = await me(token);
    expect(other.status).toBe(200);
    expect(other.user?._id).not.toBe(account.user._id);
    expect(other.user).toMatchObject({ name: 'Not The Victim', email: null, isGuest: false });
    expect((await me(account.token)).user?._id).toBe(account.user._id);
  });

  it('gives a second provider identity with an already linked email its own account', async () => {
    const account = await signup('twice@example.com');
    const first = await me(await signInWithProvider({ sub: freshSubject(), email: 'twice@example.com', email_verified: true }));
    expect(first.user?._id).toBe(account.user._id);
    const second = await me(await signInWithProvider({ sub: freshSubject(), email: 'twice@example.com', email_verified: true }));
    expect(second.user?._id).not.toBe(account.user._id);
    expect(second.user?.email).toBeNull();
  });

  it('reads the email from userinfo when the ID token has none', async () => {
    const sub = freshSubject();
    provider.service.once('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
      response.body = { sub, email: 'from-userinfo@example.com', email_verified: true, name: 'Info Person' };
    });
    const user = (await me(await signInWithProvider({ sub }))).user;
    expect(user).toMatchObject({ email: 'from-userinfo@example.com', name: 'Info Person' });
  });

  it('refuses a callback whose state does not match the one it sent', async () => {
    const { authorizeUrl, cookie } = await start();
    nextIdToken({ sub: freshSubject(), email: 'state@example.com', email_verified: true });
    const returnUrl = await authorize(authorizeUrl);
    returnUrl.searchParams.set('state', 'forged-state');
    const landing = await callback(returnUrl, cookie);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('Google sign-in failed. Please try again.');
    expect(landing.searchParams.has('token')).toBe(false);
  });

  it('refuses a callback without the login state cookie (started in another browser)', async () => {
    const { authorizeUrl } = await start();
    const landing = await callback(await authorize(authorizeUrl), null);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe(
      'Google sign-in expired or was started in another browser. Please try again.',
    );
  });

  it('refuses a tampered login state cookie', async () => {
    const { authorizeUrl, cookie } = await start();
    const tampered = `${cookie.slice(0, -4)}AAAA`;
    const landing = await callback(await authorize(authorizeUrl), tampered);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.has('error')).toBe(true);
  });

  it('refuses an ID token whose nonce is not the one it sent', async () => {
    const { authorizeUrl, cookie } = await start();
    nextIdToken({ sub: freshSubject(), email: 'nonce@example.com', email_verified: true, nonce: 'replayed-nonce' });
    const landing = await callback(await authorize(authorizeUrl), cookie);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('Google sign-in failed. Please try again.');
  });

  it('sends the user back to /login when they cancel at the provider', async () => {
    const { cookie } = await start();
    const landing = await callback(new URL('http://localhost:3000/auth/google/callback?error=access_denied&state=x'), cookie);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('Google sign-in was cancelled');
  });
});

describe('Google sign-in when not configured', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer();
  });
  afterAll(() => bare?.close());

  it('answers /auth/google with 503 and a JSON error, and says so in /api/auth/providers', async () => {
    const res = await fetch(`${bare.url}/auth/google`, { redirect: 'manual' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Google sign-in is not configured on this server', code: 'UNAVAILABLE' });
    const providers = await fetch(`${bare.url}/api/auth/providers`);
    expect(await providers.json()).toEqual({ google: false });
  });
});

describe('Google sign-in discovery', () => {
  it('starts with the provider down, then discovers it on first use once it is up', async () => {
    const late = new OAuth2Server();
    await late.issuer.keys.generate('RS256');
    await late.start(0, '127.0.0.1');
    const { port } = late.address();
    await late.stop();

    const app = await startTestServer({
      env: { OIDC_ISSUER: `http://127.0.0.1:${port}`, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET },
    });
    try {
      const down = await fetch(`${app.url}/auth/google`, { redirect: 'manual' });
      expect(down.status).toBe(302);
      const to = new URL(down.headers.get('location') ?? '', 'http://app.invalid');
      expect(to.pathname).toBe('/login');
      expect(to.searchParams.get('error')).toBe('Google sign-in is unavailable right now. Please try again later.');

      await late.start(port, '127.0.0.1');
      late.issuer.url = `http://127.0.0.1:${port}`;
      const up = await fetch(`${app.url}/auth/google`, { redirect: 'manual' });
      expect(up.status).toBe(302);
      expect(up.headers.get('location')).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/authorize\\?`));
    } finally {
      await app.close();
      await late.stop();
    }
  });
});

describe('Google sign-in for a web app served from another host (WEB_URL)', () => {
  let web: TestServer;
  beforeAll(async () => {
    web = await startTestServer({
      env: { OIDC_ISSUER: issuer, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, WEB_URL: 'https://play.example.com/' },
    });
  });
  afterAll(() => web?.close());

  it("ends on that host's /auth/success with a working token, and failures on its /login", async () => {
    const { authorizeUrl, cookie } = await start(web);
    nextIdToken({ sub: freshSubject(), email: 'elsewhere@example.com', email_verified: true, name: 'Elsewhere' });
    const landing = await callback(await authorize(authorizeUrl), cookie, web);
    expect(landing.origin + landing.pathname).toBe('https://play.example.com/auth/success');
    const signedIn = await me(landing.searchParams.get('token') ?? '', web);
    expect(signedIn.status).toBe(200);
    expect(signedIn.user?.email).toBe('elsewhere@example.com');

    const again = await start(web);
    const failed = await callback(await authorize(again.authorizeUrl), null, web);
    expect(failed.origin + failed.pathname).toBe('https://play.example.com/login');
    expect(failed.searchParams.get('error')).toBe('Google sign-in expired or was started in another browser. Please try again.');
  });
});
