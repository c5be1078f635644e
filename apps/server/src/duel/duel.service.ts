/**
 * The Math Challenge's game service (spec §7 "Real-time socket"): runs the players' actions as the
 * pure transitions of duel.machine.ts on rooms in a RoomStore, broadcasts their effects
 * (duel-broadcasts.ts), ends games on time, sweeps idle rooms and hands finished games to the
 * rating service. duel.socket.ts routes the client events here; the clocks across processes are
 * clock-following.ts, the sockets' attachment to rooms seat-attachment.ts. No database on any
 * acknowledgement path: `ratings.recordDuel` only enqueues.
 *
 * A user is in at most one room at a time (store.findByUser). Every change to a room is one atomic
 * `store.update` running a pure transition, so any process can serve any player of any room.
 */
import { randomUUID, webcrypto } from 'node:crypto';
import { hostname } from 'node:os';
import { roomCode, type PaceThresholds, type Rng } from '@mathsprint/shared/domain';
import type { z } from 'zod';
import { DUEL_REFUSALS, type createRoomSchema, type CurrentRoomResponse, type DuelRefusalKey, type emptyPayloadSchema, type ErrorAck } from '@mathsprint/shared/protocol';
import type { ErrorReply, HandshakeAuth, joinRoomSchema } from '@mathsprint/shared/protocol';
import { paceThresholds } from '../fair-play/fair-play.service.js';
import { createLocalLocks } from '../platform/local-locks.js';
import { createRedisLocks, type KeyedLock } from '../platform/redis-locks.js';
import type { SessionUser } from '../platform/session-user.js';
import type { EventContext, TypedServer, TypedSocket } from '../platform/socket.js';
import type { FinishedDuel } from './finished-duel.js';
import { clockOf, createClockFollowing } from './clock-following.js';
import * as machine from './duel.machine.js';
import { replyOf, type DuelIdentity, type DuelRoom, type Refusal } from './duel.machine.js';
import { createDuelBroadcasts, duelRoom } from './duel-broadcasts.js';
import { startLeaseLoop } from './lease-loop.js';
import { SEAT_LOCK_NAME } from './redis-keys.js';
import { RedisRoomStore } from './redis-room-store.js';
import type { GameClock } from './room-clocks.js';
import { RoomLeases } from './room-leases.js';
import { RoomPresence } from './room-presence.js';
import { andThen, MemoryRoomStore, type ChangeResult } from './room-store.js';
import { createSeatAttachment } from './seat-attachment.js';
import type { DuelDeps, DuelHandle, DuelService } from './duel-contract.js';

export type { DuelDeps, DuelHandle, DuelService } from './duel-contract.js';
/** The record of a finished game that the duel hands to the rating service (finished-duel.ts). */
export { finishedDuelSchema, type FinishedDuel, type FinishedDuelPlayer } from './finished-duel.js';

/** How often abandoned rooms are looked for. */
const SWEEP_EVERY_MS = 60_000;

/** Room codes must not be guessable: draw them from the OS's CSPRNG, not Math.random. */
const cryptoRng: Rng = () => webcrypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

const identity = (user: SessionUser): DuelIdentity => ({ userId: user.id, name: user.name, isGuest: user.isGuest });

const newGame = (pace: PaceThresholds): machine.NewGame => ({ id: randomUUID(), seed: randomUUID(), pace });

const refusal = (why: DuelRefusalKey): Refusal => ({ ok: false, ...DUEL_REFUSALS[why] });

/** Runs `transition` only for a user seated in the room; "You are not in a room" otherwise. */
function seated<R extends ChangeResult>(userId: string, transition: (room: DuelRoom) => R, why: DuelRefusalKey = 'noRoom') {
  return (room: DuelRoom): R | Refusal => (machine.seatOf(room, userId) ? transition(room) : refusal(why));
}

/** Builds the Math Challenge for one process: store, clocks, sweeper and, with Redis, the leases. */
export function createDuelService(io: TypedServer, deps: DuelDeps): DuelService {
  const { clock, logger, ratings } = deps;
  const redis = deps.redis ?? null;
  const store = deps.store ?? (redis ? new RedisRoomStore(redis, clock) : new MemoryRoomStore());
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leases = redis ? new RoomLeases(redis, owner) : null;
  const presence = redis ? new RoomPresence(redis, owner) : null;
  const pace = paceThresholds(deps.config);

  /** Logs a failed background step (a lease call, a hand-over) instead of letting it reject unseen. */
  const background = (what: string, fields: Record<string, unknown>) => (error: unknown) =>
    logger.error({ err: error, ...fields }, what);

  const following = createClockFollowing({
    io,
    redis,
    clock,
    store,
    logger,
    catchUpEveryMs: deps.config.DUEL_CATCH_UP_INTERVAL_MS,
    end: (code, game, now) => endOnTime(code, game, now),
    background,
  });
  const { clocks, forgetClock, tellProcesses, followRoom } = following;

  async function deleteRoom(code: string): Promise<void> {
    await store.delete(code);
    forgetClock(code);
    io.in(duelRoom(code)).socketsLeave(duelRoom(code));
  }

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

  const seats = createSeatAttachment({
    io,
    redis,
    presence,
    store,
    async setConnected({ code, userId }, connected) {
      const outcome = await store.update(code, seated(userId, (room) => machine.setConnected(room, userId, connected, clock.now())));
      if (outcome?.result.ok) emitTransition(outcome.result);
    },
    logger,
  });
  const { attach, detach, seatPresence } = seats;

  /**
   * Serialises a user's seat changes (createRoom, joinRoom, leaveRoom): each leaves the user's
   * current room and then takes a seat, with awaits between, so two sent at once (a double click,
   * two tabs, on one process or two) would both find the same current room and leave the user
   * seated in two rooms, against the store's "a user has at most one". One after the other, the
   * second leaves the room the first took, as when they come a moment apart. Across processes
   * through Redis (`P duel-seat:lock:user:{id}`, redis-keys.ts), else within this one.
   */
  const seatLock: KeyedLock = redis ? createRedisLocks(redis, SEAT_LOCK_NAME) : createLocalLocks();
  const bySeatChange =
    <P, R>(handler: (context: EventContext, payload: P) => Promise<R>) =>
    (context: EventContext, payload: P): Promise<R> =>
      seatLock(`user:${context.user.id}`, () => handler(context, payload));

  /** Takes the user out of their current room before they create or join another. Refused while
   * their game runs ("Finish your current game first"). Returns the refusal's ack or null. */
  async function leaveCurrentRoom(user: SessionUser, now: number, exceptCode?: string, asName?: string): Promise<ErrorReply | null> {
    const current = await store.findByUser(user.id);
    if (!current || current.code === exceptCode) return null;
    const outcome = await store.update(current.code, (room) => machine.leaveRoom(room, user.id, now, asName));
    if (!outcome) return null;
    const { result } = outcome;
    if (!result.ok) return replyOf(result);
    emitTransition(result);
    seats.detachUser(user.id, current.code);
    if (result.closed) await deleteRoom(current.code);
    return null;
  }

  /** Sends `socket` the rematch start its player missed (duel.machine.ts `missedRematch`): a
   * connection back in the room during the rematch's countdown hears rematchStarting {seconds} now
   * and rematchStarted from the clock at the start (clock-following.ts announceRematch; followRoom
   * was called first); one back after the clock started hears rematchStarted now. */
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

  /** With Redis: renews this process's clock leases, takes over the rooms of dead processes, marks
   * their players who did not come back disconnected and stores the games they left unstored
   * (lease-loop.ts). */
  const leaseLoop =
    leases && presence
      ? startLeaseLoop({ leases, presence, store, clocks, clockOf, record, clock, logger, absent: seatPresence.absent, reassert: seatPresence.reassert })
      : null;

  /** Runs a seated player's transition on the socket's room and broadcasts it; `{}` or the refusal. */
  async function act(socket: TypedSocket, userId: string, transition: (room: DuelRoom) => ChangeResult | Refusal): Promise<ErrorAck> {
    const code = socket.data.duelCode;
    if (!code) return DUEL_REFUSALS.noRoom;
    const outcome = await store.update(code, seated(userId, transition));
    if (!outcome) return DUEL_REFUSALS.noRoom;
    const { result } = outcome;
    if (result && !result.ok) return replyOf(result as Refusal);
    emitTransition(result);
    return {};
  }

  let closed: Promise<void> | null = null;
  const handle: DuelHandle = {
    close() {
      closed ??= (async () => {
        following.close();
        clearInterval(sweeper);
        broadcasts.close();
        await leaseLoop?.stop();
        const mine = clocks.driven();
        for (const code of mine) clocks.undrive(code);
        await leases?.expire().catch(background('could not hand room clock leases over', {}));
      })();
      return closed;
    },
    settle: () => seats.settle(),
    store,
    tick: () => clocks.visitAll(),
    sweep,
    leaseRound: async () => leaseLoop?.round(true),
    catchUp: following.catchUp,
    driven: () => clocks.driven(),
    keepsClock: (code, gameId) => clocks.has(code, gameId),
    async currentRoom(userId): Promise<CurrentRoomResponse['room']> {
      const room = await store.findByUser(userId);
      return room ? machine.currentRoomFor(room, userId, clock.now()) : null;
    },
    leaveForGood: (userId, asName) =>
      seatLock(`user:${userId}`, async () => (await leaveCurrentRoom({ id: userId, name: asName, isGuest: false }, clock.now(), undefined, asName))?.error ?? null),
  };

  return {
    handle,
    createRoom: bySeatChange(async ({ socket, user }, { mode }: z.output<typeof createRoomSchema>) => {
      const now = clock.now();
      const refused = await leaveCurrentRoom(user, now);
      if (refused) return refused;
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

    joinRoom: bySeatChange(async ({ socket, user }, { roomCode: code }: z.output<typeof joinRoomSchema>) => {
      const now = clock.now();
      const room = await store.get(code);
      if (!room) return DUEL_REFUSALS.roomNotFound;
      const current = await store.findByUser(user.id);
      if (current && current.code !== code && current.status === 'playing') return DUEL_REFUSALS.finishCurrent;
      // Refused joins leave the user's current room alone; the real join below runs on the latest room.
      const check = machine.joinRoom(room, identity(user), now);
      if (!check.ok) return replyOf(check);
      await leaveCurrentRoom(user, now, code);
      attach(socket, code);
      const outcome = await store.update(code, (latest) => machine.joinRoom(latest, identity(user), now));
      if (!outcome?.result.ok) {
        detach(socket, code);
        return outcome ? replyOf(outcome.result as Refusal) : DUEL_REFUSALS.roomNotFound;
      }
      emitTransition(outcome.result);
      const next = outcome.result.room;
      return { roomCode: code, players: machine.publicPlayers(next), mode: next.mode, isHost: machine.isHost(next, user.id) };
    }),

    startGame: ({ socket, user }) => {
      const game = newGame(pace);
      const now = clock.now();
      return act(socket, user.id, (room) => machine.startGame(room, user.id, game, now));
    },

    async rejoinRoom({ socket, user }, { roomCode: code }) {
      // The player is identified by the socket's user id; the payload's name is not trusted.
      const now = clock.now();
      // Only a seated player is attached: attaching anyone who names a code would send them the
      // room's broadcasts until the refusal below (a store round trip with Redis).
      const seatedRoom = await store.get(code);
      if (!seatedRoom) return DUEL_REFUSALS.roomNotFound;
      if (!machine.seatOf(seatedRoom, user.id)) return DUEL_REFUSALS.notInRoom;
      // Attached first, so no broadcast after the snapshot below is missed.
      const previous = socket.data.duelCode;
      attach(socket, code);
      const outcome = await store.update(code, seated(user.id, (room) => machine.setConnected(room, user.id, true, now), 'notInRoom'));
      if (!outcome?.result.ok) {
        detach(socket, code);
        if (previous && previous !== code) attach(socket, previous);
        return outcome ? replyOf(outcome.result as Refusal) : DUEL_REFUSALS.roomNotFound;
      }
      emitTransition(outcome.result);
      const room = outcome.result.room ?? outcome.before;
      followRoom(room);
      offerMissedRematch(socket, room, user.id);
      return machine.snapshotFor(room, user.id, now);
    },

    async getTimer({ socket, user }) {
      const code = socket.data.duelCode;
      const room = code === undefined ? undefined : await store.get(code);
      if (!room || !machine.seatOf(room, user.id)) return { timeLeft: 0, ...DUEL_REFUSALS.noRoom };
      followRoom(room);
      return { timeLeft: machine.timeLeft(room, clock.now()) };
    },

    submitAnswer({ socket, user }, { answer }) {
      const code = socket.data.duelCode;
      if (!code) return DUEL_REFUSALS.noRoom;
      const now = clock.now();
      const outcome = store.update(code, seated(user.id, (room) => machine.submitAnswer(room, user.id, answer, now)));
      return andThen(outcome, (changed) => {
        if (!changed) return DUEL_REFUSALS.noRoom;
        if (redis) followRoom(changed.before);
        const { result } = changed;
        if (!result.ok) return replyOf(result);
        emitTransition(result);
        return result.reply;
      });
    },

    rematch: ({ socket, user }) => {
      const game = newGame(pace);
      const now = clock.now();
      return act(socket, user.id, (room) => machine.requestRematch(room, user.id, game, now));
    },

    leaveRoom: bySeatChange(async ({ socket, user }, _payload: z.output<typeof emptyPayloadSchema>) => {
      const refused = await leaveCurrentRoom(user, clock.now());
      if (refused) return refused;
      // A socket still attached to a room its user no longer sits in (a second tab) lets go too.
      if (socket.data.duelCode) detach(socket, socket.data.duelCode);
      return {};
    }),

    async handshake(socket, user) {
      if ((socket.handshake.auth as HandshakeAuth | undefined)?.autoRejoin === false) return;
      const room = await store.findByUser(user.id);
      const seat = room && machine.seatOf(room, user.id);
      if (room && seat && !seat.left) socket.data.duelCode = room.code;
    },

    connected(socket) {
      const code = socket.data.duelCode;
      const user = socket.data.user;
      if (!code || !user) return;
      void socket.join(duelRoom(code));
      seatPresence.sync(user.id, code);
      const now = clock.now();
      seats.updateInBackground(
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
    },

    disconnected(socket) {
      const code = socket.data.duelCode;
      const user = socket.data.user;
      if (!code || !user) return;
      // Another tab of the same player still attached here keeps the seat connected.
      for (const other of seats.socketsOf(user.id)) if (other !== socket && other.data.duelCode === code) return;
      seatPresence.dropped(user.id, code);
    },
  };
}
