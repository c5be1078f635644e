/**
 * Google sign-in (spec §7 "GET /auth/google"; issue #2): OpenID Connect authorization code flow with
 * PKCE (S256), state and nonce, through openid-client. Works with any OIDC provider at
 * config.OIDC_ISSUER (Google's by default; oauth2-mock-server in tests).
 *
 * | Method | Path                   | Answer                                                          |
 * |--------|------------------------|-----------------------------------------------------------------|
 * | GET    | /auth/google           | 302 to the provider; 503 {error, code} when not configured      |
 * | GET    | /auth/google/callback  | 302 /auth/success?token=<jwt>, or 302 /login?error=<message>    |
 * |        |                        | (under WEB_URL when another host serves the web app)            |
 * | GET    | /api/auth/providers    | 200 {google: boolean}                                           |
 *
 * The verifier, state and nonce travel in a sealed, httpOnly, 10-minute cookie scoped to
 * /auth/google (login-state.ts says why that beats a server-side map, including for scale-out).
 */
import { ErrorCode } from '@mathsprint/shared/protocol';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { AuthProvidersResponse } from '@mathsprint/shared/protocol';
import type { Config } from '../config.js';
import type { AccountsService, OidcIdentity } from './accounts.service.js';
import { AppError } from '../platform/app-error.js';

export interface OidcRoutesOptions {
  accounts: AccountsService;
  config: Pick<Config, 'OIDC_ISSUER' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'PUBLIC_URL' | 'WEB_URL'>;
}

export const OIDC_MESSAGES = {
  notConfigured: 'Google sign-in is not configured on this server',
  unavailable: 'Google sign-in is unavailable right now. Please try again later.',
  cancelled: 'Google sign-in was cancelled',
  expired: 'Google sign-in expired or was started in another browser. Please try again.',
  failed: 'Google sign-in failed. Please try again.',
} as const;

const COOKIE_NAME = 'ms_oidc';
const COOKIE_PATH = '/auth/google';
/** How long a user may spend on the provider's pages before the callback is refused. */
const LOGIN_STATE_TTL_SECONDS = 10 * 60;
/** Discovery and token calls give up after this many seconds (openid-client's default is 30). */
const PROVIDER_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

export const oidcRoutes: FastifyPluginAsync<OidcRoutesOptions> = async (app, { accounts, config }) => {
  const clientId = config.GOOGLE_CLIENT_ID;
  const clientSecret = config.GOOGLE_CLIENT_SECRET;
  const configured = Boolean(clientId && clientSecret);
  const redirectUri = `${config.PUBLIC_URL.replace(/\/+$/, '')}/auth/google/callback`;
  const secureCookie = config.PUBLIC_URL.startsWith('https:');
  const log = app.log;

  // Discovery runs on first use, never at start-up (the server must start with the provider down),
  // and a failed attempt is forgotten so the next sign-in retries it.
  let discovered: Promise<client.Configuration> | null = null;
  const providerConfiguration = (): Promise<client.Configuration> => {
    if (!clientId || !clientSecret) return Promise.reject(new Error('OIDC client is not configured'));
    discovered ??= client
      .discovery(new URL(config.OIDC_ISSUER), clientId, clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // openid-client refuses plain http; a provider on this machine (tests, local mocks) may use it.
        ...(isLoopbackHttp(config.OIDC_ISSUER) ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  app.get('/api/auth/providers', async (): Promise<AuthProvidersResponse> => ({ google: configured }));

  app.get('/auth/google', async (_request, reply) => {
    if (!configured) throw new AppError(ErrorCode.UNAVAILABLE, OIDC_MESSAGES.notConfigured);
    let provider: client.Configuration;
    try {
      provider = await providerConfiguration();
    } catch (error) {
      log.error({ err: error, issuer: config.OIDC_ISSUER }, 'OIDC discovery failed');
      return toLogin(reply, config, OIDC_MESSAGES.unavailable);
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(provider, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const sealed = await accounts.sealLoginState({ codeVerifier, state, nonce }, LOGIN_STATE_TTL_SECONDS);
    setLoginCookie(reply, sealed, LOGIN_STATE_TTL_SECONDS, secureCookie);
    return reply.header('cache-control', 'no-store').redirect(url.href, 302);
  });

  app.get('/auth/google/callback', async (request, reply) => {
    // The cookie is single-use whatever happens next.
    setLoginCookie(reply, '', 0, secureCookie);
    reply.header('cache-control', 'no-store');
    if (!configured) return toLogin(reply, config, OIDC_MESSAGES.notConfigured);

    const query = request.query as Record<string, unknown>;
    if (typeof query.error === 'string') {
      log.info({ error: query.error }, 'provider returned an error to the callback');
      return toLogin(reply, config, query.error === 'access_denied' ? OIDC_MESSAGES.cancelled : OIDC_MESSAGES.failed);
    }
    const cookie = readCookie(request, COOKIE_NAME);
    const loginState = cookie ? await accounts.openLoginState(cookie) : null;
    if (!loginState) return toLogin(reply, config, OIDC_MESSAGES.expired);

    let identity: OidcIdentity;
    try {
      const provider = await providerConfiguration();
      const currentUrl = new URL(redirectUri);
      const queryStart = request.url.indexOf('?');
      currentUrl.search = queryStart >= 0 ? request.url.slice(queryStart) : '';
      const tokens = await client.authorizationCodeGrant(provider, currentUrl, {
        pkceCodeVerifier: loginState.codeVerifier,
        expectedState: loginState.state,
        expectedNonce: loginState.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('token response has no ID token');
      identity = {
        // openid-client has checked that claims.iss is the discovered issuer; key accounts by the
        // latter so the key never depends on how one token spells it.
        issuer: provider.serverMetadata().issuer,
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        emailVerified: isTrue(claims.email_verified),
        name: typeof claims.name === 'string' ? claims.name : null,
      };
      // Google puts email in the ID token for the `email` scope; other providers may keep it for
      // userinfo. The subject check there stops a userinfo answer about someone else.
      if (!identity.email && provider.serverMetadata().userinfo_endpoint) {
        const info = await client.fetchUserInfo(provider, tokens.access_token, claims.sub);
        identity.email = typeof info.email === 'string' ? info.email : null;
        identity.emailVerified = isTrue(info.email_verified);
        identity.name ??= typeof info.name === 'string' ? info.name : null;
      }
    } catch (error) {
      log.warn({ err: error }, 'OIDC callback refused');
      return toLogin(reply, config, OIDC_MESSAGES.failed);
    }

    let token: string;
    try {
      ({ token } = await accounts.findOrCreateOidcUser(identity));
    } catch (error) {
      log.error({ err: error, issuer: identity.issuer }, 'OIDC sign-in could not store the account');
      return toLogin(reply, config, OIDC_MESSAGES.failed);
    }
    // Spec §2 "Auth success": the web app reads the token from the query string.
    return reply.redirect(`${webBase(config)}/auth/success?token=${encodeURIComponent(token)}`, 302);
  });
};

/** Failures end on the login screen, which shows `error` (the flow is a full-page navigation). */
function toLogin(reply: FastifyReply, config: Pick<Config, 'WEB_URL'>, message: string): FastifyReply {
  return reply.redirect(`${webBase(config)}/login?error=${encodeURIComponent(message)}`, 302);
}

/** Where the web app's pages are: WEB_URL without its trailing slash when another host serves the
 * app, else '' (this server's own pages, by a relative redirect). */
function webBase(config: Pick<Config, 'WEB_URL'>): string {
  return config.WEB_URL ? config.WEB_URL.replace(/\/+$/, '') : '';
}

/**
 * SameSite=Lax: the provider's redirect back is a top-level cross-site GET, which Lax lets through,
 * while cross-site subrequests never carry it. Path-scoped so no other request sends it.
 */
function setLoginCookie(reply: FastifyReply, value: string, maxAgeSeconds: number, secure: boolean): void {
  const attributes = [`Path=${COOKIE_PATH}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  reply.header('set-cookie', `${COOKIE_NAME}=${value}; ${attributes.join('; ')}`);
}

function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** Some providers send email_verified as the string "true". */
function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

/** http:// is allowed only for a provider on this machine. */
function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}
