/**
 * Builds the whole server: Fastify (HTTP API + built web app) with Socket.IO on the same HTTP server.
 * Never listens, so tests and main.ts decide the port. Domains are wired here and meet only through
 * their services.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCors from '@fastify/cors';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { ErrorCode } from '@mathsprint/shared/protocol';
import { corsOrigins, type Config } from './config.js';
import { clientErrorReply, frameworkErrorReply, handleError, refuseUnstorableText, sendError } from './http/errors.js';
import { securityHeaderOptions, securityHeadersPlugin } from './http/security-headers.js';
import { registerSession } from './http/session.js';
import { registerWebDelivery } from './http/web-delivery.js';
import { createAccountDeletion, DELETED_PLAYER_NAME } from './accounts/account-deletion.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { createAccountsService, type AccountsService } from './accounts/accounts.service.js';
import { loadJwtSecret } from './accounts/jwt-secret.js';
import { createOperatorsService, type OperatorsService } from './accounts/operators.service.js';
import { adminRoutes } from './admin/admin.routes.js';
import { createFairPlayAdmin } from './admin/fair-play-commands.js';
import { oidcRoutes } from './accounts/oidc.routes.js';
import { contestRoutes } from './contest/contest.routes.js';
import { createContestService, type ContestService } from './contest/contest.service.js';
import { createDailyComments, type DailyComments } from './daily/daily-comments.js';
import { createDailyRepo } from './daily/daily.repo.js';
import { dailyRoutes } from './daily/daily.routes.js';
import { createDailyService, type DailyService } from './daily/daily.service.js';
import { registerDailySocketHandlers } from './daily/daily.socket.js';
import { duelRoutes } from './duel/duel.routes.js';
import { registerDuelHandlers } from './duel/duel.socket.js';
import { createLeaderboardService, publishLeaderboard, type LeaderboardService } from './leaderboard/leaderboard.service.js';
import { leaderboardRoutes } from './leaderboard/leaderboard.routes.js';
import { createOps, type Ops } from './ops/ops.js';
import type { BackupSource } from './ops/ops.routes.js';
import { systemTimer, type Clock, type MonotonicClock } from './platform/clock.js';
import type { Database } from './platform/db.js';
import { createFloodBackoff, floodBackoffSettings } from './platform/flood-backoff.js';
import { createFloodGate } from './platform/flood-gate.js';
import type { Logger } from './platform/logger.js';
import { createRateLimiterFactory } from './platform/rate-limiters.js';
import { openRedis, redisSocketAdapter, type RedisHandle } from './platform/redis.js';
import { capConnectionsPerAddress, httpServerOptions } from './platform/connection-limits.js';
import { createAccountBroadcast } from './platform/session-broadcast.js';
import { createSocketServer, type TypedServer } from './platform/socket.js';
import { limitSocketConnections } from './platform/socket-limits.js';
import { createRatingService, type RatingService } from './rating/rating.service.js';
import { createSoloService, type SoloService } from './solo/solo.service.js';
import { createRedisSoloStore } from './solo/redis-solo.store.js';
import { soloRoutes } from './solo/solo.routes.js';
import { paceThresholds } from './fair-play/fair-play.service.js';

export interface AppDeps {
  config: Config;
  db: Database;
  /** The time the rules use (platform/clock.ts): games, contests, dailies, tokens, stored timestamps. */
  clock: Clock;
  /**
   * Elapsed real time (platform/clock.ts): cache lifetimes, retry back-offs, timer pacing, logged
   * latencies; never the time of a game or contest. Default systemTimer.
   */
  timer?: MonotonicClock;
  logger: Logger;
  /** The embedded database's snapshot source for GET /admin/backup (main.ts, PGlite on disk only). */
  backup?: BackupSource;
  /**
   * The DATA_DIR lock's opsToken, which `npm run admin` presents to POST /admin/commands/:name over
   * loopback (main.ts, embedded database on disk only; without it that route answers 404).
   */
  opsToken?: string;
  /**
   * Whether other processes may change the database (default true). main.ts passes false for the
   * embedded database, which the DATA_DIR lock keeps to this one process: its session cache then
   * hears of every revocation directly and needs no change feed (no query a second).
   */
  databaseShared?: boolean;
}

export interface App {
  http: FastifyInstance;
  io: TypedServer;
  /** The shared Redis when REDIS_URL is set (rooms, sessions, leases, the Socket.IO adapter). */
  redis: RedisHandle | null;
  services: {
    accounts: AccountsService;
    contests: ContestService;
    /** Who may schedule contests; `npm run admin` changes it (admin/admin-commands.ts). */
    operators: OperatorsService;
    daily: DailyService;
    dailyComments: DailyComments;
    leaderboard: LeaderboardService;
    ratings: RatingService;
    solo: SoloService;
  };
  /** Readiness checks (domains may register theirs) and metrics. */
  ops: Pick<Ops, 'readiness' | 'metrics'>;
  /**
   * Stops the process's work in this order, idempotently (main.ts runs it on SIGTERM, then closes
   * the database): the domains' timers (duel clock: a shared room store releases this process's
   * room leases here), the sockets (their clients reconnect elsewhere), the HTTP server (no new
   * connections; in-flight requests finish), then the contest loop and pending rating writes.
   */
  close(): Promise<void>;
}

// Browser navigations under these prefixes are API calls, never pages. /contest/{id} is a page, so
// the contest API's fixed paths are matched by their routes before this fallback is reached.
const API_PREFIXES = ['/api/', '/auth/google', '/socket.io/', '/singleplayer/', '/admin/'];

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db, clock, logger } = deps;
  const timer = deps.timer ?? systemTimer;
  // Typed as Fastify's base logger so that the instance's type is the one its plugins take.
  const httpLogger: FastifyBaseLogger = logger.child({ domain: 'http' });
  const http = Fastify({
    loggerInstance: httpLogger,
    logController: new LogController({ disableRequestLogging: config.NODE_ENV !== 'development' }),
    // Only the configured number of proxy hops may set the client IP that per-IP limits key on.
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS,
    bodyLimit: 64 * 1024,
    // Deadlines that close connections sending no complete request (platform/connection-limits.ts).
    ...httpServerOptions(config),
    // Refusals made before any route runs answer { error, code } too (http/errors.ts).
    frameworkErrors: frameworkErrorReply,
    clientErrorHandler: clientErrorReply,
  });

  await http.register(
    securityHeadersPlugin,
    securityHeaderOptions({ https: config.NODE_ENV === 'production' && config.PUBLIC_URL.startsWith('https:') }),
  );
  // Browsers on the configured other origins (CORS_ORIGINS, WEB_URL) may call the API; the socket
  // gets the same list (platform/socket.ts). None by default: the web app is served from here.
  const allowedOrigins = corsOrigins(config);
  if (allowedOrigins.length > 0) {
    await http.register(fastifyCors, {
      origin: allowedOrigins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      maxAge: 600,
    });
  }

  http.setErrorHandler(handleError);
  http.addHook('preValidation', refuseUnstorableText);

  const redis = config.REDIS_URL
    ? await openRedis(config.REDIS_URL, { prefix: config.REDIS_KEY_PREFIX, logger: logger.child({ domain: 'redis' }) })
    : null;
  // Abuse limits count in Redis when there is one, so that several processes allow what one does.
  const rateLimiters = createRateLimiterFactory(redis);

  const secret = loadJwtSecret(config);
  const accounts = createAccountsService({
    db,
    config,
    clock,
    logger: logger.child({ domain: 'accounts' }),
    secret,
    rateLimiters,
    sessionFeed: deps.databaseShared ?? true,
  });
  registerSession(http, accounts);
  const socketLogger = logger.child({ domain: 'socket' });
  const floodBackoff = createFloodBackoff({ settings: floodBackoffSettings(config), redis, logger: socketLogger });
  const { io, notifier, recheckSessions } = createSocketServer(http.server, {
    config,
    logger: socketLogger,
    verifyToken: (token) => accounts.verifyToken(token),
    floodGate: createFloodGate(floodBackoff, config.TRUST_PROXY_HOPS),
    adapter: redis ? redisSocketAdapter(redis) : undefined,
  });
  limitSocketConnections(io, { config, logger: socketLogger });
  // Behind a proxy every TCP peer is the proxy: nginx's limit_conn caps each client there.
  if (config.TRUST_PROXY_HOPS === 0) {
    capConnectionsPerAddress(http.server, { max: config.MAX_CONNECTIONS_PER_IP, logger: logger.child({ domain: 'http' }) });
  }
  // A revoked session loses its open connections too, not only its next requests.
  accounts.onSessionsChanged(recheckSessions);
  const ops = createOps({
    config,
    db,
    redis,
    backup: deps.backup,
    sources: { sockets: () => io.of('/').sockets.size, liveRooms: () => duel.store.size() },
  });

  const leaderboardLogger = logger.child({ domain: 'leaderboard' });
  const leaderboard = createLeaderboardService({ db, logger: leaderboardLogger, timer });
  await leaderboard.refresh();
  // A new player finds themselves on the board at once (it lists everyone while it has room).
  accounts.onAccountCreated(() => publishLeaderboard(leaderboard, notifier, leaderboardLogger, 'sign-up'));
  const ratings = createRatingService({
    db,
    config,
    logger: logger.child({ domain: 'rating' }),
    notifier,
    leaderboard,
    timer,
  });
  const solo = createSoloService({
    db,
    clock,
    logger: logger.child({ domain: 'solo' }),
    store: redis ? createRedisSoloStore(redis) : undefined,
    pace: paceThresholds(config),
  });
  const duel = registerDuelHandlers(io, {
    clock,
    config,
    logger: logger.child({ domain: 'duel' }),
    ratings,
    redis,
    observeAnswerAck: ops.metrics.observeAnswerAck,
  });
  const contestLogger = logger.child({ domain: 'contest' });
  const operators = createOperatorsService(db);
  const contests = createContestService({
    db,
    config,
    clock,
    timer,
    logger: contestLogger,
    notifier,
    leaderboard,
    sessions: accounts,
    operators,
  });
  // The start-up pass makes the next scheduled contest and finishes any transition a stop left
  // undone (a restart after close finalizes here). A failure is logged and retried by the loop.
  await contests.tick().catch((error: unknown) => contestLogger.error({ err: error }, 'start-up contest pass failed'));

  const dailyLogger = logger.child({ domain: 'daily' });
  const dailyRepo = createDailyRepo(db);
  const daily = createDailyService({ db, config, clock, timer, logger: dailyLogger, notifier, repo: dailyRepo });
  const dailyComments = createDailyComments({
    repo: dailyRepo,
    clock,
    notifier,
    rateLimit: { max: config.DAILY_COMMENT_RATE_LIMIT, windowMs: config.DAILY_COMMENT_RATE_LIMIT_WINDOW_MS },
    rateLimiters,
  });
  registerDailySocketHandlers(io, { clock, logger: dailyLogger, comments: dailyComments });

  // Account deletion (issue #46): the accounts domain erases; the others are told here.
  const deletion = createAccountDeletion({
    db,
    config,
    logger: logger.child({ domain: 'accounts' }),
    rateLimiters,
    sessionsRevoked: (ids) => accounts.sessionsRevoked(ids),
  });
  // The player's room membership ends as leaveRoom would end it (refused while their game runs).
  deletion.beforeErase((userId) => duel.leaveForGood(userId, DELETED_PLAYER_NAME));
  /** Boards cached with names in them are read again, now showing 'Deleted player'. */
  const forgetNames = () => {
    contests.namesChanged();
    daily.namesChanged();
  };
  const accountBroadcast = createAccountBroadcast(io, {
    clustered: redis !== null,
    logger: logger.child({ domain: 'accounts' }),
    async onRemote(userIds) {
      accounts.sessionsRevoked(userIds);
      forgetNames();
      await leaderboard.refresh();
    },
  });
  deletion.onErased(async (userId) => {
    forgetNames();
    // Every process refuses the user's tokens before the 204 goes out, then their sockets go.
    await accountBroadcast.accountsDeleted([userId]);
    // They can no longer play: off the global leaderboard at once.
    await publishLeaderboard(leaderboard, notifier, leaderboardLogger, 'account deletion');
  });

  await ops.register(http);
  await http.register(accountsRoutes, { accounts, deletion });
  await http.register(oidcRoutes, { accounts, config });
  await http.register(leaderboardRoutes, { leaderboard });
  await http.register(soloRoutes, { solo });
  await http.register(duelRoutes, { duel });
  await http.register(contestRoutes, { contests });
  await http.register(dailyRoutes, { daily, comments: dailyComments });
  await http.register(adminRoutes, { services: { operators, fairPlay: createFairPlayAdmin(db, clock) }, opsToken: deps.opsToken });

  const webDist = path.resolve(config.WEB_DIST ?? path.join(process.cwd(), 'apps/web/dist'));
  const serveWeb = config.SERVE_WEB && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) await registerWebDelivery(http, webDist);
  http.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((p) => request.url.startsWith(p)) &&
      (request.headers.accept ?? '').includes('text/html');
    // Sent by the web delivery plugin: compressed when accepted, Cache-Control no-cache like "/".
    if (serveWeb && isPage) return reply.type('text/html').sendFile('index.html');
    return sendError(reply, ErrorCode.NOT_FOUND, `Not found: ${request.method} ${request.url.split('?')[0]}`);
  });

  let closed: Promise<void> | null = null;
  return {
    http,
    io,
    redis,
    services: { accounts, contests, operators, daily, dailyComments, leaderboard, ratings, solo },
    ops,
    close() {
      closed ??= (async () => {
        await duel.close();
        solo.close();
        daily.close();
        await new Promise<void>((resolve) => void io.close(() => resolve()));
        // Closing the sockets marked their seats disconnected in the background; those writes
        // and their broadcasts go out before Redis is closed below.
        await duel.settle();
        await http.close();
        await contests.close();
        accounts.close();
        await ratings.flush();
        await redis?.close();
      })();
      return closed;
    },
  };
}
