/**
 * Security headers on every response, computed once at start-up by helmet itself from our options.
 * @fastify/helmet 13 calls `helmet(options)` on every request, re-parsing the Content-Security-Policy
 * each time, a large share of the CPU cost of a small JSON response (bench/leaderboard). Here
 * helmet runs once against a recording response, and one synchronous onRequest hook adds the
 * captured headers. Global only: no per-route options and no CSP nonces, which the app does not use.
 */
import type { FastifyPluginAsync } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Our helmet options: a Content-Security-Policy with script-src 'self', object-src and base-uri
 * 'none', frame-ancestors 'none'; nosniff; Referrer-Policy no-referrer (the Google sign-in return
 * carries a token in its URL); HSTS only when served over https.
 */
export function securityHeaderOptions(options: { https: boolean }): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    hsts: options.https,
  };
}

/** The response headers `helmet(options)` sets, lower-cased names. */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error as Error;
  });
  return headers;
}

/** Fastify plugin adding `securityHeaders(options)` to every response, registered on the parent instance. */
export const securityHeadersPlugin: FastifyPluginAsync<HelmetOptions> = async (app, options) => {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
};
// What fastify-plugin does: register the hook on the parent instance so it covers every route.
(securityHeadersPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

