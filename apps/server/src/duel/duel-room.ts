/**
 * The Math Challenge room as data: its types (plain JSON-serialisable, so that the Redis store can
 * hold it), the compact question set and the seat look-ups every transition and view uses. Apart
 * from duel.machine.ts (the transitions) and duel-views.ts (what the wire shows) so that each stays
 * small; duel.machine.ts re-exports all of it.
 */
import type { DuelMode } from '@mathsprint/shared/constants';
import type { PaceThresholds } from '@mathsprint/shared/domain';
import type { ErrorReply } from '@mathsprint/shared/protocol';
import type { FinishedDuel } from './finished-duel.js';

export type DuelStatus = 'waiting' | 'playing' | 'finished';

/** Who acts: the socket's signed-in user (accounts/session-user.ts). */
export interface DuelIdentity {
  userId: string;
  name: string;
  isGuest: boolean;
}

/** One of the (at most 2) places in a room. Seat 0 is the host. */
export interface DuelSeat extends DuelIdentity {
  /** Points in the current (or last) game. */
  score: number;
  /** Index of the player's current question = questions solved. */
  current: number;
  /** True while at least one of the player's sockets is attached to the room. */
  connected: boolean;
  /** True once the player left a finished room: the seat stays for the results, rematch is off. */
  left: boolean;
  /** True when the player asked for a rematch of the finished game. */
  rematch: boolean;
  /** Ms from the game's clock start to each right answer, in order (issue #47: the pace rule).
   * Absent in seats stored before it. */
  solvedAt?: number[];
  /** Set when the game ends: the pace rule's reason when the player answered faster than a person
   * can (packages/shared/src/domain/fair-play/pace.ts), else null. */
  paceFlag?: string | null;
}

/**
 * A game's questions, compact: at most 750 (5 minutes × 150), and thousands of rooms at once. The
 * texts are ONE string (joined by "\n", which no question contains) with start offsets, rather
 * than 750 strings: a fraction of the heap objects, so full garbage collections, whose pause grows
 * with the number of live objects, stay short at 5,000 rooms (bench/duel). Texts go to clients;
 * answers and points never do.
 */
export interface DuelQuestions {
  /** Every question text, in order, joined by "\n". */
  joined: string;
  /** Offset of question i's text in `joined`; one more entry, joined.length + 1, closes the last. */
  starts: number[];
  answers: number[];
  /** Points for a correct answer to each question (pointsForDifficulty of its difficulty). */
  points: number[];
}

/** Number of questions in the set. */
export const questionCount = (q: DuelQuestions): number => q.answers.length;

/** Text of question `index`, or null past the last one. */
export function questionText(q: DuelQuestions, index: number): string | null {
  if (index < 0 || index >= q.answers.length) return null;
  return q.joined.slice(q.starts[index], q.starts[index + 1]! - 1);
}

/** Every question text, as gameStarted, rematchStarted and rejoinRoom send them. */
export function questionTexts(q: DuelQuestions): string[] {
  return q.joined.split('\n');
}

export interface DuelGame {
  /** Unique per game; a rematch is a new game (games.id in the database). */
  id: string;
  questions: DuelQuestions;
  /** Epoch ms when the clock starts: the host's start plus the 3 s countdown (spec §9). */
  startsAt: number;
  /** Epoch ms when time runs out: startsAt + mode × 60 s. */
  endsAt: number;
  /** Epoch ms when the game ended (time up or every question solved); null while it runs. */
  endedAt: number | null;
  /** True for a rematch: its players hear rematchStarted when the clock starts (spec §4, see
   * clock-following.ts), not when both have asked. */
  rematch: boolean;
  /** Pace thresholds (config PACE_*) the game's end is judged with; absent: the defaults. */
  pace?: PaceThresholds;
}

export interface DuelRoom {
  /** 6 characters from DUEL.roomCodeAlphabet. */
  code: string;
  /** Minutes. */
  mode: DuelMode;
  status: DuelStatus;
  /** At most DUEL.maxPlayers; seat 0 is the host. */
  seats: DuelSeat[];
  /** The current or last game; null before the first start. */
  game: DuelGame | null;
  /** Grows by one with every change that is broadcast (STYLE habit 10). */
  version: number;
  /** Epoch ms since when no seat has been connected; null while someone is. The sweeper deletes
   * rooms idle for DUEL_ROOM_IDLE_MS. */
  idleSince: number | null;
}

/** What the network layer must send after a transition. Payloads are built from the new room. */
export type DuelEffect =
  /** roomUpdate (bare players array) to the room: a join, leave or connection change. */
  | { type: 'roomUpdate' }
  /** A game's countdown began: gameStarted {questions, mode} now (first game), or, for a rematch,
   * rematchStarting {seconds} now and rematchStarted {questions, mode, players} when the clock starts. */
  | { type: 'gameStarted'; rematch: boolean }
  /** progressUpdate (bare players array) to the room after a correct answer or at the end. */
  | { type: 'progressUpdate' }
  /** gameOver {players, winner} to the room; `result` goes to the rating service. */
  | { type: 'gameOver'; result: FinishedDuel; winner: string | null }
  /** rematchRequested {name} to the other player. */
  | { type: 'rematchRequested'; byUserId: string; name: string };

export type Transition = { ok: true; room: DuelRoom; effects: DuelEffect[] };
/** A refused transition: the sentence and code of its rule (DUEL_REFUSALS), acknowledged as they are. */
export type Refusal = { ok: false } & ErrorReply;
export type Outcome<Extra = unknown> = (Transition & Extra) | Refusal;

/** The error acknowledgement `{ error, code }` of a refusal. */
export const replyOf = (refusal: Refusal): ErrorReply => ({ error: refusal.error, code: refusal.code });

/** Ack data of a submitted answer (spec §7 submitAnswer). */
export interface AnswerReply {
  correct: boolean;
  /** Points after the answer. */
  score: number;
  /** The player's question index after the answer. */
  currentQuestion: number;
  /** Text of the question at currentQuestion; null once every question is solved. */
  nextQuestion: string | null;
}

/** Rooms with nobody connected for this long (and no game running) are deleted: 10 minutes is
 * long enough to come back from a dropped connection and look at the results again, short enough
 * that abandoned rooms do not pile up in memory. */
export const DUEL_ROOM_IDLE_MS = 10 * 60_000;

/** Game duration in ms: mode × 60 s (spec §9). */
export const durationMs = (mode: DuelMode): number => mode * 60_000;

/** Index of the seat of a user still in the room (not left), or -1. */
export function seatIndex(room: DuelRoom, userId: string): number {
  return room.seats.findIndex((s) => s.userId === userId && !s.left);
}

/** The seat of a user still in the room (not left), or undefined. */
export function seatOf(room: DuelRoom, userId: string): DuelSeat | undefined {
  const i = seatIndex(room, userId);
  return i < 0 ? undefined : room.seats[i];
}

/** True when `userId` holds seat 0 and has not left. */
export function isHost(room: DuelRoom, userId: string): boolean {
  const host = room.seats[0];
  return host !== undefined && host.userId === userId && !host.left;
}
