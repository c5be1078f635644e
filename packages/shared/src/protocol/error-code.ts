/**
 * Error codes of every refusal (issue #48 §4; colyseus's `ErrorCode` is the model). An HTTP error
 * body and a socket error acknowledgement are both `{ error, code }`: `error` is spec §7's
 * person-readable sentence, `code` a stable word a client decides on, never the sentence. One code
 * names one meaning that a client may act on; several sentences may share it (the contest's "Please
 * login to register…" and "Please login to join…" are both LOGIN_REQUIRED). The server maps each
 * code to one HTTP status in one table (apps/server/src/http/errors.ts).
 */
import { z } from 'zod';

export const ErrorCode = {
  // The request itself.
  /** A body, query or payload that fails its schema (400). The message names the field. */
  INVALID_INPUT: 'INVALID_INPUT',
  /** No such route or resource (404). */
  NOT_FOUND: 'NOT_FOUND',
  /** A request body over the server's size limit (413). */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** A path too long for the router (414). */
  URI_TOO_LONG: 'URI_TOO_LONG',
  /** Request headers over Node's limit (431). */
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  /** A request that did not arrive in time (408). */
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  /** Too many requests or events in a window (429); try again later. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** The server failed (500); the message reveals nothing. */
  INTERNAL: 'INTERNAL',
  /** A feature that this server does not offer or cannot reach now (503). */
  UNAVAILABLE: 'UNAVAILABLE',
  /** A body in a content type the route does not read, e.g. text/plain where JSON is expected (415). */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',

  // Who is asking.
  /** No session, or a guest where an account is needed and the spec answers 401. */
  LOGIN_REQUIRED: 'LOGIN_REQUIRED',
  /** A token came but is expired, revoked or its account is gone (401): sign in again. */
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  /** A guest where an account is needed and the answer is 403 (contest registration). */
  ACCOUNT_REQUIRED: 'ACCOUNT_REQUIRED',
  /** Operators only (403). */
  OPERATOR_ONLY: 'OPERATOR_ONLY',
  /** An operator endpoint (GET /metrics) called without its configured bearer token (401). */
  TOKEN_REQUIRED: 'TOKEN_REQUIRED',

  // Accounts.
  /** Sign-up with an email that already has an account (409). */
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  /** Email and password do not match an account (401). */
  INVALID_LOGIN: 'INVALID_LOGIN',
  /** A password given to confirm a change (password change, account deletion) is wrong (403). */
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  /** The account has no password (guest, Google) for the asked change (403). */
  NO_PASSWORD: 'NO_PASSWORD',

  // Weekly contest.
  /** No contest has the id asked for (404). */
  CONTEST_NOT_FOUND: 'CONTEST_NOT_FOUND',
  /** Registering after the contest's registration window closed (409). */
  REGISTRATION_CLOSED: 'REGISTRATION_CLOSED',
  /** Starting or answering before the contest's openTime (409). */
  CONTEST_NOT_STARTED: 'CONTEST_NOT_STARTED',
  /** Starting, answering or submitting after the contest closed (409). */
  CONTEST_OVER: 'CONTEST_OVER',
  /** Starting, answering or submitting without having registered (403). */
  NOT_REGISTERED: 'NOT_REGISTERED',
  /** Answering or submitting before POST /contest/start (409). */
  ATTEMPT_NOT_STARTED: 'ATTEMPT_NOT_STARTED',
  /** A second submission of a contest attempt or of today's daily section (409). */
  ALREADY_SUBMITTED: 'ALREADY_SUBMITTED',
  /** Submitting a contest attempt with no answer in it (400). */
  NO_ANSWERS: 'NO_ANSWERS',
  /** Reading one's answers of a contest one did not take part in (404). */
  NOT_A_PARTICIPANT: 'NOT_A_PARTICIPANT',
  /** Reading a contest's answers before it closes (409). */
  NOT_REVEALED: 'NOT_REVEALED',

  // Daily practice.
  /** Submitting a daily section before opening it (409). */
  SECTION_NOT_OPENED: 'SECTION_NOT_OPENED',
  /** Reading or joining a section's discussion before submitting that set (403). */
  SUBMIT_TO_DISCUSS: 'SUBMIT_TO_DISCUSS',
  /** Voting on a comment that does not exist, or is not of that discussion (404). */
  COMMENT_NOT_FOUND: 'COMMENT_NOT_FOUND',
  /** A section above the player's rating (403): "The Advanced section unlocks at rating 1800 (yours is 1523)". */
  SECTION_LOCKED: 'SECTION_LOCKED',

  // Math Challenge (socket acknowledgements).
  ROOM_NOT_FOUND: 'ROOM_NOT_FOUND',
  ROOM_FULL: 'ROOM_FULL',
  NOT_IN_ROOM: 'NOT_IN_ROOM',
  NOT_HOST: 'NOT_HOST',
  NEED_OPPONENT: 'NEED_OPPONENT',
  OPPONENT_AWAY: 'OPPONENT_AWAY',
  OPPONENT_LEFT: 'OPPONENT_LEFT',
  GAME_STARTED: 'GAME_STARTED',
  GAME_NOT_STARTED: 'GAME_NOT_STARTED',
  GAME_OVER: 'GAME_OVER',
  GAME_NOT_OVER: 'GAME_NOT_OVER',
  TIME_UP: 'TIME_UP',
  ALL_SOLVED: 'ALL_SOLVED',
  IN_ANOTHER_GAME: 'IN_ANOTHER_GAME',
  UNKNOWN_EVENT: 'UNKNOWN_EVENT',
  /** A socket that already follows as many rooms as it may (joinCommentRoom: the daily
   * discussions, MAX_COMMENT_ROOMS_PER_SOCKET); leave one first. */
  TOO_MANY_ROOMS: 'TOO_MANY_ROOMS',

  // Solo timed challenge.
  /** A solo run that does not exist, expired, or is another player's (404). */
  RUN_NOT_FOUND: 'RUN_NOT_FOUND',
  /**
   * An answer after the run ended, by time or by the last question (409); the body still carries
   * the run's state (`over`, `score`, `current`).
   */
  RUN_OVER: 'RUN_OVER',

  // Connections (socket `connect_error.data.code`).
  FLOOD_BACKOFF: 'FLOOD_BACKOFF',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Every code, for zod and for exhaustive tables. */
export const ERROR_CODES = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]];

export const errorCodeSchema = z.enum(ERROR_CODES);

/**
 * Body of every failed HTTP call and every error acknowledgement: `error`, the sentence for the
 * player (spec §7), and `code`, what the client decides on.
 */
export const errorReplySchema = z.object({ error: z.string(), code: errorCodeSchema });
export type ErrorReply = z.infer<typeof errorReplySchema>;
