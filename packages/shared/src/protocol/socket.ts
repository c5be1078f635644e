/**
 * Socket.IO wire contract (spec §7 "Real-time socket"). Event names, payloads and acknowledgement
 * fields are the spec's; both the server (`Server<ClientToServerEvents, ServerToClientEvents>`) and
 * the web client (`Socket<ServerToClientEvents, ClientToServerEvents>`) import this map.
 * Events whose spec text is "the players list" / "a list" carry a bare array.
 * The socket authenticates with `auth: { token }` in its handshake (`HandshakeAuth`).
 */
import { z } from 'zod';
import type { LeaderboardEntry } from './http.js';
import { modeSchema } from './http.js';
import { numericAnswerSchema } from './common.js';
import type { CommentRoomPayload, DailyComment } from './daily.js';
import type { AnswerAck, duelEventSchemas, ErrorAck, RejoinAck, RoomAck, TimerAck } from './socket-acks.js';

/** The payload of Math Challenge room event E, from its schema (socket-acks.ts). */
type DuelEvent<E extends keyof typeof duelEventSchemas> = z.infer<(typeof duelEventSchemas)[E]>;

/**
 * The handshake's `auth` object. `token`: the session token (spec §7); without a valid one the
 * socket connects signed out. `autoRejoin` (ours, optional): the server puts every new connection
 * of a player back in the Math Challenge room they sit in (a client written to spec §7 alone never
 * rejoins after a reconnection); a client that rejoins by itself where it shows a room, as the web
 * app does, sends `false` and stays out of it elsewhere (a second tab on the dashboard does not
 * mark the player present in the waiting room).
 */
export interface HandshakeAuth {
  token?: string;
  autoRejoin?: boolean;
}

/** A rating change pushed with ratingUpdate (spec §3 "Live rating update"). */
export interface RatingUpdateEntry {
  _id?: string;
  name: string;
  rating: number;
  rd: number;
}

export interface ClientToServerEvents {
  createRoom: (payload: { mode: number }, ack: (r: RoomAck) => void) => void;
  joinRoom: (payload: { roomCode: string }, ack: (r: RoomAck) => void) => void;
  startGame: (ack?: (r: ErrorAck) => void) => void;
  rejoinRoom: (payload: { roomCode: string; name?: string }, ack: (r: RejoinAck) => void) => void;
  getTimer: (payload: Record<string, never>, ack: (r: TimerAck) => void) => void;
  submitAnswer: (payload: { answer: number | string }, ack: (r: AnswerAck) => void) => void;
  rematch: (payload: Record<string, never>, ack?: (r: ErrorAck) => void) => void;
  leaveRoom: (ack?: (r: ErrorAck) => void) => void;
  /**
   * Joins the live discussion room 'comments:{date}:{sectionKey}' (issue #4). The ack is
   * `{ error, code }` for a bad date or key, a future date, a signed-out or guest socket, or a set
   * not submitted yet.
   */
  joinCommentRoom: (payload: CommentRoomPayload, ack?: (r: ErrorAck) => void) => void;
  leaveCommentRoom: (payload: CommentRoomPayload, ack?: (r: ErrorAck) => void) => void;
}

export interface ServerToClientEvents {
  /**
   * This server process is stopping (SIGTERM, issue #5): the connection closes right after, and the
   * client reconnects on its own, through the load balancer, to a process that stays. reconnectInMs
   * is a suggested random delay (ms) that spreads the reconnections of every client of the process.
   */
  serverShutdown: (payload: { reconnectInMs: number }) => void;
  ratingUpdate: (players: RatingUpdateEntry[]) => void;
  leaderboardUpdate: (top: LeaderboardEntry[]) => void;
  roomUpdate: (players: DuelEvent<'roomUpdate'>) => void;
  gameStarted: (payload: DuelEvent<'gameStarted'>) => void;
  /** timeLeft in whole seconds, sent every second while a game runs. */
  timerUpdate: (payload: DuelEvent<'timerUpdate'>) => void;
  progressUpdate: (players: DuelEvent<'progressUpdate'>) => void;
  /** Sent when a game ends: final players ranked by score. */
  gameOver: (payload: DuelEvent<'gameOver'>) => void;
  /**
   * A rematch's clock has started (spec §4 "When the server announces a rematch started … the app
   * returns to /game"): sent when the 3 s countdown that follows rematchStarting ends, so a client
   * that goes to /game on it finds the clock running and its answers counted.
   */
  rematchStarted: (payload: DuelEvent<'rematchStarted'>) => void;
  /**
   * Ours, beyond spec §7: both players asked for a rematch, and its clock starts in `seconds` (s,
   * DUEL.startCountdownSeconds), when rematchStarted follows. The web app shows its 3-2-1 countdown
   * from here; a client that ignores it waits on 'Starting...' (spec §2 "Game results").
   */
  rematchStarting: (payload: DuelEvent<'rematchStarting'>) => void;
  rematchRequested: (payload: DuelEvent<'rematchRequested'>) => void;
  /** The season leaderboard changed (a submission): reload GET /api/daily/season. At most once per second. */
  seasonUpdate: (payload: { year: number; month: number }) => void;
  /** A comment was stored (sent to its room 'comments:{date}:{sectionKey}' only). */
  newComment: (comment: DailyComment) => void;
  /** A vote on a comment was stored: the whole updated comment, to its room. */
  commentVoted: (comment: DailyComment) => void;
}

/** Zod schemas of every client payload; the server parses each before acting. */
export const createRoomSchema = z.object({ mode: modeSchema });
export const joinRoomSchema = z.object({
  roomCode: z
    .string({ message: 'Room code required: room ≠ ∅' })
    .trim()
    .min(1, 'Room code required: room ≠ ∅')
    .max(16, 'Room not found')
    .transform((s) => s.toUpperCase()),
});
export const rejoinRoomSchema = joinRoomSchema.extend({ name: z.string().max(100).optional() });
export const submitAnswerSchema = z.object({ answer: numericAnswerSchema });
export const emptyPayloadSchema = z.union([z.object({}).loose(), z.undefined(), z.null()]);
