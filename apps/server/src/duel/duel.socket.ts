/**
 * The Math Challenge on the socket (spec §7 "Real-time socket"): each client event is parsed
 * (platform/socket.ts validates it with zod and authenticates the socket), handed to the game
 * service (duel.service.ts) and acknowledged with what it returns; the connection hooks go to the
 * service too. Nothing else lives here, so the event names and acknowledgement shapes of the
 * contract can be read in one place.
 */
import {
  createRoomSchema,
  emptyPayloadSchema,
  joinRoomSchema,
  rejoinRoomSchema,
  submitAnswerSchema,
} from '@mathsprint/shared/protocol';
import { onClientEvent, onSocketConnected, onSocketDisconnect, onSocketHandshake, type TypedServer } from '../platform/socket.js';
import { timedHandler } from '../platform/timed-handler.js';
import { duelRoom } from './duel-broadcasts.js';
import { createDuelService, type DuelDeps, type DuelHandle } from './duel.service.js';

export type { DuelDeps, DuelHandle } from './duel.service.js';

const handles = new WeakMap<TypedServer, DuelHandle>();

/** The duel handle registered on `io` (tests reach the store through `app.io`). */
export function duelHandleOf(io: TypedServer): DuelHandle | undefined {
  return handles.get(io);
}

/** Socket.IO room of a Math Challenge room's sockets (defined in duel-broadcasts.ts). */
export { duelRoom };

/**
 * Routes createRoom, joinRoom, startGame, rejoinRoom, getTimer, submitAnswer, rematch and leaveRoom
 * (platform/socket.ts validates, authenticates and acknowledges) to the game service, and follows
 * connections and disconnections. Building the service starts the shared game clock
 * (tick-wheel.ts), the idle-room sweeper and, with Redis, the lease loop and the catch-up.
 */
export function registerDuelHandlers(io: TypedServer, deps: DuelDeps): DuelHandle {
  const duel = createDuelService(io, deps);
  const options = { logger: deps.logger };

  onClientEvent(io, 'createRoom', createRoomSchema, duel.createRoom, options);
  onClientEvent(io, 'joinRoom', joinRoomSchema, duel.joinRoom, options);
  onClientEvent(io, 'startGame', emptyPayloadSchema, duel.startGame, options);
  onClientEvent(io, 'rejoinRoom', rejoinRoomSchema, duel.rejoinRoom, options);
  onClientEvent(io, 'getTimer', emptyPayloadSchema, duel.getTimer, { ...options, errorReply: (refusal) => ({ timeLeft: 0, ...refusal }) });
  // Synchronous on the in-memory store: the acknowledgement is written before the next socket's
  // input is read, with no promise in between (bench/duel).
  onClientEvent(io, 'submitAnswer', submitAnswerSchema, timedHandler(deps.observeAnswerAck, duel.submitAnswer), options);
  onClientEvent(io, 'rematch', emptyPayloadSchema, duel.rematch, options);
  onClientEvent(io, 'leaveRoom', emptyPayloadSchema, duel.leaveRoom, options);

  /*
   * A player's new connection (a reconnection after a drop, a reload, another tab) is put back in
   * the room they sit in, unless they left it, before any of its events is handled: a client
   * written to spec §7 alone, which never sends rejoinRoom after reconnecting (spec §4 "Real-time
   * connection: reconnects automatically"), hears the room again, can answer, start and ask for a
   * rematch, and shows connected to the other player. A client that rejoins by itself where it
   * shows a room (the web app) opts out with `auth.autoRejoin: false` (HandshakeAuth).
   */
  onSocketHandshake(io, duel.handshake);
  // Such a socket, or a session recovered with its room (with Redis), joins the room's broadcasts,
  // marks its seat connected and has the room's clock announced here, and hears a rematch start it
  // missed.
  onSocketConnected(io, duel.connected);
  onSocketDisconnect(io, duel.disconnected);

  handles.set(io, duel.handle);
  return duel.handle;
}
