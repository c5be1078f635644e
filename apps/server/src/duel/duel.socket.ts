/**
 * The Math Challenge on the socket (spec §7 "Real-time socket"): translates client events into the
 * pure transitions of duel.machine.ts, keeps rooms in a RoomStore, broadcasts the effects
 * (duel-broadcasts.ts), runs the server-owned game clock (room-clocks.ts; with Redis, its leases
 * and lease-loop.ts), and hands finished games to the rating service. No database on any
 * acknowledgement path: `ratings.recordDuel` only enqueues.
 *
 * Each socket attached to a room joins the Socket.IO room `duel:{code}`; broadcasts go there
 * (through the Redis Streams adapter to every process, with REDIS_URL). A user is in at most one room
 * at a time (store.findByUser); a socket is attached to at most one (socket.data.duelCode).
 *
 * Every change to a room is one atomic `store.update` running a pure transition, so any process can
 * serve any player of any room. The clock of a running game (room-clocks.ts) is announced by every
 * process to its own sockets and driven, ended on time, by one process: in memory, this one; with
 * Redis, the holder of the room's lease (room-leases.ts), which a survivor takes over when its
 * holder dies. With Redis, the processes tell each other of games starting and ending
 * (`duelClock`, a Socket.IO server-side event), so that each can announce to its own players; a
 * process that missed a start (its pub/sub subscriber was disconnected) finds the game within
 * DUEL_CATCH_UP_INTERVAL_MS (3 s) by reading again the rooms it has sockets of but no clock for
 * (`catchUp`); for 10 s after its Redis connection comes back, it also reads again the rooms whose
 * clock it follows, since an end or a rematch start may have been lost with them.
 * A seat shows connected while some process holds a socket of its player attached to the room
 * (seat-presence.ts), also after that player's process died.
 */
import { randomUUID, webcrypto } from 'node:crypto';
import { hostname } from 'node:os';
import { roomCode, type PaceThresholds, type Rng } from '@mathsprint/shared/domain';
import {
  createRoomSchema,
  DUEL_ERRORS,
  type CurrentRoomResponse,
  emptyPayloadSchema,
  type HandshakeAuth,
  joinRoomSchema,
  rejoinRoomSchema,
  submitAnswerSchema,
} from '@mathsprint/shared/protocol';
import type { SessionUser } from '../platform/session-user.js';
import type { Config } from '../config.js';
import { paceThresholds } from '../fair-play/fair-play.service.js';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { RedisHandle } from '../platform/redis.js';
import { userRoom } from '../platform/notifier.js';
import { createLocalLocks } from '../platform/local-locks.js';
import { createRedisLocks, type KeyedLock } from '../platform/redis-locks.js';
import { onClientEvent, onSocketConnected, onSocketDisconnect, onSocketHandshake, type EventContext, type TypedServer, type TypedSocket } from '../platform/socket.js';
import { timedHandler } from '../platform/timed-handler.js';
import type { FinishedDuel } from '../rating/rating.service.js';
import * as machine from './duel.machine.js';
import type { DuelIdentity, DuelRoom, Refusal } from './duel.machine.js';
import { startLeaseLoop } from './lease-loop.js';
import { createDuelBroadcasts, duelCodeOf, duelRoom } from './duel-broadcasts.js';
import { RoomLeases } from './room-leases.js';
import { RoomPresence, type SeatRef } from './room-presence.js';
import { SEAT_LOCK_NAME } from './redis-keys.js';
import { RedisRoomStore } from './redis-room-store.js';
import { RoomClocks, type GameClock } from './room-clocks.js';
import { andThen, MemoryRoomStore, type ChangeResult, type RoomStore, type UpdateOutcome } from './room-store.js';
import { createSeatPresence } from './seat-presence.js';

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

/** How often abandoned rooms are looked for. */
const SWEEP_EVERY_MS = 60_000;
/** Catch-up passes that start within this time of the Redis connection coming back re-read the
 * followed rooms too (catchUp): ioredis reconnects the adapter's subscriber on the same back-off
 * (at most 2 s between attempts), so by then it has missed whatever pub/sub sent meanwhile. */
const RECHECK_AFTER_RECONNECT_MS = 10_000;

const handles = new WeakMap<TypedServer, DuelHandle>();

/** The duel handle registered on `io` (tests reach the store through `app.io`). */
export function duelHandleOf(io: TypedServer): DuelHandle | undefined {
  return handles.get(io);
}

/** Socket.IO room of a Math Challenge room's sockets (defined in duel-broadcasts.ts). */
export { duelRoom };

/** Room codes must not be guessable: draw them from the OS's CSPRNG, not Math.random. */
const cryptoRng: Rng = () => webcrypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

const identity = (user: SessionUser): DuelIdentity => ({ userId: user.id, name: user.name, isGuest: user.isGuest });

const newGame = (pace: PaceThresholds): machine.NewGame => ({ id: randomUUID(), seed: randomUUID(), pace });

const refusal = (error: string): Refusal => ({ ok: false, error });

/** Runs `transition` only for a user seated in the room; "You are not in a room" otherwise. */
function seated<R extends ChangeResult>(userId: string, transition: (room: DuelRoom) => R, error: string = DUEL_ERRORS.noRoom) {
  return (room: DuelRoom): R | Refusal => (machine.seatOf(room, userId) ? transition(room) : refusal(error));
}

const clockOf = (game: NonNullable<DuelRoom['game']>): GameClock => ({
  gameId: game.id,
  startsAt: game.startsAt,
  endsAt: game.endsAt,
  rematch: game.rematch,
});

/**
 * Routes createRoom, joinRoom, startGame, rejoinRoom, getTimer, submitAnswer, rematch and leaveRoom
 * (platform/socket.ts validates, authenticates and acknowledges), follows disconnections, and starts
 * the shared game clock (tick-wheel.ts), the idle-room sweeper and, with Redis, the lease loop.
 */
export function registerDuelHandlers(io: TypedServer, deps: DuelDeps): DuelHandle {
  const { clock, logger, ratings } = deps;
  const redis = deps.redis ?? null;
  const store = deps.store ?? (redis ? new RedisRoomStore(redis) : new MemoryRoomStore());
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leases = redis ? new RoomLeases(redis, owner) : null;
  const presence = redis ? new RoomPresence(redis, owner) : null;
  const options = { logger };
  /** This process's sockets of a room; with Redis, `io.to` would reach every process's. */
  const local = redis ? io.local : io;
  /** Announcement targets of running rooms, made once: `io.to()` builds two operators and their
   * room sets on every call, and each running room is announced every second. */
  const announceTargets = new Map<string, ReturnType<TypedServer['to']>>();
  const hasLocalSockets = (code: string): boolean => (io.of('/').adapter.rooms.get(duelRoom(code))?.size ?? 0) > 0;
  const clocks = new RoomClocks({
    now: () => clock.now(),
    announce(code, timeLeft) {
      let to = announceTargets.get(code);
      if (!to) announceTargets.set(code, (to = local.to(duelRoom(code))));
      to.emit('timerUpdate', { timeLeft });
    },
    hasListeners: hasLocalSockets,
    started: (code, game) => {
      if (game.rematch) announceRematch(code, game);
    },
    end: (code, game, now) => endOnTime(code, game, now),
    onError: (error, code) => logger.error({ err: error, roomCode: code }, 'duel clock failed on a room'),
  });

  /** Local sockets of a user (all tabs), through the `user:{id}` room platform/socket.ts joins. */
  function* socketsOf(userId: string): Generator<TypedSocket> {
    const ids = io.of('/').adapter.rooms.get(userRoom(userId));
    if (!ids) return;
    for (const id of ids) {
      const s = io.of('/').sockets.get(id);
      if (s) yield s;
    }
  }

  function attach(socket: TypedSocket, code: string): void {
    const previous = socket.data.duelCode;
    if (previous === code) return;
    if (previous) void socket.leave(duelRoom(previous));
    void socket.join(duelRoom(code));
    socket.data.duelCode = code;
    const user = socket.data.user;
    if (!user) return;
    if (previous) seatPresence.sync(user.id, previous);
    seatPresence.sync(user.id, code);
  }

  function detach(socket: TypedSocket, code: string): void {
    if (socket.data.duelCode !== code) return;
    void socket.leave(duelRoom(code));
    socket.data.duelCode = undefined;
    if (socket.data.user) seatPresence.sync(socket.data.user.id, code);
  }

  /** Detaches every socket of `userId` from room `code` (after the user left it), on every process. */
  function detachUser(userId: string, code: string): void {
    for (const s of socketsOf(userId)) detach(s, code);
    if (redis) io.in(userRoom(userId)).socketsLeave(duelRoom(code));
  }

  /** Drops room `code`'s clock (of game `gameId` only, when given) and its announcement target. */
  function forgetClock(code: string, gameId?: string): void {
    clocks.forget(code, gameId);
    if (!clocks.has(code)) announceTargets.delete(code);
  }

  /** With Redis, tells the other processes that a game started (they announce its clock to their
   * sockets of the room) or ended (they stop). */
  function tellProcesses(code: string, game: GameClock, over: boolean): void {
    if (redis) io.serverSideEmit('duelClock', { code, ...game, over });
  }

  /** Announces the running game of a room this process just read, when it has no clock for it yet
   * (with Redis: a player reconnected here, or this process missed the start). */
  function followRoom(room: DuelRoom): void {
    if (room.status === 'playing' && room.game && !clocks.has(room.code, room.game.id)) clocks.follow(room.code, clockOf(room.game), false);
  }

  async function deleteRoom(code: string): Promise<void> {
    await store.delete(code);
    forgetClock(code);
    io.in(duelRoom(code)).socketsLeave(duelRoom(code));
  }

  /** Logs a failed background step (a lease call, a hand-over) instead of letting it reject unseen. */
  const background = (what: string, fields: Record<string, unknown>) => (error: unknown) =>
    logger.error({ err: error, ...fields }, what);

  /** Hands a finished game to the rating service, which stores it once; then it is no longer
   * "unrecorded" in the store. */
  function record(game: FinishedDuel): void {
    ratings.recordDuel(game, () => {
      store.markRecorded([game.gameId]).catch(background('could not mark a finished game stored', { gameId: game.gameId }));
    });
  }

  const broadcasts = createDuelBroadcasts(io, {
    gameStarted(room) {
      const game = room.game!;
      clocks.follow(room.code, clockOf(game), true);
      tellProcesses(room.code, clockOf(game), false);
      leases?.claim(room.code, game.id).catch(background('could not take a room clock lease', { roomCode: room.code }));
    },
    gameOver(room, result) {
      const { gameId } = result;
      forgetClock(room.code, gameId);
      tellProcesses(room.code, clockOf(room.game!), true);
      leases?.release(room.code, gameId).catch(background('could not release a room clock lease', { roomCode: room.code }));
      try {
        record(result);
      } catch (error) {
        logger.error({ err: error, gameId }, 'could not hand the finished game to ratings');
      }
    },
  });
  const { emitTransition } = broadcasts;

  /** The background store changes still running (settle() waits for them). */
  const inBackground = new Set<Promise<void>>();
  function track(work: Promise<void>): void {
    inBackground.add(work);
    void work.finally(() => inBackground.delete(work));
  }

  /** Who holds which seat's connection (seat-presence.ts; with Redis, across processes). */
  const seatPresence = createSeatPresence({
    presence,
    attachedHere: (userId, code) => [...socketsOf(userId)].some((s) => s.data.duelCode === code),
    attachedSeats() {
      const seats = new Map<string, SeatRef>();
      for (const s of io.of('/').sockets.values()) {
        const { duelCode: code, user } = s.data;
        if (code && user) seats.set(`${code} ${user.id}`, { code, userId: user.id });
      }
      return [...seats.values()];
    },
    async setConnected({ code, userId }, connected) {
      const outcome = await store.update(code, seated(userId, (room) => machine.setConnected(room, userId, connected, clock.now())));
      if (outcome?.result.ok) emitTransition(outcome.result);
    },
    track,
    logger,
  });

  /** Runs one store change without waiting for it (connection hooks: no acknowledgement waits),
   * hands its outcome to `then`, and gives `failed` a store call that throws or rejects. */
  function updateInBackground<R extends ChangeResult>(
    code: string,
    change: (room: DuelRoom) => R,
    then: (outcome: UpdateOutcome<R> | undefined) => void,
    failed: (error: unknown) => void,
  ): void {
    try {
      track(Promise.resolve(store.update(code, change)).then(then).catch(failed));
    } catch (error) {
      failed(error);
    }
  }

  /**
   * Serialises a user's seat changes (createRoom, joinRoom, leaveRoom): each leaves the user's
   * current room and then takes a seat, with awaits between, so two sent at once (a double click,
   * two tabs, on one process or two) would both find the same current room and leave the user
   * seated in two rooms, against the store's "a user has at most one". One after the other, the
   * second leaves the room the first took, as when they come a moment apart. Across processes
   * through Redis (`P duel-seat:lock:user:{id}`), else within this one.
   */
  const seatLock: KeyedLock = redis ? createRedisLocks(redis, SEAT_LOCK_NAME) : createLocalLocks();
  const bySeatChange =
    <P, R>(handler: (context: EventContext, payload: P) => Promise<R>) =>
    (context: EventContext, payload: P): Promise<R> =>
      seatLock(`user:${context.user.id}`, () => handler(context, payload));

  /** Takes the user out of their current room before they create or join another. Refused while
   * their game runs ("Finish your current game first"). Returns an error text or null. */
  async function leaveCurrentRoom(user: SessionUser, now: number, exceptCode?: string, asName?: string): Promise<string | null> {
    const current = await store.findByUser(user.id);
    if (!current || current.code === exceptCode) return null;
    const outcome = await store.update(current.code, (room) => machine.leaveRoom(room, user.id, now, asName));
    if (!outcome) return null;
    const { result } = outcome;
    if (!result.ok) return result.error;
    emitTransition(result);
    detachUser(user.id, current.code);
    if (result.closed) await deleteRoom(current.code);
    return null;
  }

  /**
   * Sends rematchStarted {questions, mode, players} to this process's sockets of room `code` when
   * the rematch's clock starts (RoomClocks `started`; every process with sockets in the room does
   * this for its own). Spec §4 has the app return to /game on rematchStarted, with no countdown of
   * its own: sent when both had asked, a client written to the spec alone would show full time for
   * the 3 s countdown and have its answers refused ("The game has not started yet"), while the
   * web app's countdown (from rematchStarting) kept its player off the game.
   */
  function announceRematch(code: string, game: GameClock): void {
    store
      .get(code)
      .then((room) => {
        if (room?.status !== 'playing' || room.game?.id !== game.gameId) return; // ended or replaced
        local.to(duelRoom(code)).emit('rematchStarted', machine.rematchStartedPayload(room));
      })
      .catch(background('could not announce a rematch', { roomCode: code, gameId: game.gameId }));
  }

  /** Sends `socket` the rematch start its player missed (duel.machine.ts `missedRematch`): a
   * connection back in the room during the rematch's countdown hears rematchStarting {seconds} now
   * and rematchStarted from the clock at the start (announceRematch; followRoom was called first);
   * one back after the clock started hears rematchStarted now. */
  function offerMissedRematch(socket: TypedSocket, room: DuelRoom, userId: string): void {
    const missed = machine.missedRematch(room, userId, clock.now());
    if (missed?.event === 'rematchStarting') socket.emit('rematchStarting', { seconds: missed.seconds });
    else if (missed) socket.emit('rematchStarted', machine.rematchStartedPayload(room));
  }

  /** Ends a driven game whose time is up (RoomClocks runs one attempt at a time per room). */
  async function endOnTime(code: string, game: GameClock, now: number): Promise<void> {
    const outcome = await store.update(code, (room) => (room.game?.id === game.gameId ? machine.tick(room, now) : null));
    if (!outcome?.result) {
      // Gone, replaced by a rematch, or already ended (by the last answer, on any process).
      if (outcome?.before.game?.id !== game.gameId || outcome.before.status !== 'playing') {
        forgetClock(code, game.gameId);
        leases?.release(code, game.gameId).catch(background('could not release a room clock lease', { roomCode: code }));
      }
      return;
    }
    // The clients end the game when the timer reaches 0 (spec §4), so say so before gameOver, to
    // the room's sockets on every process.
    io.to(duelRoom(code)).emit('timerUpdate', { timeLeft: 0 });
    emitTransition(outcome.result);
  }

  async function sweep(): Promise<void> {
    for (const code of await store.sweep(clock.now())) {
      forgetClock(code);
      io.in(duelRoom(code)).socketsLeave(duelRoom(code));
    }
  }
  const sweeper = setInterval(() => void sweep().catch(background('duel room sweep failed', {})), SWEEP_EVERY_MS);
  sweeper.unref();

  /** Keeps the clock of `game`, started on another process, for this process's sockets of room
   * `code`. A rematch whose clock already started (heard late: pub/sub is not ordered with the
   * room's broadcasts and a Redis stall holds it back; or missed, and found by catchUp) is
   * announced now, since the start RoomClocks announces (`started`) would never come. */
  function followClock(code: string, game: GameClock): void {
    const late = game.rematch && !clocks.has(code, game.gameId) && clock.now() >= game.startsAt;
    clocks.follow(code, game, false);
    if (late) announceRematch(code, game);
  }

  let recheckFollowedUntil = 0;
  /** ioredis says `ready` on each connection; openRedis waited for the first, so this is a return. */
  const onRedisBack = () => {
    recheckFollowedUntil = clock.now() + RECHECK_AFTER_RECONNECT_MS;
  };
  redis?.client.on('ready', onRedisBack);

  async function catchUp(): Promise<void> {
    if (!redis) return;
    const recheckFollowed = clock.now() < recheckFollowedUntil;
    // Rooms with sockets here, each with the game whose clock this process follows without driving
    // it (null: no clock here), when that clock is to be checked as well.
    const rooms: Array<[code: string, followed: string | null]> = [];
    for (const [name, ids] of io.of('/').adapter.rooms) {
      const code = ids.size > 0 ? duelCodeOf(name) : null;
      if (!code) continue;
      if (!clocks.has(code)) rooms.push([code, null]);
      else if (recheckFollowed) {
        const followed = clocks.followedGame(code);
        if (followed) rooms.push([code, followed]);
      }
    }
    await Promise.all(
      rooms.map(async ([code, followed]) => {
        const room = await store.get(code);
        const game = room?.status === 'playing' ? room.game : undefined;
        // The followed game ended or was replaced, and its duelClock never came. (A clock this
        // process came to drive meanwhile, by a lease take-over, is ended by endOnTime, which also
        // releases the lease.)
        if (followed && game?.id !== followed && clocks.followedGame(code) === followed) forgetClock(code, followed);
        if (game && !clocks.has(code, game.id) && hasLocalSockets(code)) followClock(code, clockOf(game));
      }),
    );
  }
  const catchUpEveryMs = deps.config.DUEL_CATCH_UP_INTERVAL_MS;
  const pace = paceThresholds(deps.config);
  const catchUpTimer =
    redis && catchUpEveryMs > 0 ? setInterval(() => void catchUp().catch(background('duel clock catch-up failed', {})), catchUpEveryMs) : null;
  catchUpTimer?.unref();

  if (redis) {
    io.on('duelClock', ({ code, over, ...game }) => {
      if (over) return forgetClock(code, game.gameId);
      if (hasLocalSockets(code)) followClock(code, game);
    });
  }

  /** With Redis: renews this process's clock leases, takes over the rooms of dead processes, marks
   * their players who did not come back disconnected and stores the games they left unstored
   * (lease-loop.ts). */
  const leaseLoop =
    leases && presence
      ? startLeaseLoop({ leases, presence, store, clocks, clockOf, record, logger, absent: seatPresence.absent, reassert: seatPresence.reassert })
      : null;

  onClientEvent(
    io,
    'createRoom',
    createRoomSchema,
    bySeatChange(async ({ socket, user }, { mode }) => {
      const now = clock.now();
      const refused = await leaveCurrentRoom(user, now);
      if (refused) return { error: refused };
      // 31^6 ≈ 887 million codes: a collision is rare, 20 in a row is a bug.
      for (let i = 0; i < 20; i++) {
        const room = machine.createRoom({ code: roomCode(cryptoRng), mode, host: identity(user) });
        if (!(await store.create(room))) continue;
        attach(socket, room.code);
        const players = machine.publicPlayers(room);
        io.to(duelRoom(room.code)).emit('roomUpdate', players);
        return { roomCode: room.code, players, mode: room.mode, isHost: true };
      }
      throw new Error('no free room code after 20 draws');
    }),
    options,
  );

  onClientEvent(
    io,
    'joinRoom',
    joinRoomSchema,
    bySeatChange(async ({ socket, user }, { roomCode: code }) => {
      const now = clock.now();
      const room = await store.get(code);
      if (!room) return { error: DUEL_ERRORS.roomNotFound };
      const current = await store.findByUser(user.id);
      if (current && current.code !== code && current.status === 'playing') return { error: DUEL_ERRORS.finishCurrent };
      // Refused joins leave the user's current room alone; the real join below runs on the latest room.
      const check = machine.joinRoom(room, identity(user), now);
      if (!check.ok) return { error: check.error };
      await leaveCurrentRoom(user, now, code);
      attach(socket, code);
      const outcome = await store.update(code, (latest) => machine.joinRoom(latest, identity(user), now));
      if (!outcome?.result.ok) {
        detach(socket, code);
        return { error: outcome ? (outcome.result as Refusal).error : DUEL_ERRORS.roomNotFound };
      }
      emitTransition(outcome.result);
      const next = outcome.result.room;
      return { roomCode: code, players: machine.publicPlayers(next), mode: next.mode, isHost: machine.isHost(next, user.id) };
    }),
    options,
  );

  /** Runs a seated player's transition on the socket's room and broadcasts it; `{}` or the error. */
  async function act(socket: TypedSocket, userId: string, transition: (room: DuelRoom) => ChangeResult | Refusal): Promise<{ error?: string }> {
    const code = socket.data.duelCode;
    if (!code) return { error: DUEL_ERRORS.noRoom };
    const outcome = await store.update(code, seated(userId, transition));
    if (!outcome) return { error: DUEL_ERRORS.noRoom };
    const { result } = outcome;
    if (result && !result.ok) return { error: (result as Refusal).error };
    emitTransition(result);
    return {};
  }

  onClientEvent(
    io,
    'startGame',
    emptyPayloadSchema,
    ({ socket, user }) => {
      const game = newGame(pace);
      const now = clock.now();
      return act(socket, user.id, (room) => machine.startGame(room, user.id, game, now));
    },
    options,
  );

  onClientEvent(
    io,
    'rejoinRoom',
    rejoinRoomSchema,
    async ({ socket, user }, { roomCode: code }) => {
      // The player is identified by the socket's user id; the payload's name is not trusted.
      const now = clock.now();
      // Only a seated player is attached: attaching anyone who names a code would send them the
      // room's broadcasts until the refusal below (a store round trip with Redis).
      const seatedRoom = await store.get(code);
      if (!seatedRoom) return { error: DUEL_ERRORS.roomNotFound };
      if (!machine.seatOf(seatedRoom, user.id)) return { error: DUEL_ERRORS.notInRoom };
      // Attached first, so no broadcast after the snapshot below is missed.
      const previous = socket.data.duelCode;
      attach(socket, code);
      const outcome = await store.update(code, seated(user.id, (room) => machine.setConnected(room, user.id, true, now), DUEL_ERRORS.notInRoom));
      if (!outcome?.result.ok) {
        detach(socket, code);
        if (previous && previous !== code) attach(socket, previous);
        return { error: outcome ? (outcome.result as Refusal).error : DUEL_ERRORS.roomNotFound };
      }
      emitTransition(outcome.result);
      const room = outcome.result.room ?? outcome.before;
      followRoom(room);
      offerMissedRematch(socket, room, user.id);
      return machine.snapshotFor(room, user.id, now);
    },
    options,
  );

  onClientEvent(
    io,
    'getTimer',
    emptyPayloadSchema,
    async ({ socket, user }) => {
      const code = socket.data.duelCode;
      const room = code === undefined ? undefined : await store.get(code);
      if (!room || !machine.seatOf(room, user.id)) return { timeLeft: 0, error: DUEL_ERRORS.noRoom };
      followRoom(room);
      return { timeLeft: machine.timeLeft(room, clock.now()) };
    },
    { ...options, errorReply: (error) => ({ timeLeft: 0, error }) },
  );

  onClientEvent(
    io,
    'submitAnswer',
    submitAnswerSchema,
    // Synchronous on the in-memory store: the acknowledgement is written before the next socket's
    // input is read, with no promise in between (bench/duel).
    timedHandler(deps.observeAnswerAck, ({ socket, user }, { answer }) => {
      const code = socket.data.duelCode;
      if (!code) return { error: DUEL_ERRORS.noRoom };
      const now = clock.now();
      const outcome = store.update(code, seated(user.id, (room) => machine.submitAnswer(room, user.id, answer, now)));
      return andThen(outcome, (changed) => {
        if (!changed) return { error: DUEL_ERRORS.noRoom };
        if (redis) followRoom(changed.before);
        const { result } = changed;
        if (!result.ok) return { error: result.error };
        emitTransition(result);
        return result.reply;
      });
    }),
    options,
  );

  onClientEvent(
    io,
    'rematch',
    emptyPayloadSchema,
    ({ socket, user }) => {
      const game = newGame(pace);
      const now = clock.now();
      return act(socket, user.id, (room) => machine.requestRematch(room, user.id, game, now));
    },
    options,
  );

  onClientEvent(
    io,
    'leaveRoom',
    emptyPayloadSchema,
    bySeatChange(async ({ socket, user }) => {
      const refused = await leaveCurrentRoom(user, clock.now());
      if (refused) return { error: refused };
      // A socket still attached to a room its user no longer sits in (a second tab) lets go too.
      if (socket.data.duelCode) detach(socket, socket.data.duelCode);
      return {};
    }),
    options,
  );

  /*
   * A player's new connection (a reconnection after a drop, a reload, another tab) is put back in
   * the room they sit in, unless they left it, before any of its events is handled: a client
   * written to spec §7 alone, which never sends rejoinRoom after reconnecting (spec §4 "Real-time
   * connection: reconnects automatically"), hears the room again, can answer, start and ask for a
   * rematch, and shows connected to the other player. A client that rejoins by itself where it
   * shows a room (the web app) opts out with `auth.autoRejoin: false` (HandshakeAuth).
   */
  onSocketHandshake(io, async (socket, user) => {
    if ((socket.handshake.auth as HandshakeAuth | undefined)?.autoRejoin === false) return;
    const room = await store.findByUser(user.id);
    const seat = room && machine.seatOf(room, user.id);
    if (room && seat && !seat.left) socket.data.duelCode = room.code;
  });

  // Such a socket, or a session recovered with its room (with Redis), joins the room's broadcasts,
  // marks its seat connected and has the room's clock announced here, and hears a rematch start it
  // missed (offerMissedRematch).
  onSocketConnected(io, (socket) => {
    const code = socket.data.duelCode;
    const user = socket.data.user;
    if (!code || !user) return;
    void socket.join(duelRoom(code));
    seatPresence.sync(user.id, code);
    const now = clock.now();
    updateInBackground(
      code,
      seated(user.id, (room) => machine.setConnected(room, user.id, true, now)),
      (outcome) => {
        if (!outcome?.result.ok) return detach(socket, code); // left or gone meanwhile
        emitTransition(outcome.result);
        const room = outcome.result.room ?? outcome.before;
        followRoom(room);
        offerMissedRematch(socket, room, user.id);
      },
      background('could not put a connecting socket back in its room', { roomCode: code, userId: user.id }),
    );
  });

  onSocketDisconnect(io, (socket) => {
    const code = socket.data.duelCode;
    const user = socket.data.user;
    if (!code || !user) return;
    // Another tab of the same player still attached here keeps the seat connected.
    for (const other of socketsOf(user.id)) if (other !== socket && other.data.duelCode === code) return;
    seatPresence.dropped(user.id, code);
  });

  let closed: Promise<void> | null = null;
  const handle: DuelHandle = {
    close() {
      closed ??= (async () => {
        clocks.close();
        clearInterval(sweeper);
        if (catchUpTimer) clearInterval(catchUpTimer);
        redis?.client.off('ready', onRedisBack);
        broadcasts.close();
        await leaseLoop?.stop();
        const mine = clocks.driven();
        for (const code of mine) clocks.undrive(code);
        await leases?.expire().catch(background('could not hand room clock leases over', {}));
      })();
      return closed;
    },
    async settle() {
      // A change's outcome may start another (none does today); wait until none is left.
      while (inBackground.size > 0) await Promise.all(inBackground);
    },
    store,
    tick: () => clocks.visitAll(),
    sweep,
    leaseRound: async () => leaseLoop?.round(true),
    catchUp,
    driven: () => clocks.driven(),
    keepsClock: (code, gameId) => clocks.has(code, gameId),
    async currentRoom(userId) {
      const room = await store.findByUser(userId);
      return room ? machine.currentRoomFor(room, userId, clock.now()) : null;
    },
    leaveForGood: (userId, asName) =>
      seatLock(`user:${userId}`, () => leaveCurrentRoom({ id: userId, name: asName, isGuest: false }, clock.now(), undefined, asName)),
  };
  handles.set(io, handle);
  return handle;
}
