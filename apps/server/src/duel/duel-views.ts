/**
 * What the Math Challenge shows of a room (pure, no change): the players as the wire shows them,
 * the payloads of rematchStarted and rejoinRoom, GET /api/rooms/current, the clock's seconds left,
 * the winner, and whether the sweeper may delete the room. Apart from the transitions
 * (duel.machine.ts, which re-exports all of it) so that each file stays small.
 */
import { PACE_FLAG_MESSAGE, rankPlayers } from '@mathsprint/shared/domain';
import type { CurrentRoomResponse, DuelPlayer, RoomSnapshot } from '@mathsprint/shared/protocol';
import { DUEL_ROOM_IDLE_MS, durationMs, isHost, questionTexts, seatOf, type DuelRoom } from './duel-room.js';

/** The players as the wire shows them (spec §3 "Player"), seat order. */
export function publicPlayers(room: DuelRoom): DuelPlayer[] {
  return room.seats.map((s) => ({
    name: s.name,
    userId: s.userId,
    score: s.score,
    current: s.current,
    connected: s.connected,
    // Players are told the rule's words; the stored reason adds the figures for operators.
    ...(s.paceFlag ? { paceFlag: PACE_FLAG_MESSAGE } : {}),
  }));
}

/** The rematchStarted payload (spec §7) of a room whose rematch runs: its question texts, mode
 * (minutes) and players (scores 0). */
export function rematchStartedPayload(room: DuelRoom): { questions: string[]; mode: number; players: DuelPlayer[] } {
  return { questions: room.game ? questionTexts(room.game.questions) : [], mode: room.mode, players: publicPlayers(room) };
}

/** What a connection back in a room must hear of a rematch's start it missed (missedRematch). */
export type MissedRematch = { event: 'rematchStarting'; seconds: number } | { event: 'rematchStarted' };

/**
 * What a connection of `userId` back in the room (put back by the server itself for a client
 * written to spec §7 alone, or by rejoinRoom) should hear now of the room's rematch, while the
 * player has not scored or moved on (so the spec's reset to 0 on rematchStarted, spec §4, loses
 * nothing):
 *  - during the rematch's 3 s countdown (spec §9), rematchStarting with the whole seconds left
 *    (rounded up): a connection that was down when both asked missed it, and without it a client
 *    would go to the game before its clock starts and have its answers refused. rematchStarted
 *    follows from the clock at the start, as for every connection in the room;
 *  - once the clock started at or before `now` (epoch ms), rematchStarted: the connection missed
 *    its announcement, and without it a client stays on its results screen for the whole rematch.
 * Null otherwise (no rematch running, a first game, a player who scored, or not seated).
 */
export function missedRematch(room: DuelRoom, userId: string, now: number): MissedRematch | null {
  const seat = seatOf(room, userId);
  const game = room.game;
  if (room.status !== 'playing' || game?.rematch !== true || !seat || seat.score !== 0 || seat.current !== 0) return null;
  const countdownMs = game.startsAt - now;
  return countdownMs > 0 ? { event: 'rematchStarting', seconds: Math.ceil(countdownMs / 1000) } : { event: 'rematchStarted' };
}

/** Players ranked by score, highest first; equal scores keep seat order (spec §2 "Game results"). */
export function rankedPlayers(room: DuelRoom): DuelPlayer[] {
  return rankPlayers(publicPlayers(room)).ranked;
}

/**
 * Winner's name, or null for a tie: the higher score wins, equal scores draw (issue #2 "Rating";
 * spec §2 "Game results": a tie is when first and second place have equal scores).
 */
export function winnerName(room: DuelRoom): string | null {
  const { winnerIndex } = rankPlayers(room.seats);
  return winnerIndex === null ? null : room.seats[winnerIndex]!.name;
}

/**
 * Whole seconds left on the game clock, rounded up (59.2 s shows as 60, so 0 means time is up).
 * Before the start it is the full duration; during the 3 s countdown too, so both players get the
 * whole game. 0 once finished; the full duration in a waiting room.
 */
export function timeLeft(room: DuelRoom, now: number): number {
  const total = durationMs(room.mode);
  if (room.status === 'waiting' || !room.game) return total / 1000;
  if (room.status === 'finished') return 0;
  const left = Math.min(total, room.game.endsAt - now);
  return left <= 0 ? 0 : Math.ceil(left / 1000);
}

/** The rejoin acknowledgement for a player of the room (spec §7 rejoinRoom): players, the server's
 * timeLeft, the player's own {current, score}, question texts, mode, code, status, host flag, and,
 * during a game's 3 s start countdown (spec §9), startsInMs: ms until its clock starts. */
export function snapshotFor(room: DuelRoom, userId: string, now: number): RoomSnapshot {
  const seat = seatOf(room, userId);
  return {
    players: publicPlayers(room),
    timeLeft: timeLeft(room, now),
    playerState: { current: seat?.current ?? 0, score: seat?.score ?? 0 },
    questions: room.game && room.status !== 'waiting' ? questionTexts(room.game.questions) : [],
    mode: room.mode,
    roomCode: room.code,
    status: room.status,
    isHost: isHost(room, userId),
    ...(room.status === 'playing' && room.game && now < room.game.startsAt ? { startsInMs: room.game.startsAt - now } : {}),
  };
}

/**
 * The room as GET /api/rooms/current shows it to a player seated in it: while it waits for its
 * start, or while its game runs with time left (s). Null when the player is not seated (or left),
 * or the game is over, ended on time but not yet closed by the clock included: there is nothing to
 * go back to then.
 */
export function currentRoomFor(room: DuelRoom, userId: string, now: number): CurrentRoomResponse['room'] {
  if (!seatOf(room, userId)) return null;
  const left = timeLeft(room, now);
  if (room.status === 'finished' || (room.status === 'playing' && left <= 0)) return null;
  return {
    roomCode: room.code,
    status: room.status,
    mode: room.mode,
    isHost: isHost(room, userId),
    players: publicPlayers(room),
    timeLeft: left,
  };
}

/** True when the sweeper should delete the room: no game running and nobody connected for
 * DUEL_ROOM_IDLE_MS. */
export function isAbandoned(room: DuelRoom, now: number): boolean {
  return room.status !== 'playing' && room.idleSince !== null && now - room.idleSince >= DUEL_ROOM_IDLE_MS;
}
