/**
 * The clocks of running Math Challenge games as one process keeps them (room-clocks.ts), and how
 * they are followed across processes. Kept apart from the game's actions (duel.service.ts): this is
 * about which process announces which clock, not about the rules.
 *
 * The clock of a running game is announced by every process to its own sockets and driven, ended
 * on time, by one process: in memory, this one; with Redis, the holder of the room's lease
 * (room-leases.ts), which a survivor takes over when its holder dies. With Redis, the processes
 * tell each other of games starting and ending (`duelClock`, a Socket.IO server-side event), so
 * that each can announce to its own players; a process that missed a start (its pub/sub subscriber
 * was disconnected) finds the game within DUEL_CATCH_UP_INTERVAL_MS (3 s) by reading again the
 * rooms it has sockets of but no clock for (`catchUp`); for 10 s after its Redis connection comes
 * back, it also reads again the rooms whose clock it follows, since an end or a rematch start may
 * have been lost with them.
 */
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { RedisHandle } from '../platform/redis.js';
import type { TypedServer } from '../platform/socket.js';
import * as machine from './duel.machine.js';
import type { DuelRoom } from './duel.machine.js';
import { duelCodeOf, duelRoom } from './duel-broadcasts.js';
import { RoomClocks, type GameClock } from './room-clocks.js';
import type { RoomStore } from './room-store.js';

/** Catch-up passes that start within this time of the Redis connection coming back re-read the
 * followed rooms too (catchUp): ioredis reconnects the adapter's subscriber on the same back-off
 * (at most 2 s between attempts), so by then it has missed whatever pub/sub sent meanwhile. */
const RECHECK_AFTER_RECONNECT_MS = 10_000;

/** The clock of a room's game as RoomClocks keeps it. */
export const clockOf = (game: NonNullable<DuelRoom['game']>): GameClock => ({
  gameId: game.id,
  startsAt: game.startsAt,
  endsAt: game.endsAt,
  rematch: game.rematch,
});

export interface ClockFollowingDeps {
  io: TypedServer;
  redis: RedisHandle | null;
  clock: Clock;
  store: RoomStore;
  logger: Logger;
  /** Real-time period of catchUp in ms (config DUEL_CATCH_UP_INTERVAL_MS; 0: never on its own). */
  catchUpEveryMs: number;
  /** Ends a driven game whose time is up (RoomClocks runs one attempt at a time per room). */
  end(code: string, game: GameClock, now: number): Promise<void>;
  /** Logs a failed background step instead of letting it reject unseen. */
  background(what: string, fields: Record<string, unknown>): (error: unknown) => void;
}

export interface ClockFollowing {
  /** This process's clocks (room-clocks.ts). */
  clocks: RoomClocks;
  /** Drops room `code`'s clock (of game `gameId` only, when given) and its announcement target. */
  forgetClock(code: string, gameId?: string): void;
  /** With Redis, tells the other processes that a game started (they announce its clock to their
   * sockets of the room) or ended (they stop). */
  tellProcesses(code: string, game: GameClock, over: boolean): void;
  /** Announces the running game of a room this process just read, when it has no clock for it yet
   * (with Redis: a player reconnected here, or this process missed the start). */
  followRoom(room: DuelRoom): void;
  /** See DuelHandle.catchUp (duel-contract.ts). */
  catchUp(): Promise<void>;
  /** Stops the clocks, the catch-up timer and the Redis listener. */
  close(): void;
}

/** Builds this process's clocks and starts following the other processes' (see the file header). */
export function createClockFollowing(deps: ClockFollowingDeps): ClockFollowing {
  const { io, redis, clock, store, logger, background } = deps;
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
    end: (code, game, now) => deps.end(code, game, now),
    onError: (error, code) => logger.error({ err: error, roomCode: code }, 'duel clock failed on a room'),
  });

  function forgetClock(code: string, gameId?: string): void {
    clocks.forget(code, gameId);
    if (!clocks.has(code)) announceTargets.delete(code);
  }

  function tellProcesses(code: string, game: GameClock, over: boolean): void {
    if (redis) io.serverSideEmit('duelClock', { code, ...game, over });
  }

  function followRoom(room: DuelRoom): void {
    if (room.status === 'playing' && room.game && !clocks.has(room.code, room.game.id)) clocks.follow(room.code, clockOf(room.game), false);
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
  const catchUpTimer =
    redis && deps.catchUpEveryMs > 0
      ? setInterval(() => void catchUp().catch(background('duel clock catch-up failed', {})), deps.catchUpEveryMs)
      : null;
  catchUpTimer?.unref();

  if (redis) {
    io.on('duelClock', ({ code, over, ...game }) => {
      if (over) return forgetClock(code, game.gameId);
      if (hasLocalSockets(code)) followClock(code, game);
    });
  }

  return {
    clocks,
    forgetClock,
    tellProcesses,
    followRoom,
    catchUp,
    close() {
      clocks.close();
      if (catchUpTimer) clearInterval(catchUpTimer);
      redis?.client.off('ready', onRedisBack);
    },
  };
}
