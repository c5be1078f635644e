/**
 * Rank badges need a field larger than their rank (issue #47, docs/spec-departures.md): a finished
 * 4-player contest through the real server, on the injected clock. Winner and Top 3 are awarded
 * (4 players make a podium), Top 10 and Top Performer are not (11 and 10 players needed), and the
 * last place gets no rank badge at all. Expected badges are written out here, not recomputed.
 */
import { describe, expect, it } from 'vitest';
import { signup, signupOperator, type Account } from './helpers/accounts.js';
import { contestApi, questionsOf, wrongAnswer } from './helpers/contest.js';
import { ManualClock, startTestServer } from './helpers/test-server.js';

/** Wednesday 7 January 2026, 12:00 UTC. */
const WEDNESDAY = Date.UTC(2026, 0, 7, 12, 0);
const ADMIN_EMAIL = 'fields.admin@example.com';

describe('badges of a 4-player contest', () => {
  it('gives Winner and Top 3 but no Top 10 or Top Performer, and nothing on rank to the last', async () => {
    const clock = new ManualClock(WEDNESDAY);
    const server = await startTestServer({ clock, env: { CONTEST_SCHEDULER_INTERVAL_MS: '0', SIGNUP_RATE_LIMIT: '1000' } });
    try {
      const api = contestApi(server);
      const admin = await signupOperator(server, 'Admin', ADMIN_EMAIL);
      const created = await api.create(admin.token, { openTime: new Date(clock.now() + 60_000).toISOString(), durationMinutes: 1, questionCount: 4 });
      expect(created.status).toBe(201);
      const contestId = created.body.contest._id;
      const players: Account[] = [];
      for (const name of ['Ann', 'Bob', 'Cid', 'Dan']) players.push(await signup(server, name));
      for (const p of players) expect((await api.register(p.token, contestId)).status).toBe(200);
      clock.advance(60_000);
      await server.app.services.contests.tick();
      const questions = await questionsOf(server, contestId);
      // Ann 4 right (20 points), Bob 3, Cid 2, Dan 1 (5 points, last).
      for (const [i, player] of players.entries()) {
        expect((await api.start(player.token, contestId)).status).toBe(200);
        const right = 4 - i;
        for (const [index, q] of questions.entries()) {
          const answer = index < right ? q.answer : wrongAnswer(q);
          expect((await api.answer(player.token, { contestId, questionIndex: index, answer, timeSpent: 1 })).status).toBe(200);
        }
        expect((await api.submit(player.token, contestId)).status).toBe(200);
      }
      clock.advance(61_000);
      await server.app.services.contests.tick();

      const badges: string[][] = [];
      for (const p of players) {
        const [attempt] = (await api.history(p.token)).body.attempts;
        badges.push(attempt?.badges ?? []);
      }
      expect(badges).toEqual([
        ['contest-winner', 'contest-top-3', 'contest-master', 'contest-expert', 'contest-advanced', 'contest-intermediate', 'contest-participant'],
        ['contest-top-3', 'contest-advanced', 'contest-intermediate', 'contest-participant'],
        ['contest-top-3', 'contest-intermediate', 'contest-participant'],
        ['contest-participant'],
      ]);
      const board = (await api.leaderboard(contestId)).body.leaderboard;
      expect(board.map((e) => [e.rank, e.badges.filter((b) => b.startsWith('contest-top') || b === 'contest-winner')])).toEqual([
        [1, ['contest-winner', 'contest-top-3']],
        [2, ['contest-top-3']],
        [3, ['contest-top-3']],
        [4, []],
      ]);
    } finally {
      await server.close();
    }
  });
});
