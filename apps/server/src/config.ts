/**
 * Server configuration, read only from environment variables and checked at start-up: every missing
 * or invalid variable is listed at once (bulletproof-react `config/env.ts` style). Each variable and
 * its default is documented in docs/configuration.md.
 */
import { z } from 'zod';
import { contestCronProblem } from './platform/contest-cron.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * A rate-limit window in ms (platform/rate-limiters.ts): a whole number of seconds, since Redis keeps
 * a window as a TTL in seconds, and at most 30 days.
 */
const windowMs = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1000, 'must be at least 1000 (1 s)')
    .max(30 * 24 * 60 * 60_000)
    .multipleOf(1000, 'must be a whole number of seconds (a multiple of 1000 ms)')
    .default(fallback);

/** A browser origin as a browser sends it: http(s)://host[:port], no path, query or trailing slash. */
const originSchema = z.string().refine((v) => {
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === v;
  } catch {
    return false;
  }
}, 'CORS_ORIGINS entries must be origins such as https://play.example.com (scheme, host and port only)');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** TCP port of the HTTP + Socket.IO server. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Folder of the embedded database and the generated JWT secret. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; unset means embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** HMAC secret for session tokens (≥ 32 chars); unset means generated once and kept in DATA_DIR. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /**
   * How long (ms) a process keeps a user's session row (token version, name) after reading it, so
   * a burst of requests does not read users once per request. A password change is seen at once by
   * the process that made it and within this time by other processes. 0 reads on every request.
   */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  SESSION_FEED_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** Session token lifetime in seconds (default 30 days). */
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(30 * 24 * 3600),
  /** Public origin of the app, used for the OpenID Connect redirect URI. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Glicko-2 system constant τ (Glickman suggests 0.3–1.2). */
  GLICKO_TAU: z.coerce.number().positive().max(2).default(0.5),
  /** Starting volatility σ of a new player (Glickman's example uses 0.06). */
  GLICKO_VOLATILITY: z.coerce.number().positive().max(1).default(0.06),
  // Fair play (issue #47 "Bots"): the pace rule of packages/shared/src/domain/fair-play/pace.ts,
  // whose header gives the sources of these defaults (Zetamac's best players, human reaction time).
  /** Floor in ms between answers at difficulty 1: a result whose median answer is quicker than its
   * floors is flagged (no rating, no badge, no record). With PACE_FLOOR_STEP_MS also 0 the check is off. */
  PACE_EASY_FLOOR_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** Ms added to the floor for each difficulty level above 1 (700 ms at level 10 by default). */
  PACE_FLOOR_STEP_MS: z.coerce.number().int().min(0).max(60_000).default(50),
  /** Fewer answers than this are never flagged: too few to judge a pace. */
  PACE_MIN_ANSWERS: z.coerce.number().int().min(1).max(1000).default(5),
  /** Socket events allowed per connection per window (lila-ws allows 100 per 20 s). */
  SOCKET_RATE_LIMIT_EVENTS: z.coerce.number().int().positive().default(100),
  SOCKET_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(20_000),
  /**
   * Flood back-off (platform/flood-backoff.ts, issue #46): a socket cut for flooding (3 × the event
   * limit in one window) has its address and user refused new connections for SOCKET_FLOOD_BACKOFF_MS,
   * doubling with each further cut up to SOCKET_FLOOD_BACKOFF_MAX_MS; cuts are forgotten after
   * SOCKET_FLOOD_QUIET_MS without one, counted from the end of the last back-off. Whole seconds, in
   * ms (the Redis store keeps seconds). 5 s lets a real player who tripped the limit back quickly;
   * 5 min is 300 events per 5 min for a flooder that never stops.
   */
  SOCKET_FLOOD_BACKOFF_MS: windowMs(5_000),
  SOCKET_FLOOD_BACKOFF_MAX_MS: windowMs(300_000),
  SOCKET_FLOOD_QUIET_MS: windowMs(600_000),
  /**
   * Failed logins allowed for one email from one IP per LOGIN_RATE_LIMIT_WINDOW_MS before that IP
   * gets 429 for that email (OWASP Authentication cheat sheet, "Login Throttling"); a successful
   * login clears them. The email's owner, from an IP that has not failed, still signs in. Also the
   * wrong current passwords allowed per account for POST /api/password.
   */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_LIMIT_WINDOW_MS: windowMs(15 * 60_000),
  /**
   * Failed logins allowed from one IP, whatever the emails, per LOGIN_IP_RATE_LIMIT_WINDOW_MS
   * (rate-limiter-flexible's login protection example: 100 a day): stops one address trying many
   * accounts (credential stuffing) while a classroom behind one NAT makes its typos.
   */
  LOGIN_IP_RATE_LIMIT: z.coerce.number().int().positive().default(100),
  LOGIN_IP_RATE_LIMIT_WINDOW_MS: windowMs(24 * 60 * 60_000),
  /**
   * Failed logins allowed for one email from all IPs together per LOGIN_EMAIL_RATE_LIMIT_WINDOW_MS:
   * the ceiling against a distributed attack on one account (many IPs, each under its own limits),
   * ten times LOGIN_RATE_LIMIT so that it takes many addresses to reach, and refuses even the
   * owner once reached (OWASP: lock-outs are a denial of service, so keep them rare and short).
   */
  LOGIN_EMAIL_RATE_LIMIT: z.coerce.number().int().positive().default(100),
  LOGIN_EMAIL_RATE_LIMIT_WINDOW_MS: windowMs(60 * 60_000),
  /** Accounts created per IP per window (sign-ups and guests counted apart; a sign-up that is
   * refused, such as 409 email taken, does not count): 20 per hour lets a classroom behind one NAT
   * sign up and stops scripted floods. */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  SIGNUP_RATE_LIMIT_WINDOW_MS: windowMs(60 * 60_000),
  /** Proxy hops to trust for the client IP (X-Forwarded-For): 0 when clients connect directly,
   * 1 behind one reverse proxy such as the provided nginx. Per-IP rate limits depend on it. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),

  // Connection limits (issue #46 "Connection exhaustion"): platform/connection-limits.ts.
  /**
   * Connections one client IP may hold at once, counted twice: TCP connections to this process
   * (HTTP keep-alive, WebSocket, long-polling; only when TRUST_PROXY_HOPS is 0, since behind a proxy
   * every TCP peer is the proxy and nginx's limit_conn caps each client), and Socket.IO sessions
   * (either transport) keyed on the client IP that TRUST_PROXY_HOPS gives. Beyond it a new TCP
   * connection is closed at once and a new Socket.IO session is answered 403. 200 lets a school
   * class behind one NAT address play (a player holds one socket and a few HTTP connections).
   */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /**
   * Time (ms) a connection has to send the complete headers of a request, from its first byte or,
   * for a new connection, from the TCP connect: a socket that connects and never sends a byte is
   * closed after it too (Node's server.headersTimeout, checked every second). 10 s is ample for a
   * phone on a slow network and ends slow-header floods.
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /** Time (ms) a client has to send a whole request, body included (Node's server.requestTimeout):
   * bodies are at most 64 KB. Not the time to answer: a long-polling GET waits for its reply apart. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * How long (ms) an idle HTTP keep-alive connection stays open after its last response (Node's
   * server.keepAliveTimeout; Node adds 1 s). 5 s covers a page's burst of API calls; behind nginx its
   * upstream keepalive_timeout must stay below it (deploy/nginx.conf uses 4 s).
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /**
   * How long (ms) a Socket.IO connection without a valid session token stays connected (it can only
   * receive the broadcasts, such as leaderboardUpdate, and join no room). The web app connects only
   * signed in (guests hold a guest token), so only foreign clients and stale tokens meet it. 0 keeps
   * such connections, bounded by MAX_CONNECTIONS_PER_IP only.
   */
  UNAUTHENTICATED_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** Weekly contest schedule: a 5-field cron expression read in CONTEST_TIMEZONE (issue #3; spec §1 Friday 15:30). */
  CONTEST_CRON: z
    .string()
    .trim()
    .min(1)
    .default('30 15 * * 5')
    .superRefine((expression, ctx) => {
      const problem = contestCronProblem(expression);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** IANA time zone of CONTEST_CRON, e.g. Europe/Berlin. */
  CONTEST_TIMEZONE: z
    .string()
    .trim()
    .default('UTC')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'CONTEST_TIMEZONE must be an IANA time zone such as UTC or Europe/Berlin'),
  /** Length of a scheduled contest in minutes (spec §9: 10). */
  CONTEST_DURATION_MINUTES: z.coerce.number().int().min(1).max(240).default(10),
  /** Questions in a scheduled contest (spec §9: 20). */
  CONTEST_QUESTION_COUNT: z.coerce.number().int().min(1).max(100).default(20),
  /**
   * Real-time period of the contest scheduler's pass in ms (issue #3 "Schedule and lifecycle"): it
   * reads the clock, makes the next scheduled contest and claims due transitions. 250 ms puts a
   * contest live, closed and finalized within a quarter of a second of its times. 0 turns the loop
   * off (tests then run passes with `services.contests.tick()`); the start-up pass always runs.
   */
  CONTEST_SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /**
   * With REDIS_URL, real-time period in ms of a process's Math Challenge catch-up (clock-following.ts
   * `catchUp`): the rooms it has sockets of but keeps no clock for are read again, and a running one
   * is followed, so a game start this process missed (Redis pub/sub delivers nothing to a
   * subscriber while it is disconnected) reaches its players within this time; passes within 10 s
   * of the Redis connection's return also re-read the rooms whose clock it follows (a missed end
   * or rematch start). 0 turns it off (tests then call `catchUp()`).
   */
  DUEL_CATCH_UP_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /**
   * Daily discussion comments a user may post per DAILY_COMMENT_RATE_LIMIT_WINDOW_MS (issue #4:
   * "Posting is rate limited per user"): 5 a minute keeps a live conversation going and stops a
   * flood; beyond it POST /api/daily/comment answers 429.
   */
  DAILY_COMMENT_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  DAILY_COMMENT_RATE_LIMIT_WINDOW_MS: windowMs(60_000),
  /**
   * How long (ms) a process reuses a daily ranking page or the season top 10 it read. Its own
   * submissions clear them at once; another process's show within this time. 0 reads every time.
   */
  DAILY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /**
   * How often (ms) the in-memory rank index of the current season (daily/season-ranks.ts) reads
   * the totals updated since its last read. Its own submissions update it at once, so this only
   * brings in other processes' submissions, within this time.
   */
  DAILY_SEASON_RANKS_REFRESH_MS: z.coerce.number().int().min(100).max(3_600_000).default(2_000),
  /** Removed (issue #46): read only to say at start-up that it is ignored (IGNORED_VARIABLES). */
  ADMIN_EMAILS: z.string().optional(),
  /**
   * Origins (scheme://host[:port], comma-separated) of web clients served from other hosts that may
   * call the HTTP API and the socket from a browser (CORS, with credentials), e.g. a client written
   * to spec §7 against "the provider's API base". Empty (the default): none, which the web app this
   * server serves does not need. WEB_URL's origin is always allowed.
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((e) => e.trim()).filter(Boolean))
    .pipe(z.array(originSchema)),
  /**
   * Where the web app lives when another host serves it (an absolute URL): Google sign-in then ends
   * at WEB_URL/auth/success?token=… and its failures at WEB_URL/login?error=…. Unset: this server's
   * own pages.
   */
  WEB_URL: z.string().url().refine((u) => /^https?:\/\//.test(u), 'WEB_URL must start with http:// or https://').optional(),
  /** Serve the built web app (apps/web/dist) with an SPA fallback; default on in production. */
  SERVE_WEB: bool.optional(),
  /** Folder of the built web app. */
  WEB_DIST: z.string().optional(),

  // Operations (issue #5): health, readiness, metrics.
  /**
   * Redis connection string (redis:// or rediss://, optional user:password, /db). Unset: one process
   * with everything in memory. Set, it carries Socket.IO between processes (Redis Streams adapter),
   * the live duel rooms and single-player sessions, and the room-clock leases (docs/scale-out.md), and GET /readyz also needs Redis to answer PING.
   */
  REDIS_URL: z
    .string()
    .url()
    .refine((u) => /^rediss?:\/\//.test(u), 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  /**
   * Bearer token Prometheus must send for GET /metrics. Unset (the default): /metrics is open, which
   * suits a scraper on a private network; set it whenever the port is reachable from the internet
   * (the metrics reveal traffic and player counts, not data).
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Prefix of every Redis key and stream this server uses, so several deployments or test runs can
   * share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('mathsprint:'),
}).superRefine((env, ctx) => {
  // Node refuses a headers deadline later than the whole request's (http.createServer).
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['HTTP_HEADERS_TIMEOUT_MS'],
      message: `HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS (${env.HTTP_REQUEST_TIMEOUT_MS})`,
    });
  }
});

export type Config = z.infer<typeof envSchema> & { SERVE_WEB: boolean };

/** The browser origins allowed to call this server cross-origin: CORS_ORIGINS and WEB_URL's origin,
 * each once; empty when neither is set. */
export function corsOrigins(config: Pick<Config, 'CORS_ORIGINS' | 'WEB_URL'>): string[] {
  const origins = new Set(config.CORS_ORIGINS);
  if (config.WEB_URL) origins.add(new URL(config.WEB_URL).origin);
  return [...origins];
}

/**
 * Variables that no longer do anything, each with why, for the one warning a server started with
 * one set logs (main.ts), so that an operator who still sets it learns what replaced it.
 */
export const IGNORED_VARIABLES = {
  ADMIN_EMAILS:
    'ADMIN_EMAILS is ignored: operators are granted with `npm run admin -- grant EMAIL` (and revoked with `npm run admin -- revoke EMAIL`). ' +
    'Sign-up verifies no email, so a listed address made whoever signed up with it first an operator',
} as const satisfies Partial<Record<keyof z.infer<typeof envSchema>, string>>;

/** The IGNORED_VARIABLES warnings that apply to `config`: one per ignored variable it sets. */
export function ignoredVariableWarnings(config: Config): Array<{ variable: string; message: string }> {
  return Object.entries(IGNORED_VARIABLES)
    .filter(([variable]) => config[variable as keyof typeof IGNORED_VARIABLES] !== undefined)
    .map(([variable, message]) => ({ variable, message }));
}

/** Parses `env` (default process.env). Throws an Error listing every invalid variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema
    .refine((c) => c.SOCKET_FLOOD_BACKOFF_MAX_MS >= c.SOCKET_FLOOD_BACKOFF_MS, {
      path: ['SOCKET_FLOOD_BACKOFF_MAX_MS'],
      message: 'must be at least SOCKET_FLOOD_BACKOFF_MS',
    })
    .safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, SERVE_WEB: parsed.data.SERVE_WEB ?? parsed.data.NODE_ENV === 'production' };
}
