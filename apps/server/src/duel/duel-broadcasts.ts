/**
 * What a saved Math Challenge transition tells the room (spec §7 "Real-time socket", server
 * events): the effects duel.machine.ts returns become roomUpdate, progressUpdate, gameStarted or
 * rematchStarting, gameOver and rematchRequested, sent to the Socket.IO room `duel:{code}` (on every
 * process, through the Redis Streams adapter, with REDIS_URL). What a start or an end does besides
 * (clocks, leases, the rating service) is the caller's, through `DuelBroadcastHooks`.
 *
 * A correct answer's progressUpdate is sent once the current batch of socket input has been
 * handled (setImmediate), not before the answer's acknowledgement: under load the acknowledgements
 * of a whole batch go out first, and answers of one room in the same batch share one progressUpdate
 * carrying the latest scores (bench/duel). A game's final progressUpdate stays immediate, so it
 * still comes before gameOver.
 */
import { DUEL } from '@mathsprint/shared/constants';
import { userRoom } from '../platform/notifier.js';
import type { TypedServer } from '../platform/socket.js';
import type { FinishedDuel } from './finished-duel.js';
import * as machine from './duel.machine.js';
import type { DuelEffect, DuelRoom } from './duel.machine.js';
import type { ChangeResult } from './room-store.js';

const DUEL_ROOM_PREFIX = 'duel:';

/** Socket.IO room of a Math Challenge room's sockets. */
export const duelRoom = (code: string): string => `${DUEL_ROOM_PREFIX}${code}`;

/** The room code of a Socket.IO room named by duelRoom; null for any other room. */
export const duelCodeOf = (name: string): string | null => (name.startsWith(DUEL_ROOM_PREFIX) ? name.slice(DUEL_ROOM_PREFIX.length) : null);

export interface DuelBroadcastHooks {
  /** A game began its countdown in `room` (room.game is set); called before gameStarted or
   * rematchStarting goes out. */
  gameStarted(room: DuelRoom): void;
  /** A game ended in `room`; called before gameOver goes out, with what the rating service stores. */
  gameOver(room: DuelRoom, result: FinishedDuel): void;
}

export interface DuelBroadcasts {
  /** Broadcasts what a saved transition says; nothing for a refusal, a no-op (null) or a
   * transition without a room. */
  emitTransition(result: ChangeResult): void;
  /** Drops the progressUpdates still waiting for the end of the input batch (shutdown). */
  close(): void;
}

export function createDuelBroadcasts(io: TypedServer, hooks: DuelBroadcastHooks): DuelBroadcasts {
  const pendingProgress = new Map<string, DuelRoom>();
  let progressFlush: NodeJS.Immediate | null = null;
  const flushProgress = (): void => {
    progressFlush = null;
    for (const [code, room] of pendingProgress) io.to(duelRoom(code)).emit('progressUpdate', machine.publicPlayers(room));
    pendingProgress.clear();
  };

  function emitEffect(room: DuelRoom, effect: DuelEffect): void {
    const to = io.to(duelRoom(room.code));
    switch (effect.type) {
      case 'roomUpdate':
        to.emit('roomUpdate', machine.publicPlayers(room));
        return;
      case 'progressUpdate':
        to.emit('progressUpdate', machine.publicPlayers(room));
        return;
      case 'gameStarted':
        hooks.gameStarted(room);
        // A rematch's questions and rematchStarted wait for its clock (clock-following.ts announceRematch).
        if (effect.rematch) to.emit('rematchStarting', { seconds: DUEL.startCountdownSeconds });
        else to.emit('gameStarted', { questions: machine.questionTexts(room.game!.questions), mode: room.mode });
        return;
      case 'gameOver':
        hooks.gameOver(room, effect.result);
        to.emit('gameOver', { players: machine.rankedPlayers(room), winner: effect.winner });
        return;
      case 'rematchRequested':
        to.except(userRoom(effect.byUserId)).emit('rematchRequested', { name: effect.name });
        return;
    }
  }

  return {
    emitTransition(result) {
      if (!result?.ok || !result.room) return;
      const room = result.room;
      const effects = result.effects ?? [];
      if (effects.length === 1 && effects[0]!.type === 'progressUpdate') {
        const queued = pendingProgress.get(room.code);
        if (!queued || queued.version < room.version) pendingProgress.set(room.code, room);
        progressFlush ??= setImmediate(flushProgress);
        return;
      }
      // The final progressUpdate goes out right now, with gameOver; a pending one is stale.
      if (effects.some((e) => e.type === 'gameOver')) pendingProgress.delete(room.code);
      for (const effect of effects) emitEffect(room, effect);
    },
    close() {
      if (progressFlush) clearImmediate(progressFlush);
      progressFlush = null;
      pendingProgress.clear();
    },
  };
}
