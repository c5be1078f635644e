/**
 * The rules of the two-player Math Challenge as pure functions (STYLE habit 3): each takes a room,
 * the acting user and `now` (epoch ms) and returns the next room plus the effects to broadcast, or
 * a refusal (its sentence and code, DUEL_REFUSALS). No sockets, timers, randomness or storage here: `duel.service.ts` translates between
 * these functions and the network, and `room-store.ts` keeps the rooms. A room is plain
 * JSON-serialisable data so that a Redis-backed store can hold it later. The room's types and seat
 * look-ups are duel-room.ts, what the wire shows of it duel-views.ts; both are re-exported here.
 *
 * Rules: spec §2 "Waiting room", "Multiplayer game", "Game results", §4 "Multiplayer", §9
 * "Multiplayer", and issue #2 "Math Challenge" where the spec is silent.
 *
 * Rooms are never mutated: every change returns a new room object sharing the unchanged parts (the
 * question set above all), so a transition allocates a handful of small objects and nothing else.
 */
import { DUEL, type DuelMode } from '@mathsprint/shared/constants';
import {
  duelDifficulty,
  duelQuestionCount,
  generateQuestions,
  DEFAULT_PACE_THRESHOLDS,
  LATEST_RULES,
  isCorrectAnswer,
  judgePace,
  pointsForDifficulty,
  type PaceThresholds,
} from '@mathsprint/shared/domain';
import { DUEL_REFUSALS, type DuelRefusalKey } from '@mathsprint/shared/protocol';
import type { FinishedDuel } from './finished-duel.js';
import {
  durationMs,
  isHost,
  questionCount,
  questionText,
  seatIndex,
  type AnswerReply,
  type DuelIdentity,
  type DuelQuestions,
  type DuelRoom,
  type DuelSeat,
  type Outcome,
  type Refusal,
  type Transition,
} from './duel-room.js';
import { winnerName } from './duel-views.js';

export * from './duel-room.js';
export * from './duel-views.js';

const refuse = (why: DuelRefusalKey): Refusal => ({ ok: false, ...DUEL_REFUSALS[why] });
const noChange = (room: DuelRoom): Transition => ({ ok: true, room, effects: [] });

/** The game's questions: `duelQuestionCount(mode)` of them (150 per minute, issue #47), difficulty
 * rising with the index, from a fresh seed per game, by the newest generator version (they live
 * only as long as the game). Only the compact arrays are kept. */
export function buildQuestions(seed: string, mode: DuelMode): DuelQuestions {
  const generated = generateQuestions(seed, duelQuestionCount(mode), duelDifficulty, LATEST_RULES);
  const starts = new Array<number>(generated.length + 1);
  const answers = new Array<number>(generated.length);
  const points = new Array<number>(generated.length);
  let offset = 0;
  for (let i = 0; i < generated.length; i++) {
    const q = generated[i]!;
    if (q.text.includes('\n')) throw new Error(`question text with a line break: ${JSON.stringify(q.text)}`);
    starts[i] = offset;
    offset += q.text.length + 1;
    answers[i] = q.answer;
    points[i] = pointsForDifficulty(q.difficulty);
  }
  starts[generated.length] = offset;
  // join() returns a flat string (the generator's own texts are rope strings of concatenations).
  return { joined: generated.map((q) => q.text).join('\n'), starts, answers, points };
}

/** Recomputes idleSince after a change of connections. */
function withIdle(room: DuelRoom, now: number): DuelRoom {
  const anyone = room.seats.some((s) => s.connected);
  const idleSince = anyone ? null : (room.idleSince ?? now);
  return idleSince === room.idleSince ? room : { ...room, idleSince };
}

function bump(room: DuelRoom, changes: Partial<DuelRoom>, now: number): DuelRoom {
  return withIdle({ ...room, ...changes, version: room.version + 1 }, now);
}

function replaceSeat(seats: DuelSeat[], index: number, changes: Partial<DuelSeat>): DuelSeat[] {
  const next = seats.slice();
  next[index] = { ...seats[index]!, ...changes };
  return next;
}

/** A new waiting room with its creator as host (spec §4: creating a room makes you the host). */
export function createRoom(input: { code: string; mode: DuelMode; host: DuelIdentity }): DuelRoom {
  return {
    code: input.code,
    mode: input.mode,
    status: 'waiting',
    seats: [newSeat(input.host)],
    game: null,
    version: 1,
    idleSince: null,
  };
}

function newSeat(who: DuelIdentity): DuelSeat {
  return { userId: who.userId, name: who.name, isGuest: who.isGuest, score: 0, current: 0, connected: true, left: false, rematch: false };
}

/**
 * A user joins by code. Joining a room you are already in is idempotent (it reconnects the seat).
 * Errors: "Room is full" (2 players, spec §9), "The game has already started".
 */
export function joinRoom(room: DuelRoom, who: DuelIdentity, now: number): Outcome {
  if (seatIndex(room, who.userId) >= 0) return setConnected(room, who.userId, true, now);
  if (room.seats.length >= DUEL.maxPlayers) return refuse('roomFull');
  if (room.status !== 'waiting') return refuse('alreadyStarted');
  return { ok: true, room: bump(room, { seats: [...room.seats, newSeat(who)] }, now), effects: [{ type: 'roomUpdate' }] };
}

/** A user's sockets attached to (connected) or all detached from (disconnected) the room.
 * Unknown users and no-op changes give the same room and no effects. */
export function setConnected(room: DuelRoom, userId: string, connected: boolean, now: number): Transition {
  const i = seatIndex(room, userId);
  if (i < 0 || room.seats[i]!.connected === connected) return noChange(room);
  return { ok: true, room: bump(room, { seats: replaceSeat(room.seats, i, { connected }) }, now), effects: [{ type: 'roomUpdate' }] };
}

/**
 * A player leaves. Waiting room: the seat is removed; when the host leaves, the other player becomes
 * host (seat 0), and a room left empty is closed (`closed: true`, delete it). Finished room: the seat
 * stays for the results but is marked left, which turns rematch off. A running game cannot be left
 * ("Finish your current game first"): it ends on time and is recorded (issue #2). `asName`, when
 * given, renames the kept seat (a deleted account shows as 'Deleted player' in the results).
 */
export function leaveRoom(room: DuelRoom, userId: string, now: number, asName?: string): Outcome<{ closed: boolean }> {
  const i = seatIndex(room, userId);
  if (i < 0) return { ok: true, room, effects: [], closed: false };
  if (room.status === 'playing') return refuse('finishCurrent');
  if (room.status === 'waiting') {
    const seats = room.seats.filter((_, j) => j !== i);
    const next = bump(room, { seats }, now);
    return { ok: true, room: next, effects: seats.length ? [{ type: 'roomUpdate' }] : [], closed: seats.length === 0 };
  }
  const seats = replaceSeat(room.seats, i, { left: true, connected: false, rematch: false, ...(asName ? { name: asName } : {}) });
  const closed = seats.every((s) => s.left);
  return { ok: true, room: bump(room, { seats }, now), effects: closed ? [] : [{ type: 'roomUpdate' }], closed };
}

/** A game to start: its id, the seed of its questions and the pace thresholds to judge it with. */
export interface NewGame {
  id: string;
  seed: string;
  pace?: PaceThresholds;
}

function begin(room: DuelRoom, game: NewGame, now: number, rematch: boolean): Transition {
  const startsAt = now + DUEL.startCountdownSeconds * 1000;
  const next = bump(
    room,
    {
      status: 'playing',
      seats: room.seats.map((s) => ({ ...s, score: 0, current: 0, rematch: false, solvedAt: [], paceFlag: null })),
      game: {
        id: game.id,
        questions: buildQuestions(game.seed, room.mode),
        startsAt,
        endsAt: startsAt + durationMs(room.mode),
        endedAt: null,
        ...(game.pace ? { pace: game.pace } : {}),
        rematch,
      },
    },
    now,
  );
  return { ok: true, room: next, effects: [{ type: 'gameStarted', rematch }] };
}

/**
 * The host starts the game (spec §4 "The host can start only with exactly 2 players"). The clock
 * starts after the 3 s countdown the clients show (spec §9), so both players get the full duration.
 * `game` carries a fresh id and question seed chosen by the caller.
 */
export function startGame(room: DuelRoom, userId: string, game: NewGame, now: number): Outcome {
  if (seatIndex(room, userId) < 0) return refuse('notInRoom');
  if (!isHost(room, userId)) return refuse('notHost');
  if (room.status === 'playing') return refuse('alreadyStarted');
  if (room.status === 'finished') return refuse('gameOverUseRematch');
  if (room.seats.length !== DUEL.maxPlayers) return refuse('needOpponent');
  if (!room.seats.every((s) => s.connected)) return refuse('opponentAway');
  return begin(room, game, now, false);
}

function finish(room: DuelRoom, endedAt: number, now: number): Transition {
  const game = room.game!;
  // Issue #47: each seat's pace, judged from its answer times (ms since the clock's start).
  const pace = game.pace ?? DEFAULT_PACE_THRESHOLDS;
  const seats = room.seats.map((s) => ({
    ...s,
    paceFlag: judgePace(0, (s.solvedAt ?? []).map((atMs, i) => ({ atMs, difficulty: duelDifficulty(i) })), pace).reason,
  }));
  const next = bump(room, { status: 'finished', seats, game: { ...game, endedAt } }, now);
  const result: FinishedDuel = {
    gameId: game.id,
    roomCode: room.code,
    mode: room.mode,
    startedAt: game.startsAt,
    endedAt,
    players: next.seats.map((s, seat) => ({
      seat,
      userId: s.userId,
      name: s.name,
      isGuest: s.isGuest,
      score: s.score,
      solved: s.current,
      ...(s.paceFlag ? { paceFlag: s.paceFlag } : {}),
    })),
  };
  return {
    ok: true,
    room: next,
    effects: [{ type: 'progressUpdate' }, { type: 'gameOver', result, winner: winnerName(next) }],
  };
}

/**
 * A player's answer to their current question (already parsed to a finite number). Correct: the
 * question's points are added and the player moves on; when both players have solved every
 * question the game ends. Wrong: nothing changes and the question stays (issue #2).
 * Errors: "The game has not started yet" (waiting room or countdown), "Time is up", "You have
 * solved every question", "You are not in this room".
 */
export function submitAnswer(room: DuelRoom, userId: string, answer: number, now: number): Outcome<{ reply: AnswerReply }> {
  const i = seatIndex(room, userId);
  if (i < 0) return refuse('notInRoom');
  const game = room.game;
  if (room.status === 'waiting' || !game) return refuse('notStarted');
  if (room.status === 'finished' || now >= game.endsAt) return refuse('timeUp');
  if (now < game.startsAt) return refuse('notStarted');
  const seat = room.seats[i]!;
  const questions = game.questions;
  const { answers, points } = questions;
  const count = answers.length;
  if (seat.current >= count) return refuse('allSolved');

  if (!isCorrectAnswer({ answer: answers[seat.current]! }, answer)) {
    return {
      ok: true,
      room,
      effects: [],
      reply: { correct: false, score: seat.score, currentQuestion: seat.current, nextQuestion: questionText(questions, seat.current) },
    };
  }
  const current = seat.current + 1;
  const score = seat.score + points[seat.current]!;
  const seats = replaceSeat(room.seats, i, { current, score, solvedAt: [...(seat.solvedAt ?? []), now - game.startsAt] });
  const reply: AnswerReply = { correct: true, score, currentQuestion: current, nextQuestion: questionText(questions, current) };
  const moved = bump(room, { seats }, now);
  if (seats.every((s) => s.current >= count)) {
    // Spec §4: the game ends when the index reaches the number of questions; for both players, the
    // duel is over early.
    return { ...finish(moved, now, now), reply };
  }
  return { ok: true, room: moved, effects: [{ type: 'progressUpdate' }], reply };
}

/** Seat fields a right answer moves (submitAnswer); every other field of a room is its structure. */
const SEAT_PROGRESS_KEYS: ReadonlySet<string> = new Set<keyof DuelSeat>(['score', 'current', 'solvedAt']);

/**
 * The index of the one seat whose progress (score and current) alone changed from `before` to
 * `next`, with the game still running, or -1 for any other change.
 *
 * Such a change is a right answer that does not complete the player's set: submitAnswer read the
 * room's structure (status, game, seats) and that seat's progress, and nothing of the other seat's
 * progress. So it commutes with the same kind of change to the other seat, and a store shared by
 * several processes may check it against the structure and that one seat only, not against the
 * whole room (redis-room-store.ts). A right answer to the last question is never such a change:
 * whether the duel then ends early depends on the other seat.
 */
export function progressOnlySeat(before: DuelRoom, next: DuelRoom): number {
  if (next.status !== 'playing' || !next.game || next.version !== before.version + 1) return -1;
  for (const key of Object.keys(next) as Array<keyof DuelRoom>) {
    if (key !== 'seats' && key !== 'version' && next[key] !== before[key]) return -1;
  }
  if (Object.keys(before).length !== Object.keys(next).length || next.seats.length !== before.seats.length) return -1;
  let moved = -1;
  for (let i = 0; i < next.seats.length; i++) {
    const was = before.seats[i]!;
    const is = next.seats[i]!;
    if (was === is) continue;
    if (moved >= 0) return -1;
    for (const key of Object.keys(is) as Array<keyof DuelSeat>) {
      if (!SEAT_PROGRESS_KEYS.has(key) && is[key] !== was[key]) return -1;
    }
    if (Object.keys(was).length !== Object.keys(is).length) return -1;
    moved = i;
  }
  if (moved < 0 || next.seats[moved]!.current >= questionCount(next.game.questions)) return -1;
  return moved;
}

/** Ends the game when its time has run out; null when nothing changes. The end is dated endsAt,
 * not `now`, since the tick may come a little late. */
export function tick(room: DuelRoom, now: number): Transition | null {
  if (room.status !== 'playing' || !room.game || now < room.game.endsAt) return null;
  return finish(room, room.game.endsAt, now);
}

/**
 * A player asks for a rematch of a finished game (spec §2 "Game results", §4 "Rematch"). The first
 * request tells the other player (rematchRequested); when both have asked, a new game starts with
 * new questions and scores reset, with the same countdown as a first start (the socket layer sends
 * rematchStarted when that countdown ends).
 * Asking twice is harmless. Errors: "The game is not over yet", "Your opponent has left the room"
 * (the opponent left the room or has no connection open).
 */
export function requestRematch(room: DuelRoom, userId: string, game: NewGame, now: number): Outcome {
  const i = seatIndex(room, userId);
  if (i < 0) return refuse('notInRoom');
  if (room.status !== 'finished') return refuse('notOver');
  const opponent = room.seats[1 - i];
  if (!opponent || opponent.left || !opponent.connected) return refuse('opponentLeft');
  const seat = room.seats[i]!;
  if (opponent.rematch) return begin(room, game, now, true);
  if (seat.rematch) return noChange(room);
  return {
    ok: true,
    room: bump(room, { seats: replaceSeat(room.seats, i, { rematch: true }) }, now),
    effects: [{ type: 'rematchRequested', byUserId: userId, name: seat.name }],
  };
}
