/**
 * GET /api/leaderboard → `{ top: LeaderboardEntry[] }` (spec §7 "Global leaderboard"). Public: the
 * dashboard shows it to guests too (spec §6). The body is the service's pre-serialised snapshot of
 * `LeaderboardResponse` (protocol http-replies.ts), checked by test/reply-schemas.test.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { LeaderboardService } from './leaderboard.service.js';

export interface LeaderboardRoutesOptions {
  leaderboard: LeaderboardService;
}

export const leaderboardRoutes: FastifyPluginAsync<LeaderboardRoutesOptions> = async (app, { leaderboard }) => {
  app.get('/api/leaderboard', (_request, reply) => {
    // A Buffer bypasses Fastify's serializer; the content type must then be set by hand. no-cache:
    // the list changes live, so a browser may keep it but must revalidate.
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(leaderboard.body());
  });
};
