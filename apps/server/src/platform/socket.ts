/**
 * The Socket.IO edge (spec §7 "Real-time socket"): one typed server on the Fastify HTTP server, at
 * /socket.io, with
 *  - handshake authentication: the token (`auth.token`, or see handshake-token.ts for the other
 *    places a client may put it) is verified on every connection. A missing or invalid
 *    token does NOT refuse the connection: the socket connects with `data.user = null`, so a guest
 *    page still receives leaderboardUpdate (for a while: socket-limits.ts), and every event gets the
 *    error ack "Please log in to play" (LOGIN_REQUIRED) instead of a connection error the client
 *    would only log. A session revoked later (a password change, on any process) loses its open
 *    connections too (`recheckSessions`);
 *  - the `user:{id}` room of each signed-in socket, which the Notifier pushes to (ratingUpdate);
 *  - a per-connection rate limit (issue #2 "Bad input and abuse", after lila-ws's 100 messages per
 *    20 s): beyond SOCKET_RATE_LIMIT_EVENTS per SOCKET_RATE_LIMIT_WINDOW_MS, events get the error ack
 *    "Too many messages, slow down" (RATE_LIMITED) and are dropped; beyond 3× the limit the socket is disconnected,
 *    and its address and user are refused new connections for a growing back-off (flood-gate.ts).
 *    An invalid payload or an unknown event counts five times (STYLE habit 2);
 *  - one route table per server (`onClientEvent`), the way domains handle client events: each event
 *    is parsed with the protocol's zod schema, needs a signed-in user, never lets an exception
 *    escape, and is always answered when the client gave an ack function;
 *  - connection hooks for the domains: `onSocketHandshake` (before the connection is accepted, so a
 *    domain can find what the user was doing: duel.service.ts puts a reconnecting player back in
 *    their room), `onSocketConnected` and `onSocketDisconnect`.
 *
 * With REDIS_URL, broadcasts go through the Redis Streams adapter (platform/redis.ts) and connection
 * state recovery is on: a client back within 2 minutes, on any process, gets its rooms and missed
 * broadcasts again. Recovery never skips the handshake authentication (`skipMiddlewares: false`),
 * and what it restores is held back until the token has been verified again as the same user: a
 * revoked or expired token gets a fresh, empty session instead (issue #5).
 *
 * Routing happens in the one per-socket middleware rather than through a listener per event per
 * socket: at 10,000 connected players that is one closure per socket instead of a dozen (memory is
 * a bench/duel target: ≤ 40 KB per player).
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import type { z } from 'zod';
import { DUEL_REFUSALS, ErrorCode, firstIssueMessage, unstorableTextIssue, type ClientToServerEvents, type ErrorReply, type ServerToClientEvents } from '@mathsprint/shared/protocol';
import { REALTIME } from '@mathsprint/shared/constants';
import type { SessionUser } from '../platform/session-user.js';
import { corsOrigins, type Config } from '../config.js';
import { handshakeToken } from './handshake-token.js';
import type { InterServerEvents } from './inter-server.js';
import type { Logger } from './logger.js';
import { userRoom, type Notifier } from './notifier.js';
import { RECOVERY_WINDOW_MS } from './redis.js';
import { holdRecoveredPackets, releaseHeldPackets, resumeRecovered } from './socket-recovery.js';
import type { FloodGate } from './flood-gate.js';

/** Per-socket data. `user` is null for a socket without a valid token. */
export interface SocketData {
  user: SessionUser | null;
  /** Code of the Math Challenge room this socket is attached to (seat-attachment.ts). */
  duelCode?: string;
  /** Broadcasts missed while disconnected, held by a recovered session until its token is verified
   * again (see the file header). */
  heldPackets?: unknown[][];
}

export type { InterServerEvents };

export type TypedServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type TypedSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** The acknowledgement payload type of client event E (the argument of its callback). */
type AckArgOf<F> = F extends (...args: infer A) => void
  ? Required<A> extends [...unknown[], infer Last]
    ? NonNullable<Last> extends (reply: infer R) => void
      ? R
      : never
    : never
  : never;
export type AckReply<E extends keyof ClientToServerEvents> = AckArgOf<ClientToServerEvents[E]>;

export interface EventContext {
  socket: TypedSocket;
  user: SessionUser;
}

interface Route {
  schema: z.ZodType;
  handler: (ctx: EventContext, payload: unknown) => unknown;
  errorReply: (refusal: ErrorReply) => unknown;
  logger: Logger;
}

interface SocketHooks {
  routes: Map<string, Route>;
  disconnect: Array<(socket: TypedSocket) => void>;
  handshake: Array<(socket: TypedSocket, user: SessionUser) => Promise<void> | void>;
  connected: Array<(socket: TypedSocket) => void>;
}
const hooksOf = new WeakMap<TypedServer, SocketHooks>();

/** Largest accepted frame: every client payload is a few dozen bytes; 16 KB leaves room and stops
 * a client from making the server buffer megabytes (Socket.IO's default is 1 MB). */
const MAX_FRAME_BYTES = 16 * 1024;
/** A socket that exceeds this many times the rate limit within one window is disconnected. */
const FLOOD_FACTOR = 3;
/**
 * An invalid message (wrong shape, unknown event) counts as this many events against the rate limit:
 * the web client validates before sending, so only a broken or hostile client sends them, and it
 * reaches the limit, then the disconnect, five times sooner (STYLE habit 2).
 */
const INVALID_WEIGHT = 5;

export function createSocketServer(
  httpServer: HttpServer,
  deps: {
    config: Config;
    logger: Logger;
    verifyToken: (token: string) => Promise<SessionUser | null>;
    /** Refuses clients in a flood back-off and records flood cuts (flood-gate.ts). */
    floodGate: FloodGate;
    /** A cluster adapter (platform/redis.ts); turns connection state recovery on. Default: the
     * in-memory adapter of a single process, without recovery. */
    adapter?: ServerOptions['adapter'];
  },
): {
  io: TypedServer;
  notifier: Notifier;
  /**
   * Re-verifies the open connections of these users, whose sessions changed (AccountsService
   * `onSessionsChanged`: a password change revoked their older tokens). A connection whose
   * handshake token no longer verifies as the same user is cut (`disconnect(true)`): the web app
   * reconnects with the token it holds now (lib/socket.ts), and one holding a revoked token comes
   * back signed out. Connections that still verify are left alone. Never throws.
   */
  recheckSessions(userIds: readonly string[]): void;
} {
  const { config, logger, verifyToken, floodGate } = deps;
  const allowedOrigins = corsOrigins(config);
  const cluster: Partial<ServerOptions> = deps.adapter
    ? {
        adapter: deps.adapter,
        connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
      }
    : {};
  const io: TypedServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // Frames are tiny; compressing them costs CPU and ~300 KB of zlib state per socket.
    perMessageDeflate: false,
    httpCompression: false,
    maxHttpBufferSize: MAX_FRAME_BYTES,
    // Defaults of Socket.IO 4 (25 s / 20 s): a dead connection is noticed within 45 s, which the
    // duel tolerates (the game runs on regardless), at one tiny frame per socket every 25 s.
    pingInterval: 25_000,
    pingTimeout: 20_000,
    // Same as the client's connection time-out (spec §9 "Real-time").
    connectTimeout: REALTIME.connectionTimeoutMs,
    allowEIO3: false,
    // A client refused before, for flooding, is refused again before any handshake (flood-gate.ts).
    allowRequest: floodGate.allowRequest,
    // CORS only for the configured other origins (CORS_ORIGINS, WEB_URL), as the HTTP API; none by
    // default: the app is served by this server and Vite proxies /socket.io in development.
    ...(allowedOrigins.length > 0 ? { cors: { origin: allowedOrigins, credentials: true } } : {}),
    ...cluster,
  });
  if (deps.adapter) holdRecoveredPackets(io);
  const hooks: SocketHooks = { routes: new Map(), disconnect: [], handshake: [], connected: [] };
  hooksOf.set(io, hooks);

  io.use((socket, next) => {
    // A recovered session brings its previous data: nothing of it is trusted before the check below.
    const restored: Partial<SocketData> | null = socket.recovered ? socket.data : null;
    socket.data = { user: null };
    const settle = async (user: SessionUser | null) => {
      if (!(await floodGate.admit(socket, user?.id ?? null, next))) return;
      socket.data.user = user;
      if (restored) resumeRecovered(socket, restored, user);
      // A session that brings back its room needs no lookup; every other signed-in one gets it.
      if (!user || socket.data.duelCode !== undefined || hooks.handshake.length === 0) return next();
      void runHandshakeHooks(hooks, socket, user, logger).then(() => next());
    };
    const token = handshakeToken(socket.handshake);
    if (token === null) return void settle(null);
    verifyToken(token).then(settle, (error: unknown) => {
      logger.warn({ err: error }, 'token verification failed on socket handshake');
      void settle(null);
    });
  });

  const limit = config.SOCKET_RATE_LIMIT_EVENTS;
  const floodAt = limit * FLOOD_FACTOR;
  const windowMs = config.SOCKET_RATE_LIMIT_WINDOW_MS;

  io.on('connection', (socket) => {
    // Engine.IO keeps the upgrade request (an IncomingMessage with its headers) for the whole
    // session; nothing here reads it after the handshake, so it goes (Socket.IO's "Memory usage"
    // guide: discard the initial HTTP request). socket.handshake keeps its own copy of what it needs.
    (socket.conn as { request: unknown }).request = null;
    const user = socket.data.user;
    const ip = floodGate.addressOf(socket);
    if (user) void socket.join(userRoom(user.id));
    releaseHeldPackets(socket);
    /** Fixed window: when it began (epoch ms) and the events counted in it. */
    let windowStart = Date.now();
    let events = 0;
    let cut = false;
    const flooded = (): boolean => {
      if (events <= floodAt) return false;
      // Packets read until the cut come here too: one strike per flood, and none of them answered.
      if (cut) return true;
      cut = true;
      void floodGate.cut(socket, { ip, userId: user?.id }).then((backoffMs) => {
        logger.warn({ userId: user?.id, ip, events, backoffMs }, 'socket flood: disconnected, refused for the back-off');
      });
      return true;
    };

    socket.use((packet) => {
      const now = Date.now();
      if (now - windowStart >= windowMs) {
        windowStart = now;
        events = 0;
      }
      events++;
      const last: unknown = packet[packet.length - 1];
      const ack = typeof last === 'function' ? (last as (reply: unknown) => void) : null;
      if (events > limit) {
        if (!flooded()) safeAck(ack, DUEL_REFUSALS.rateLimited, logger);
        return;
      }
      const event = packet[0];
      const route = typeof event === 'string' ? hooks.routes.get(event) : undefined;
      if (!route) {
        // Every client event is a route; Socket.IO's own listeners ('error', 'disconnect') are not
        // events a client may send, so they are unknown here too and always answered.
        events += INVALID_WEIGHT - 1;
        if (!flooded()) safeAck(ack, { ...DUEL_REFUSALS.unknownEvent, error: `${DUEL_REFUSALS.unknownEvent.error}: ${String(event).slice(0, 40)}` }, logger);
        return;
      }
      // The payload is the first argument unless the client sent only the callback.
      const raw: unknown = packet.length > (ack ? 2 : 1) ? packet[1] : undefined;
      let reply: unknown;
      let pending: PromiseLike<unknown> | null = null;
      try {
        if (!user) {
          reply = route.errorReply(DUEL_REFUSALS.notLoggedIn);
        } else {
          const parsed = route.schema.safeParse(raw);
          // Text PostgreSQL cannot keep as sent (U+0000, lone surrogates) is refused too.
          const refusal = unstorableTextIssue(raw) ?? (parsed.success ? null : firstIssueMessage(parsed.error, 'Payload'));
          if (refusal === null && parsed.success) {
            reply = route.handler({ socket, user }, parsed.data);
            if (isThenable(reply)) pending = reply;
          } else {
            events += INVALID_WEIGHT - 1;
            if (flooded()) return;
            reply = route.errorReply({ error: refusal ?? 'Invalid input', code: ErrorCode.INVALID_INPUT });
          }
        }
      } catch (error) {
        route.logger.error({ err: error, event, userId: user?.id }, 'socket handler failed');
        reply = route.errorReply(DUEL_REFUSALS.internal);
      }
      if (!pending) return safeAck(ack, reply, route.logger);
      pending.then(
        (value) => safeAck(ack, value, route.logger),
        (error: unknown) => {
          route.logger.error({ err: error, event, userId: user?.id }, 'socket handler failed');
          safeAck(ack, route.errorReply(DUEL_REFUSALS.internal), route.logger);
        },
      );
    });

    if (user) {
      for (const hook of hooks.connected) {
        try {
          hook(socket);
        } catch (error) {
          logger.error({ err: error, userId: user.id }, 'socket connection hook failed');
        }
      }
    }

    socket.on('disconnect', () => {
      for (const hook of hooks.disconnect) {
        try {
          hook(socket);
        } catch (error) {
          logger.error({ err: error, userId: user?.id }, 'socket disconnect hook failed');
        }
      }
    });
  });

  // Emitting through a typed Server needs the event's exact parameter tuple; the Notifier's generic
  // signature guarantees it, so the untyped view below only hides TypeScript's generic limits.
  const emitter = io as unknown as {
    to(room: string): { emit(event: string, ...args: unknown[]): boolean };
    emit(event: string, ...args: unknown[]): boolean;
  };
  const notifier: Notifier = {
    toUser: (userId, event, ...args) => void emitter.to(userRoom(userId)).emit(event, ...args),
    toAll: (event, ...args) => void emitter.emit(event, ...args),
    toRoom: (room, event, ...args) => void emitter.to(room).emit(event, ...args),
  };
  function recheckSessions(userIds: readonly string[]): void {
    for (const userId of userIds) {
      for (const id of [...(io.of('/').adapter.rooms.get(userRoom(userId)) ?? [])]) {
        const socket = io.of('/').sockets.get(id);
        if (!socket) continue;
        const token = handshakeToken(socket.handshake);
        const verified = token !== null ? verifyToken(token) : Promise.resolve(null);
        verified.then(
          (user) => {
            if (user?.id === userId || !socket.connected) return;
            logger.info({ userId }, 'session revoked: disconnecting its socket');
            socket.disconnect(true);
          },
          (error: unknown) => logger.warn({ err: error, userId }, 'could not re-verify a socket after a session change'),
        );
      }
    }
  }

  return { io, notifier, recheckSessions };
}

/** Runs the handshake hooks in turn; a hook that throws or rejects is logged and skipped. */
async function runHandshakeHooks(hooks: SocketHooks, socket: TypedSocket, user: SessionUser, logger: Logger): Promise<void> {
  for (const hook of hooks.handshake) {
    try {
      await hook(socket, user);
    } catch (error) {
      logger.error({ err: error, userId: user.id }, 'socket handshake hook failed');
    }
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

function safeAck(ack: ((reply: unknown) => void) | null, reply: unknown, logger: Logger): void {
  if (!ack) return;
  try {
    ack(reply);
  } catch (error) {
    logger.error({ err: error }, 'socket acknowledgement failed');
  }
}

function hooksFor(io: TypedServer): SocketHooks {
  const hooks = hooksOf.get(io);
  if (!hooks) throw new Error('not a server made by createSocketServer');
  return hooks;
}

/**
 * Routes client event `event` of every socket of `io` to `handler`, which receives the signed-in
 * user and the payload parsed with `schema`, and returns the acknowledgement, or a promise of it
 * (the live state may sit in Redis; still no database on an acknowledgement path). Error acks are `{ error, code }`:
 * unauthenticated sockets get "Please log in to play" (LOGIN_REQUIRED), bad payloads the zod
 * message (INVALID_INPUT), unexpected exceptions are logged and answered with INTERNAL.
 * Nothing is acknowledged when the client gave no callback, and nothing is thrown either way.
 *
 * @param options.errorReply - shapes the edge's error acks (getTimer's also carries timeLeft).
 */
export function onClientEvent<E extends keyof ClientToServerEvents, S extends z.ZodType>(
  io: TypedServer,
  event: E,
  schema: S,
  handler: (ctx: EventContext, payload: z.output<S>) => AckReply<E> | Promise<AckReply<E>>,
  options: { logger: Logger; errorReply?: (refusal: ErrorReply) => AckReply<E> },
): void {
  hooksFor(io).routes.set(event, {
    schema,
    handler: handler as (ctx: EventContext, payload: unknown) => unknown,
    errorReply: options.errorReply ?? ((refusal: ErrorReply) => ({ error: refusal.error, code: refusal.code })),
    logger: options.logger,
  });
}

/**
 * Calls `hook` during the handshake of every signed-in socket that does not bring its room back (a
 * new connection, or a recovered session, with REDIS_URL, that had none), after its token was
 * verified and before the connection is accepted: no event of the socket is handled before the
 * hook's promise settles. The hook may fill `socket.data` (duel.service.ts finds the room the
 * user sits in); one that rejects is logged and the connection goes on.
 */
export function onSocketHandshake(io: TypedServer, hook: (socket: TypedSocket, user: SessionUser) => Promise<void> | void): void {
  hooksFor(io).handshake.push(hook);
}

/**
 * Calls `hook` with every signed-in socket of `io` once connected, before any of its events is
 * handled: new connections, and sessions recovered (connection state recovery, with REDIS_URL) with
 * their rooms and data after their token was verified again as the same user (`socket.recovered`).
 */
export function onSocketConnected(io: TypedServer, hook: (socket: TypedSocket) => void): void {
  hooksFor(io).connected.push(hook);
}

/** Calls `hook` with every socket of `io` that disconnects (after it has left its rooms). */
export function onSocketDisconnect(io: TypedServer, hook: (socket: TypedSocket) => void): void {
  hooksFor(io).disconnect.push(hook);
}
