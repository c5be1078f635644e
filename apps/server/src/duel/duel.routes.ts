/**
 * The Math Challenge's one HTTP call, added to spec §7 (whose multiplayer calls are all socket
 * events): GET /api/rooms/current → `CurrentRoomResponse` `{ room }`, the room the signed-in user
 * (guests included) sits in while it waits or its game runs, or `{ room: null }`. The dashboard
 * uses it to offer the way back to a player who left the waiting room or the game's screen (the
 * back button, the logo, another device), who would otherwise meet only "Finish your current game
 * first" when creating or joining another room. 401 without a valid token. Not cached: the room
 * changes by the second.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { CurrentRoomResponse } from '@mathsprint/shared/protocol';
import { requireUser } from '../http/session.js';
import type { DuelHandle } from './duel.socket.js';

export interface DuelRoutesOptions {
  duel: Pick<DuelHandle, 'currentRoom'>;
}

export const duelRoutes: FastifyPluginAsync<DuelRoutesOptions> = async (app, { duel }) => {
  app.get('/api/rooms/current', async (request, reply): Promise<CurrentRoomResponse> => {
    const user = requireUser(request);
    reply.header('cache-control', 'no-store');
    return { room: await duel.currentRoom(user.id) };
  });
};
