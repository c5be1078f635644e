/**
 * The Math Challenge on the socket (spec §7 "Real-time socket"): translates client events into the
 * pure transitions of duel.machine.ts, keeps rooms in a RoomStore, broadcasts the effects, runs the
 * server-owned game clock, and hands finished games to the rating service. No database on any
 * acknowledgement path: `ratings.recordDuel` only enqueues.
 *
 * Each socket attached to a room joins the Socket.IO room `duel:{code}`; broadcasts go there.
 * A user is in at most one room at a time (store.findByUser); a socket is attached to at most one
 * (socket.data.duelCode).
 */
import { randomUUID, webcrypto } from 'node:crypto';
import { roomCode, type Rng } from '@mathsprint/shared/domain';
import {
  createRoomSchema,
  DUEL_ERRORS,
  emptyPayloadSchema,
  joinRoomSchema,
  rejoinRoomSchema,
  submitAnswerSchema,
} from '@mathsprint/shared/protocol';
import type { SessionUser } from '../accounts/session-user.js';
import type { Config } from '../config.js';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import { userRoom } from '../platform/notifier.js';
import { onClientEvent, onSocketDisconnect, type TypedServer, type TypedSocket } from '../platform/socket.js';
import { timedHandler } from '../ops/metrics.js';
import type { FinishedDuel } from '../rating/finished-game.js';
import * as machine from './duel.machine.js';
import type { DuelEffect, DuelIdentity, DuelRoom, Transition } from './duel.machine.js';
import { MemoryRoomStore, type RoomStore } from './room-store.js';
import { SLOT_MS, TickWheel } from './tick-wheel.js';

export interface DuelDeps {
  clock: Clock;
  config: Config;
  logger: Logger;
  /** The rating service: `recordDuel` enqueues a finished game (stored once, rated when both
   * players are signed-in non-guests) and must return at once. */
  ratings: { recordDuel(game: FinishedDuel): void };
  /** Defaults to a new MemoryRoomStore. */
  store?: RoomStore;
  /** Receives each submitAnswer acknowledgement's handling time in ms (the /metrics histogram). */
  observeAnswerAck?: (ms: number) => void;
}

export interface DuelHandle {
  /** Stops the clock and the sweeper. Rooms stay in the store. */
  close(): void;
  /** The live rooms. Tests read a game's answers from here; nothing else should. */
  store: RoomStore;
  /** Visits every running room now: ends those whose time is up and sends timerUpdate. The shared
   * interval does this on its own every 100 ms; tests call it after moving a ManualClock. */
  tick(): void;
  /** Deletes rooms nobody has been connected to for 10 minutes (runs every minute on its own). */
  sweep(): void;
}

/** How often abandoned rooms are looked for. */
const SWEEP_EVERY_MS = 60_000;
/**
 * Rooms visited by the clock before it yields to I/O: a visit is one timerUpdate broadcast to two
 * sockets, some 20–50 µs, so a chunk holds the event loop for a few milliseconds at most.
 */
const VISIT_CHUNK = 16;

const handles = new WeakMap<TypedServer, DuelHandle>();

/** The duel handle registered on `io` (tests reach the store through `app.io`). */
export function duelHandleOf(io: TypedServer): DuelHandle | undefined {
  return handles.get(io);
}

/** Socket.IO room of a Math Challenge room's sockets. */
export const duelRoom = (code: string): string => `duel:${code}`;

/** Room codes must not be guessable: draw them from the OS's CSPRNG, not Math.random. */
const cryptoRng: Rng = () => webcrypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

const identity = (user: SessionUser): DuelIdentity => ({ userId: user.id, name: user.name, isGuest: user.isGuest });

const newGame = (): { id: string; seed: string } => ({ id: randomUUID(), seed: randomUUID() });

/**
 * Routes createRoom, joinRoom, startGame, rejoinRoom, getTimer, submitAnswer, rematch and leaveRoom
 * (platform/socket.ts validates, authenticates and acknowledges), follows disconnections, and starts
 * the shared game clock (tick-wheel.ts) and the idle-room sweeper.
 */
export function registerDuelHandlers(io: TypedServer, deps: DuelDeps): DuelHandle {
  const { clock, logger, ratings } = deps;
  const store = deps.store ?? new MemoryRoomStore();
  const wheel = new TickWheel();
  /** Last timeLeft sent per running room, so each second is announced once. */
  const sentTimeLeft = new Map<string, number>();
  const options = { logger };

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
    if (socket.data.duelCode === code) return;
    if (socket.data.duelCode) void socket.leave(duelRoom(socket.data.duelCode));
    void socket.join(duelRoom(code));
    socket.data.duelCode = code;
  }

  /** Detaches every socket of `userId` from room `code` (after the user left it). */
  function detachUser(userId: string, code: string): void {
    for (const s of socketsOf(userId)) {
      if (s.data.duelCode !== code) continue;
      void s.leave(duelRoom(code));
      s.data.duelCode = undefined;
    }
  }

  function deleteRoom(code: string): void {
    store.delete(code);
    wheel.remove(code);
    sentTimeLeft.delete(code);
    io.in(duelRoom(code)).socketsLeave(duelRoom(code));
  }

  function emitEffect(room: DuelRoom, effect: DuelEffect): void {
    const to = io.to(duelRoom(room.code));
    switch (effect.type) {
      case 'roomUpdate':
        to.emit('roomUpdate', machine.publicPlayers(room));
        return;
      case 'progressUpdate':
        to.emit('progressUpdate', machine.publicPlayers(room));
        return;
      case 'gameStarted': {
        const game = room.game!;
        wheel.add(room.code, game.startsAt);
        sentTimeLeft.delete(room.code);
        const questions = machine.questionTexts(game.questions);
        if (effect.rematch) to.emit('rematchStarted', { questions, mode: room.mode, players: machine.publicPlayers(room) });
        else to.emit('gameStarted', { questions, mode: room.mode });
        return;
      }
      case 'gameOver':
        wheel.remove(room.code);
        sentTimeLeft.delete(room.code);
        to.emit('gameOver', { players: machine.rankedPlayers(room), winner: effect.winner });
        try {
          ratings.recordDuel(effect.result);
        } catch (error) {
          logger.error({ err: error, gameId: effect.result.gameId }, 'could not hand the finished game to ratings');
        }
        return;
      case 'rematchRequested':
        to.except(userRoom(effect.byUserId)).emit('rematchRequested', { name: effect.name });
        return;
    }
  }

  /**
   * progressUpdate after a correct answer is sent once the current batch of socket input has been
   * handled (setImmediate), not before the answer's acknowledgement: under load the
   * acknowledgements of a whole batch go out first, and answers of one room in the same batch share
   * one progressUpdate carrying the latest scores. A game's final progressUpdate stays immediate, so
   * it still comes before gameOver.
   */
  const pendingProgress = new Set<string>();
  let progressFlush: NodeJS.Immediate | null = null;
  const flushProgress = (): void => {
    progressFlush = null;
    for (const code of pendingProgress) {
      const room = store.get(code);
      if (room?.status === 'playing') io.to(duelRoom(code)).emit('progressUpdate', machine.publicPlayers(room));
    }
    pendingProgress.clear();
  };

  function apply(before: DuelRoom, transition: Transition): DuelRoom {
    const room = transition.room;
    if (room !== before) store.set(room);
    const { effects } = transition;
    if (effects.length === 1 && effects[0]!.type === 'progressUpdate') {
      pendingProgress.add(room.code);
      progressFlush ??= setImmediate(flushProgress);
      return room;
    }
    // The final progressUpdate goes out right now, with gameOver; a pending one is stale.
    if (effects.some((e) => e.type === 'gameOver')) pendingProgress.delete(room.code);
    for (const effect of effects) emitEffect(room, effect);
    return room;
  }

  /** Takes the user out of their current room before they create or join another. Refused while
   * their game runs ("Finish your current game first"). Returns an error text or null. */
  function leaveCurrentRoom(user: SessionUser, now: number, exceptCode?: string): string | null {
    const room = store.findByUser(user.id);
    if (!room || room.code === exceptCode) return null;
    const outcome = machine.leaveRoom(room, user.id, now);
    if (!outcome.ok) return outcome.error;
    apply(room, outcome);
    detachUser(user.id, room.code);
    if (outcome.closed) deleteRoom(room.code);
    return null;
  }

  function newRoomCode(): string {
    // 31^6 ≈ 887 million codes: a collision is rare, 20 in a row is a bug.
    for (let i = 0; i < 20; i++) {
      const code = roomCode(cryptoRng);
      if (!store.has(code)) return code;
    }
    throw new Error('no free room code after 20 draws');
  }

  /** The room this socket is attached to, when its user still sits in it. */
  function roomOf(socket: TypedSocket, userId: string): DuelRoom | undefined {
    const code = socket.data.duelCode;
    const room = code === undefined ? undefined : store.get(code);
    return room && machine.seatOf(room, userId) ? room : undefined;
  }

  function visit(code: string, now: number): void {
    const room = store.get(code);
    if (!room || room.status !== 'playing') {
      wheel.remove(code);
      sentTimeLeft.delete(code);
      return;
    }
    const ended = machine.tick(room, now);
    if (ended) {
      // The clients end the game when the timer reaches 0 (spec §4), so say so before gameOver.
      if (sentTimeLeft.get(code) !== 0) io.to(duelRoom(code)).emit('timerUpdate', { timeLeft: 0 });
      apply(room, ended);
      return;
    }
    const left = machine.timeLeft(room, now);
    if (sentTimeLeft.get(code) === left) return;
    sentTimeLeft.set(code, left);
    io.to(duelRoom(code)).emit('timerUpdate', { timeLeft: left });
  }

  function safeVisit(code: string, now: number): void {
    try {
      visit(code, now);
    } catch (error) {
      logger.error({ err: error, roomCode: code }, 'duel clock failed on a room');
    }
  }

  function sweep(): void {
    const now = clock.now();
    for (const room of store.values()) if (machine.isAbandoned(room, now)) deleteRoom(room.code);
  }

  /**
   * Rooms due for a visit, drained VISIT_CHUNK at a time with setImmediate in between, so answers
   * that arrive meanwhile are acknowledged between chunks instead of waiting behind a whole slot
   * (rooms started together, as a burst of games does, share a slot).
   */
  const dueCodes: string[] = [];
  let dueHead = 0;
  let draining: NodeJS.Immediate | null = null;
  const drain = (): void => {
    draining = null;
    const now = clock.now();
    const end = Math.min(dueCodes.length, dueHead + VISIT_CHUNK);
    while (dueHead < end) safeVisit(dueCodes[dueHead++]!, now);
    if (dueHead < dueCodes.length) {
      draining = setImmediate(drain);
    } else {
      dueCodes.length = 0;
      dueHead = 0;
    }
  };

  let lastSweep = clock.now();
  const interval = setInterval(() => {
    const now = clock.now();
    wheel.due(now, (code) => dueCodes.push(code));
    if (dueHead < dueCodes.length && !draining) drain();
    if (now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      try {
        sweep();
      } catch (error) {
        logger.error({ err: error }, 'duel room sweep failed');
      }
    }
  }, SLOT_MS);
  interval.unref();

  onClientEvent(
    io,
    'createRoom',
    createRoomSchema,
    ({ socket, user }, { mode }) => {
      const now = clock.now();
      const refused = leaveCurrentRoom(user, now);
      if (refused) return { error: refused };
      const room = machine.createRoom({ code: newRoomCode(), mode, host: identity(user) }, now);
      store.set(room);
      attach(socket, room.code);
      const players = machine.publicPlayers(room);
      io.to(duelRoom(room.code)).emit('roomUpdate', players);
      return { roomCode: room.code, players, mode: room.mode, isHost: true };
    },
    options,
  );

  onClientEvent(
    io,
    'joinRoom',
    joinRoomSchema,
    ({ socket, user }, { roomCode: code }) => {
      const now = clock.now();
      const room = store.get(code);
      if (!room) return { error: DUEL_ERRORS.roomNotFound };
      const current = store.findByUser(user.id);
      if (current && current.code !== code && current.status === 'playing') return { error: DUEL_ERRORS.finishCurrent };
      const outcome = machine.joinRoom(room, identity(user), now);
      if (!outcome.ok) return { error: outcome.error };
      leaveCurrentRoom(user, now, code);
      attach(socket, code);
      const next = apply(room, outcome);
      return { roomCode: code, players: machine.publicPlayers(next), mode: next.mode, isHost: machine.isHost(next, user.id) };
    },
    options,
  );

  onClientEvent(
    io,
    'startGame',
    emptyPayloadSchema,
    ({ socket, user }) => {
      const room = roomOf(socket, user.id);
      if (!room) return { error: DUEL_ERRORS.noRoom };
      const outcome = machine.startGame(room, user.id, newGame(), clock.now());
      if (!outcome.ok) return { error: outcome.error };
      apply(room, outcome);
      return {};
    },
    options,
  );

  onClientEvent(
    io,
    'rejoinRoom',
    rejoinRoomSchema,
    ({ socket, user }, { roomCode: code }) => {
      // The player is identified by the socket's user id; the payload's name is not trusted.
      const now = clock.now();
      const room = store.get(code);
      if (!room) return { error: DUEL_ERRORS.roomNotFound };
      if (!machine.seatOf(room, user.id)) return { error: DUEL_ERRORS.notInRoom };
      attach(socket, code);
      const next = apply(room, machine.setConnected(room, user.id, true, now));
      return machine.snapshotFor(next, user.id, now);
    },
    options,
  );

  onClientEvent(
    io,
    'getTimer',
    emptyPayloadSchema,
    ({ socket, user }) => {
      const room = roomOf(socket, user.id);
      if (!room) return { timeLeft: 0, error: DUEL_ERRORS.noRoom };
      return { timeLeft: machine.timeLeft(room, clock.now()) };
    },
    { ...options, errorReply: (error) => ({ timeLeft: 0, error }) },
  );

  onClientEvent(
    io,
    'submitAnswer',
    submitAnswerSchema,
    timedHandler(deps.observeAnswerAck, ({ socket, user }, { answer }) => {
      const room = roomOf(socket, user.id);
      if (!room) return { error: DUEL_ERRORS.noRoom };
      const outcome = machine.submitAnswer(room, user.id, answer, clock.now());
      if (!outcome.ok) return { error: outcome.error };
      apply(room, outcome);
      return outcome.reply;
    }),
    options,
  );

  onClientEvent(
    io,
    'rematch',
    emptyPayloadSchema,
    ({ socket, user }) => {
      const room = roomOf(socket, user.id);
      if (!room) return { error: DUEL_ERRORS.noRoom };
      const outcome = machine.requestRematch(room, user.id, newGame(), clock.now());
      if (!outcome.ok) return { error: outcome.error };
      apply(room, outcome);
      return {};
    },
    options,
  );

  onClientEvent(
    io,
    'leaveRoom',
    emptyPayloadSchema,
    ({ socket, user }) => {
      const refused = leaveCurrentRoom(user, clock.now());
      if (refused) return { error: refused };
      // A socket still attached to a room its user no longer sits in (a second tab) lets go too.
      if (socket.data.duelCode) {
        void socket.leave(duelRoom(socket.data.duelCode));
        socket.data.duelCode = undefined;
      }
      return {};
    },
    options,
  );

  onSocketDisconnect(io, (socket) => {
    const code = socket.data.duelCode;
    const user = socket.data.user;
    if (!code || !user) return;
    // Another tab of the same player still attached keeps the seat connected.
    for (const other of socketsOf(user.id)) if (other !== socket && other.data.duelCode === code) return;
    const room = store.get(code);
    if (room) apply(room, machine.setConnected(room, user.id, false, clock.now()));
  });

  const handle: DuelHandle = {
    close() {
      clearInterval(interval);
      if (draining) clearImmediate(draining);
      if (progressFlush) clearImmediate(progressFlush);
    },
    store,
    tick() {
      const now = clock.now();
      wheel.all((code) => safeVisit(code, now));
    },
    sweep,
  };
  handles.set(io, handle);
  return handle;
}
