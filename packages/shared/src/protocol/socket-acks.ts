/**
 * The acknowledgements of the client events and the payloads of the room events (spec §7
 * "Real-time socket"), as zod schemas with their types from `z.infer` (issue #48 §4): the server
 * types what it sends with them and the web client parses what it receives with them. Every
 * acknowledgement is a union of its success shape and the error reply `{ error, code }`
 * (error-code.ts), so `'error' in ack` tells them apart; none is a bag of optional fields. Apart
 * from socket.ts, whose event map uses these types, so that each file stays small.
 */
import { z } from 'zod';
import { ErrorCode, errorReplySchema, type ErrorReply } from './error-code.js';
import { duelPlayerSchema } from './duel-player.js';

/**
 * Each refusal of the Math Challenge's acknowledgements: `error`, a sentence a player understands,
 * and `code`, what a client decides on. The spec and issue #2 fix "Room is full", "Room not
 * found", "Room code required: room ≠ ∅" and "Please log in to play". The socket edge's own
 * refusals (rate limit, unknown event, internal error) are here too, since they answer every event.
 */
export const DUEL_REFUSALS = {
  notLoggedIn: { error: 'Please log in to play', code: ErrorCode.LOGIN_REQUIRED },
  roomNotFound: { error: 'Room not found', code: ErrorCode.ROOM_NOT_FOUND },
  roomFull: { error: 'Room is full', code: ErrorCode.ROOM_FULL },
  notInRoom: { error: 'You are not in this room', code: ErrorCode.NOT_IN_ROOM },
  noRoom: { error: 'You are not in a room', code: ErrorCode.NOT_IN_ROOM },
  notHost: { error: 'Only the host can start the game', code: ErrorCode.NOT_HOST },
  needOpponent: { error: 'Waiting for an opponent to join', code: ErrorCode.NEED_OPPONENT },
  opponentAway: { error: 'Waiting for your opponent to reconnect', code: ErrorCode.OPPONENT_AWAY },
  alreadyStarted: { error: 'The game has already started', code: ErrorCode.GAME_STARTED },
  gameOverUseRematch: { error: 'The game is over: ask for a rematch', code: ErrorCode.GAME_OVER },
  notStarted: { error: 'The game has not started yet', code: ErrorCode.GAME_NOT_STARTED },
  timeUp: { error: 'Time is up', code: ErrorCode.TIME_UP },
  allSolved: { error: 'You have solved every question', code: ErrorCode.ALL_SOLVED },
  notOver: { error: 'The game is not over yet', code: ErrorCode.GAME_NOT_OVER },
  opponentLeft: { error: 'Your opponent has left the room', code: ErrorCode.OPPONENT_LEFT },
  finishCurrent: { error: 'Finish your current game first', code: ErrorCode.IN_ANOTHER_GAME },
  rateLimited: { error: 'Too many messages, slow down', code: ErrorCode.RATE_LIMITED },
  unknownEvent: { error: 'Unknown event', code: ErrorCode.UNKNOWN_EVENT },
  internal: { error: 'Something went wrong on our side. Please try again.', code: ErrorCode.INTERNAL },
} as const satisfies Record<string, ErrorReply>;
export type DuelRefusalKey = keyof typeof DUEL_REFUSALS;

/** The sentences of DUEL_REFUSALS alone, for screens that show one as a status line. */
export const DUEL_ERRORS = Object.fromEntries(Object.entries(DUEL_REFUSALS).map(([key, r]) => [key, r.error])) as {
  readonly [K in DuelRefusalKey]: (typeof DUEL_REFUSALS)[K]['error'];
};

/** The players list of roomUpdate, progressUpdate, gameOver and the acknowledgements. */
export const duelPlayersSchema = z.array(duelPlayerSchema);

/** A room taken (createRoom, joinRoom): its code, players, mode (minutes) and the host flag. */
export const joinedRoomSchema = z.object({ roomCode: z.string(), players: duelPlayersSchema, mode: z.number(), isHost: z.boolean() });
export type JoinedRoom = z.infer<typeof joinedRoomSchema>;

/** Ack of createRoom and joinRoom: the room taken, or the error. */
export const roomAckSchema = z.union([errorReplySchema, joinedRoomSchema]);
export type RoomAck = z.infer<typeof roomAckSchema>;

/** A seated player's view of the room (rejoinRoom's success): timeLeft in seconds. */
export const roomSnapshotSchema = z.object({
  players: duelPlayersSchema,
  timeLeft: z.number(),
  /** The player's own index (questions solved) and points. */
  playerState: z.object({ current: z.number(), score: z.number() }),
  /** Every question text; empty while the room waits. */
  questions: z.array(z.string()),
  mode: z.number(),
  roomCode: z.string(),
  status: z.enum(['waiting', 'playing', 'finished']),
  isHost: z.boolean(),
  /**
   * Milliseconds until the game's clock starts, present only during its 3 s start countdown (spec
   * §9; an addition to spec §7): a client back in the room then (a reload, a blip, another
   * device) shows the rest of the countdown instead of a game whose answers the server still
   * refuses ("The game has not started yet").
   */
  startsInMs: z.number().optional(),
});
export type RoomSnapshot = z.infer<typeof roomSnapshotSchema>;

/** Ack of rejoinRoom: the room's full state, or the error. */
export const rejoinAckSchema = z.union([errorReplySchema, roomSnapshotSchema]);
export type RejoinAck = z.infer<typeof rejoinAckSchema>;

/** A judged answer (submitAnswer's success). score in points; currentQuestion is the player's
 * index after the answer, nextQuestion the text at that index (null when every question is solved). */
export const answerResultSchema = z.object({ correct: z.boolean(), score: z.number(), currentQuestion: z.number(), nextQuestion: z.string().nullable() });
export type AnswerResult = z.infer<typeof answerResultSchema>;

/** Ack of submitAnswer: the judged answer, or the error. */
export const answerAckSchema = z.union([errorReplySchema, answerResultSchema]);
export type AnswerAck = z.infer<typeof answerAckSchema>;

/** Ack of getTimer: timeLeft in seconds. The room's refusals carry timeLeft 0 too (spec §7); the
 * socket edge's own (rate limit) may not. */
export const timerAckSchema = z.union([errorReplySchema.extend({ timeLeft: z.number().optional() }), z.object({ timeLeft: z.number() })]);
export type TimerAck = z.infer<typeof timerAckSchema>;

/** Ack of startGame, rematch, leaveRoom, joinCommentRoom and leaveCommentRoom: `{}` when done. */
export const errorAckSchema = z.union([errorReplySchema, z.strictObject({})]);
export type ErrorAck = z.infer<typeof errorAckSchema>;

/** gameStarted: the game's question texts and mode (minutes). */
export const gameStartedSchema = z.object({ questions: z.array(z.string()), mode: z.number() });
/** gameOver: the final players ranked by score, and the winner's name (null on a tie). */
export const gameOverSchema = z.object({ players: duelPlayersSchema, winner: z.string().nullable() });
/** rematchStarted: the new game's questions, mode (minutes) and players. */
export const rematchStartedSchema = gameStartedSchema.extend({ players: duelPlayersSchema });
/** timerUpdate: timeLeft in whole seconds. */
export const timerUpdateSchema = z.object({ timeLeft: z.number() });
/** rematchStarting: the rematch's clock starts in `seconds` (s). */
export const rematchStartingSchema = z.object({ seconds: z.number() });
/** rematchRequested: the name of the player who asked. */
export const rematchRequestedSchema = z.object({ name: z.string() });

/**
 * The payload schema of each Math Challenge room event, by event name: the web client parses what
 * it hears with them (features/duel use-socket-event.ts). roomUpdate and progressUpdate carry the
 * bare players list (spec §7).
 */
export const duelEventSchemas = {
  roomUpdate: duelPlayersSchema,
  progressUpdate: duelPlayersSchema,
  gameStarted: gameStartedSchema,
  timerUpdate: timerUpdateSchema,
  gameOver: gameOverSchema,
  rematchStarted: rematchStartedSchema,
  rematchStarting: rematchStartingSchema,
  rematchRequested: rematchRequestedSchema,
} as const;
