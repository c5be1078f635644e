/**
 * What the Math Challenge's service takes and gives (duel.service.ts builds it, duel.socket.ts
 * routes the client events to it, app.ts and the tests hold its handle). Types only, apart so
 * that the service stays small.
 */
import type { z } from 'zod';
import type {
  createRoomSchema,
  CurrentRoomResponse,
  emptyPayloadSchema,
  joinRoomSchema,
  rejoinRoomSchema,
  submitAnswerSchema,
} from '@mathsprint/shared/protocol';
import type { Config } from '../config.js';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { RedisHandle } from '../platform/redis.js';
import type { SessionUser } from '../platform/session-user.js';
import type { AckReply, EventContext, TypedSocket } from '../platform/socket.js';
import type { FinishedDuel } from './finished-duel.js';
import type { RoomStore } from './room-store.js';

/** What registerDuelHandlers / createDuelService need (app.ts passes them). */
export interface DuelDeps {
  clock: Clock;
  config: Config;
  logger: Logger;
  /** The rating service: `recordDuel` enqueues a finished game (stored once, rated when both
   * players are signed-in non-guests), must return at once, and calls `onStored` once the game is
   * in the database. */
  ratings: { recordDuel(game: FinishedDuel, onStored?: () => void): void };
  /** Shared state for several processes: rooms in Redis (RedisRoomStore) and clock leases. Without
   * it, rooms live in `store` (default: a new MemoryRoomStore) and this process drives every clock. */
  redis?: RedisHandle | null;
  store?: RoomStore;
  /** Receives each submitAnswer acknowledgement's handling time in ms (the /metrics histogram). */
  observeAnswerAck?: (ms: number) => void;
}

/** The running Math Challenge of one process, as app.ts, the HTTP routes and the tests hold it. */
export interface DuelHandle {
  /** Stops the clock, the sweeper, the catch-up and the lease loop; with Redis, hands this
   * process's running rooms over to the other processes at once. Rooms stay in the store. */
  close(): Promise<void>;
  /** Resolves once the store changes that sockets connecting or disconnecting started are done,
   * their broadcasts sent (app.close calls it after closing the sockets and before closing Redis,
   * so that no seat is left marked connected). Never rejects: a failed change is logged. */
  settle(): Promise<void>;
  /** The live rooms. Tests read a game's answers from here; nothing else should. */
  store: RoomStore;
  /** Visits every running room this process keeps a clock for now: sends timerUpdate, ends the
   * driven ones whose time is up. The clock's interval does this on its own every 10 ms; tests call
   * it after moving a ManualClock, and await it. */
  tick(): Promise<void>;
  /** Deletes rooms nobody has been connected to for 10 minutes (runs every minute on its own). */
  sweep(): Promise<void>;
  /** Runs one round of the lease loop now (renew, take over expired rooms, retry unrecorded games);
   * a no-op without Redis. */
  leaseRound(): Promise<void>;
  /** With Redis, reads again every room that has sockets on this process but no clock here, and
   * follows a running one: a start whose `duelClock` this process missed (Redis pub/sub delivers
   * nothing to a subscriber while it is disconnected). Within 10 s of the Redis connection's
   * return (ioredis `ready` after the first), it also reads again the rooms whose clock this
   * process follows without driving it: one whose game ended unheard is forgotten (no more
   * timerUpdate for it), and one whose rematch started unheard is announced (rematchStarted) and
   * followed. Runs every DUEL_CATCH_UP_INTERVAL_MS (3 s) on its own; a no-op without Redis. */
  catchUp(): Promise<void>;
  /** Rooms whose clock this process drives now. */
  driven(): string[];
  /** Whether this process keeps the clock of game `gameId` in room `code` (drives it or announces
   * it to its own sockets). With Redis, a process hears of a game started elsewhere through
   * `duelClock`, a server-side event the adapter sends by Redis pub/sub, while the room's broadcasts
   * go through its stream: the two are not ordered, so tests wait for this before moving a clock. */
  keepsClock(code: string, gameId: string): boolean;
  /** The room `userId` sits in while it waits or plays, as GET /api/rooms/current shows it
   * (duel.machine.ts `currentRoomFor`); null otherwise. Reads the store (Redis, with REDIS_URL). */
  currentRoom(userId: string): Promise<CurrentRoomResponse['room']>;
  /** Takes `userId` out of their room as leaveRoom does (their account is being deleted), a kept
   * seat of a finished room renamed `asName`: null when done or seated nowhere, else the refusal
   * ("Finish your current game first"). */
  leaveForGood(userId: string, asName: string): Promise<string | null>;
}

/** The client events the Math Challenge handles (spec §7). */
type DuelEvent = 'createRoom' | 'joinRoom' | 'startGame' | 'rejoinRoom' | 'getTimer' | 'submitAnswer' | 'rematch' | 'leaveRoom';
/** A client event's handler: the validated payload in, the acknowledgement out (spec §7 shapes). */
type Action<E extends DuelEvent, S extends z.ZodType = typeof emptyPayloadSchema> = (
  context: EventContext,
  payload: z.output<S>,
) => AckReply<E> | Promise<AckReply<E>>;

/** The game's actions, one per client event, and the connection hooks (duel.socket.ts routes them).
 * Each action returns its event's spec §7 acknowledgement (socket-acks.ts); a refused action
 * acknowledges `{ error, code }` from DUEL_REFUSALS and changes nothing. */
export interface DuelService {
  handle: DuelHandle;
  createRoom: Action<'createRoom', typeof createRoomSchema>;
  joinRoom: Action<'joinRoom', typeof joinRoomSchema>;
  startGame: Action<'startGame'>;
  rejoinRoom: Action<'rejoinRoom', typeof rejoinRoomSchema>;
  getTimer: Action<'getTimer'>;
  /** Synchronous on the in-memory store: the acknowledgement is written before the next socket's
   * input is read, with no promise in between (bench/duel). */
  submitAnswer: Action<'submitAnswer', typeof submitAnswerSchema>;
  rematch: Action<'rematch'>;
  leaveRoom: Action<'leaveRoom'>;
  /** A new signed-in connection: notes the room its user sits in (unless `auth.autoRejoin: false`). */
  handshake(socket: TypedSocket, user: SessionUser): Promise<void>;
  /** A connection (back) in its room: joins its broadcasts, marks the seat connected, and hears the
   * clock and any rematch start it missed. */
  connected(socket: TypedSocket): void;
  /** A socket dropped: its seat is marked disconnected unless another tab here still holds it. */
  disconnected(socket: TypedSocket): void;
}

