/**
 * A weekly contest's rating through the real server (issue #47): twelve fresh players play a
 * contest over real HTTP on the injected clock, the scheduler closes and finalizes it, and the
 * stored ratings are `rateContest`'s (the contest weighs CONTEST_GAMES games, not eleven), so
 * every fresh participant's RD stays at or above 150 and equal finishes rate equally. A plain
 * round robin of twelve would leave each RD near 143.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTEST_GAMES, rateContest, type Question } from '@mathsprint/shared/domain';
import { contestAttempts, ratingHistory, users } from '../src/db/schema/index.js';
import { signup, signupOperator, type Account } from './helpers/accounts.js';
import { contestApi, questionsOf } from './helpers/contest.js';
import { ManualClock, startTestServer } from './helpers/test-server.js';

/** Wednesday 7 January 2026, 12:00 UTC. */
const WEDNESDAY = Date.UTC(2026, 0, 7, 12, 0);
const ADMIN_EMAIL = 'rating.admin@example.com';
const ENV = { CONTEST_SCHEDULER_INTERVAL_MS: '0', SIGNUP_RATE_LIMIT: '1000' };

describe('a finished contest through the real server', () => {
  it('rates its fresh participants with rateContest: RD ≥ 150, ties equal, gains bounded', async () => {
    const clock = new ManualClock(WEDNESDAY);
    const server = await startTestServer({ clock, env: ENV });
    try {
      const api = contestApi(server);
      const admin = await signupOperator(server, 'Admin', ADMIN_EMAIL);
      const players: Account[] = [];
      for (let i = 0; i < 12; i++) players.push(await signup(server, `P${i}`));
      const created = await api.create(admin.token, { openTime: new Date(clock.now() + 60_000).toISOString(), durationMinutes: 2, questionCount: 12 });
      expect(created.status).toBe(201);
      const contestId = created.body.contest._id;
      for (const p of players) expect((await api.register(p.token, contestId)).status).toBe(200);

      clock.advance(60_000);
      await server.app.services.contests.tick();
      const questions = await questionsOf(server, contestId);
      // Player i answers i right, except P0 and P1 who both answer one: with the clock standing
      // still and both auto-submitted at close, their score, time and submission time are equal.
      const right = players.map((_, i) => Math.max(1, i));
      for (const [i, p] of players.entries()) {
        expect((await api.start(p.token, contestId)).status).toBe(200);
        for (let q = 0; q < (right[i] as number); q++) {
          const question = questions[q] as Question;
          expect((await api.answer(p.token, { contestId, questionIndex: q, answer: question.answer, timeSpent: 1 })).status).toBe(200);
        }
      }
      clock.advance(2 * 60_000 + 1);
      await server.app.services.contests.tick();

      const attempts = await server.database.db.select().from(contestAttempts).where(eq(contestAttempts.contestId, contestId));
      const ranks = players.map((p) => attempts.find((a) => a.userId === p.id)?.rank as number);
      expect(ranks).toEqual([11, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
      expect(players.length - 1).toBeGreaterThan(CONTEST_GAMES);

      const history = await server.database.db
        .select()
        .from(ratingHistory)
        .where(and(eq(ratingHistory.source, 'contest'), eq(ratingHistory.sourceId, contestId)));
      expect(new Set(history.map((h) => h.userId))).toEqual(new Set(players.map((p) => p.id)));

      const start = { rating: 1500, rd: 350, volatility: server.config.GLICKO_VOLATILITY };
      const expected = rateContest(players.map(() => start), ranks, { tau: server.config.GLICKO_TAU });
      const rows = await server.database.db.select().from(users).where(inArray(users.id, players.map((p) => p.id)));
      const stored = players.map((p) => rows.find((r) => r.id === p.id));
      stored.forEach((row, i) => {
        expect(row?.rating).toBeCloseTo(expected[i]?.rating ?? 0, 9);
        expect(row?.rd).toBeCloseTo(expected[i]?.rd ?? 0, 9);
        expect(row?.rd).toBeGreaterThanOrEqual(150);
        expect(Math.abs((row?.rating ?? 0) - 1500)).toBeLessThanOrEqual(350);
      });
      expect(stored[0]?.rating).toBe(stored[1]?.rating);
      for (let i = 2; i < players.length; i++) expect(stored[i]?.rating).toBeGreaterThan(stored[i - 1]?.rating ?? 0);

      // The player's own history shows the same change, rounded.
      const winner = (await api.history(players[11]?.token, 1)).body.attempts[0];
      expect(winner?.ratingChange).toEqual({
        before: 1500,
        after: Math.round(expected[11]?.rating ?? 0),
        rdBefore: 350,
        rdAfter: Math.round(expected[11]?.rd ?? 0),
      });
    } finally {
      await server.close();
    }
  });
});
