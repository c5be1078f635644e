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
import type { DuelPlayer } from './duel-player.js';

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

/** Ack of createRoom and joinRoom: roomCode and players, or error. */
export interface RoomAck {
  roomCode?: string;
  players?: DuelPlayer[];
  mode?: number;
  isHost?: boolean;
  error?: string;
}

/** Ack of rejoinRoom: error, or the room's full state. timeLeft in seconds. */
export interface RejoinAck {
  error?: string;
  players?: DuelPlayer[];
  timeLeft?: number;
  playerState?: { current: number; score: number };
  questions?: string[];
  mode?: number;
  roomCode?: string;
  /** 'waiting' before start, 'playing', or 'finished'. */
  status?: 'waiting' | 'playing' | 'finished';
  isHost?: boolean;
  /**
   * Milliseconds until the game's clock starts, present only during its 3 s start countdown (spec
   * §9; an addition to spec §7): a client back in the room then (a reload, a blip, another device)
   * shows the rest of the countdown instead of a game whose answers the server still refuses ("The
   * game has not started yet").
   */
  startsInMs?: number;
}

/** Ack of submitAnswer. score in points; currentQuestion is the player's index after the answer,
 * nextQuestion the text at that index (null when every question is solved). */
export interface AnswerAck {
  correct?: boolean;
  nextQuestion?: string | null;
  score?: number;
  currentQuestion?: number;
  error?: string;
}

/** Generic ack carrying only an optional error (startGame, rematch, joinCommentRoom). */
export interface ErrorAck {
  error?: string;
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
  getTimer: (payload: Record<string, never>, ack: (r: { timeLeft: number; error?: string }) => void) => void;
  submitAnswer: (payload: { answer: number | string }, ack: (r: AnswerAck) => void) => void;
  rematch: (payload: Record<string, never>, ack?: (r: ErrorAck) => void) => void;
  leaveRoom: (ack?: (r: ErrorAck) => void) => void;
  /**
   * Joins the live discussion room 'comments:{date}:{sectionKey}' (issue #4). The ack carries
   * `error` for a bad date or key, a future date, or a signed-out or guest socket.
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
  roomUpdate: (players: DuelPlayer[]) => void;
  gameStarted: (payload: { questions: string[]; mode: number }) => void;
  /** timeLeft in whole seconds, sent every second while a game runs. */
  timerUpdate: (payload: { timeLeft: number }) => void;
  progressUpdate: (players: DuelPlayer[]) => void;
  /** Sent when a game ends: final players ranked by score. */
  gameOver: (payload: { players: DuelPlayer[]; winner: string | null }) => void;
  /**
   * A rematch's clock has started (spec §4 "When the server announces a rematch started … the app
   * returns to /game"): sent when the 3 s countdown that follows rematchStarting ends, so a client
   * that goes to /game on it finds the clock running and its answers counted.
   */
  rematchStarted: (payload: { questions: string[]; mode: number; players: DuelPlayer[] }) => void;
  /**
   * Ours, beyond spec §7: both players asked for a rematch, and its clock starts in `seconds` (s,
   * DUEL.startCountdownSeconds), when rematchStarted follows. The web app shows its 3-2-1 countdown
   * from here; a client that ignores it waits on 'Starting...' (spec §2 "Game results").
   */
  rematchStarting: (payload: { seconds: number }) => void;
  rematchRequested: (payload: { name: string }) => void;
  /** The season leaderboard changed (a submission): reload GET /api/daily/season. At most once per second. */
  seasonUpdate: (payload: { year: number; month: number }) => void;
  /** A comment was stored (sent to its room 'comments:{date}:{sectionKey}' only). */
  newComment: (comment: DailyComment) => void;
  /** A vote on a comment was stored: the whole updated comment, to its room. */
  commentVoted: (comment: DailyComment) => void;
}

/**
 * The error texts of the Math Challenge acknowledgements (`{ error }`), in one place so the client
 * can recognise them. Each reads as a sentence a player understands; the spec and issue #2 fix
 * "Room is full", "Room not found", "Room code required: room ≠ ∅" and "Please log in to play".
 */
export const DUEL_ERRORS = {
  notLoggedIn: 'Please log in to play',
  roomNotFound: 'Room not found',
  roomFull: 'Room is full',
  notInRoom: 'You are not in this room',
  noRoom: 'You are not in a room',
  notHost: 'Only the host can start the game',
  needOpponent: 'Waiting for an opponent to join',
  opponentAway: 'Waiting for your opponent to reconnect',
  alreadyStarted: 'The game has already started',
  gameOverUseRematch: 'The game is over: ask for a rematch',
  notStarted: 'The game has not started yet',
  timeUp: 'Time is up',
  allSolved: 'You have solved every question',
  notOver: 'The game is not over yet',
  opponentLeft: 'Your opponent has left the room',
  finishCurrent: 'Finish your current game first',
  rateLimited: 'Too many messages, slow down',
  unknownEvent: 'Unknown event',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

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
