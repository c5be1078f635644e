/**
 * The weekly contest's schedule and lifecycle (issue #3 "Schedule and lifecycle"): the server makes
 * the next cron occurrence itself (in the configured time zone); every stage transition happens
 * exactly once, also when the server restarts between close and finalization and when two server
 * processes share one PostgreSQL database and race to claim the same transitions; the real
 * scheduler loop (not only `tick()`) runs a contest to the end.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contestScore, rateContest, type Question } from '@mathsprint/shared/domain';
import { contestAttempts, contests, ratingHistory, users } from '../src/db/schema/index.js';
import { signup, signupOperator, type Account } from './helpers/accounts.js';
import { contestApi, questionsOf, wrongAnswer } from './helpers/contest.js';
import { ManualClock, openSharedTestDatabase, startTestServer, type TestServer } from './helpers/test-server.js';

/** Wednesday 7 January 2026, 12:00 UTC (winter). */
const WEDNESDAY = Date.UTC(2026, 0, 7, 12, 0);
const ADMIN_EMAIL = 'lifecycle.admin@example.com';
const BASE_ENV = { CONTEST_SCHEDULER_INTERVAL_MS: '0', SIGNUP_RATE_LIMIT: '1000' };

async function scheduledRows(server: TestServer) {
  return server.database.db.select().from(contests).where(isNotNull(contests.scheduleSlot)).orderBy(contests.openTime);
}

async function stageOf(server: TestServer, contestId: string): Promise<string | undefined> {
  const [row] = await server.database.db.select({ stage: contests.stage }).from(contests).where(eq(contests.id, contestId));
  return row?.stage;
}

/** Admin schedules a contest opening `inMs` from now on the server's clock; returns its id. */
async function createContest(server: TestServer, admin: Account, inMs: number, durationMinutes: number, questionCount: number): Promise<string> {
  const r = await contestApi(server).create(admin.token, {
    openTime: new Date(server.clock.now() + inMs).toISOString(),
    durationMinutes,
    questionCount,
  });
  expect(r.status).toBe(201);
  return r.body.contest._id;
}

/** Registers, starts and answers `right` questions correctly (and one wrong when room is left). */
async function play(server: TestServer, player: Account, contestId: string, questions: readonly Question[], right: number): Promise<void> {
  const api = contestApi(server);
  expect((await api.start(player.token, contestId)).status).toBe(200);
  for (let i = 0; i < Math.min(questions.length, right + 1); i++) {
    const q = questions[i] as Question;
    const r = await api.answer(player.token, { contestId, questionIndex: i, answer: i < right ? q.answer : wrongAnswer(q), timeSpent: 1 });
    expect(r.status).toBe(200);
  }
}

describe('the schedule (CONTEST_CRON in CONTEST_TIMEZONE)', () => {
  it('makes the next Friday 15:30 UTC contest before anyone asks, once', async () => {
    const clock = new ManualClock(WEDNESDAY);
    const server = await startTestServer({ clock, env: { ...BASE_ENV, CONTEST_CRON: '30 15 * * 5' } });
    try {
      const rows = await scheduledRows(server);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ title: 'Weekly Math Contest', durationMinutes: 10, questionCount: 20, stage: 'upcoming', scheduleSlot: '2026-01-09T15:30:00.000Z' });
      const next = await contestApi(server).next();
      expect(next.body.contest).toMatchObject({ openTime: '2026-01-09T15:30:00.000Z', closeTime: '2026-01-09T15:40:00.000Z', status: 'upcoming' });
      await server.app.services.contests.tick();
      await server.app.services.contests.tick();
      expect(await scheduledRows(server)).toHaveLength(1);

      // Friday 15:30: live, then closed and finalized with nobody in it; the following Friday appears
      // at once, and takes the home card (/contest/next) a day after the close (contest-card.ts).
      clock.set(Date.UTC(2026, 0, 9, 15, 30));
      await server.app.services.contests.tick();
      expect(await stageOf(server, rows[0]?.id ?? '')).toBe('live');
      expect((await contestApi(server).next()).body.contest).toMatchObject({ _id: rows[0]?.id, status: 'live', stage: 'live' });
      clock.set(Date.UTC(2026, 0, 9, 15, 40, 0, 1));
      await server.app.services.contests.tick();
      expect(await stageOf(server, rows[0]?.id ?? '')).toBe('finalized');
      const after = await scheduledRows(server);
      expect(after.map((r) => r.scheduleSlot)).toEqual(['2026-01-09T15:30:00.000Z', '2026-01-16T15:30:00.000Z']);
      expect((await contestApi(server).next()).body.contest).toMatchObject({ _id: rows[0]?.id, status: 'completed', stage: 'finalized' });
      expect((await contestApi(server).current()).body.contest).toMatchObject({ _id: rows[0]?.id, status: 'completed', stage: 'finalized' });
      clock.set(Date.UTC(2026, 0, 10, 15, 40));
      expect((await contestApi(server).next()).body.contest).toMatchObject({ openTime: '2026-01-16T15:30:00.000Z', status: 'upcoming' });
    } finally {
      await server.close();
    }
  });

  it('reads the expression in CONTEST_TIMEZONE, with the configured duration and question count', async () => {
    const server = await startTestServer({
      clock: new ManualClock(WEDNESDAY),
      env: { ...BASE_ENV, CONTEST_CRON: '30 15 * * 5', CONTEST_TIMEZONE: 'Europe/Berlin', CONTEST_DURATION_MINUTES: '15', CONTEST_QUESTION_COUNT: '12' },
    });
    try {
      expect((await contestApi(server).next()).body.contest).toMatchObject({
        openTime: '2026-01-09T14:30:00.000Z',
        closeTime: '2026-01-09T14:45:00.000Z',
        durationMinutes: 15,
        questionCount: 12,
      });
    } finally {
      await server.close();
    }
  });

  it('refuses to start with an invalid CONTEST_CRON, saying what is wrong', async () => {
    await expect(startTestServer({ env: { ...BASE_ENV, CONTEST_CRON: '61 15 * * 5' } })).rejects.toThrow(
      /CONTEST_CRON: CONTEST_CRON must be a 5-field cron expression.*got '61 15 \* \* 5'/,
    );
    await expect(startTestServer({ env: { ...BASE_ENV, CONTEST_CRON: '0 30 15 * * 5' } })).rejects.toThrow(/6 fields/);
  });
});

describe('the scheduler loop', () => {
  it('takes a contest live, closed and finalized on its own as the clock moves', async () => {
    const clock = new ManualClock(WEDNESDAY);
    const server = await startTestServer({ clock, env: { ...BASE_ENV, CONTEST_SCHEDULER_INTERVAL_MS: '20' } });
    try {
      const admin = await signupOperator(server, 'Admin', ADMIN_EMAIL);
      const ann = await signup(server, 'Ann');
      const api = contestApi(server);
      const contestId = await createContest(server, admin, 1_000, 1, 5);
      expect((await api.register(ann.token, contestId)).status).toBe(200);
      clock.advance(1_000);
      await expect.poll(() => stageOf(server, contestId), { timeout: 5_000 }).toBe('live');
      await play(server, ann, contestId, await questionsOf(server, contestId), 3);
      clock.advance(60_001);
      await expect.poll(() => stageOf(server, contestId), { timeout: 5_000 }).toBe('finalized');
      const [attempt] = await server.database.db.select().from(contestAttempts).where(eq(contestAttempts.contestId, contestId));
      expect(attempt).toMatchObject({ autoSubmitted: true, totalScore: contestScore(3), rank: 1, percentile: 100 });
    } finally {
      await server.close();
    }
  });

  it('between contests reads the database every few seconds only, and still opens a contest another process scheduled', async () => {
    const shared = await openSharedTestDatabase();
    const clock = new ManualClock(WEDNESDAY);
    // A runs the loop; B (its loop off) stands for another process whose operator schedules a contest.
    const a = await startTestServer({ clock, env: { ...BASE_ENV, CONTEST_SCHEDULER_INTERVAL_MS: '20' }, ...shared.serverOptions() });
    const b = await startTestServer({ clock, env: BASE_ENV, ...shared.serverOptions() });
    try {
      const admin = await signupOperator(b, 'Admin', ADMIN_EMAIL);
      // A's start-up pass found only Friday's contest: it now sleeps through its 20 ms passes.
      const contestId = await createContest(b, admin, 60_000, 1, 5);
      clock.advance(60_000);
      const scheduledAt = Date.now();
      await expect.poll(() => stageOf(a, contestId), { timeout: 10_000, interval: 50 }).toBe('live');
      // A was not told (B's loop is off): it sees the contest at its quiet re-read, within 5 s.
      expect(Date.now() - scheduledAt).toBeLessThan(7_000);
    } finally {
      await a.close();
      await b.close();
      await shared.close();
    }
  });
});

describe('restart between close and finalization', () => {
  it('finalizes on start-up, once, what the stopped server left closed or still live', async () => {
    const shared = await openSharedTestDatabase();
    const clock = new ManualClock(WEDNESDAY);
    let first: TestServer | null = await startTestServer({ clock, env: BASE_ENV, ...shared.serverOptions() });
    let second: TestServer | null = null;
    try {
      const admin = await signupOperator(first, 'Admin', ADMIN_EMAIL);
      const [ann, bob, cid] = [await signup(first, 'Ann'), await signup(first, 'Bob'), await signup(first, 'Cid')];
      const api = contestApi(first);
      // X lasts 1 minute and is left closed; Y lasts 2 minutes and is left live past its close.
      const x = await createContest(first, admin, 60_000, 1, 6);
      const y = await createContest(first, admin, 60_000, 2, 6);
      for (const id of [x, y]) for (const p of [ann, bob, cid]) expect((await api.register(p.token, id)).status).toBe(200);
      clock.advance(60_000);
      await first.app.services.contests.tick();
      const [qx, qy] = [await questionsOf(first, x), await questionsOf(first, y)];
      await play(first, ann, x, qx, 5);
      await play(first, bob, x, qx, 2);
      expect((await api.submit(ann.token, x)).status).toBe(200);
      await play(first, ann, y, qy, 1);
      await play(first, bob, y, qy, 4); // Cid registered for both and never starts: not a participant.

      clock.set(Date.UTC(2026, 0, 7, 12, 2, 0, 1)); // after X's close, before Y's
      await first.app.services.contests.tick({ stopAt: 'closed' });
      expect(await stageOf(first, x)).toBe('closed');
      expect(await stageOf(first, y)).toBe('live');
      clock.set(Date.UTC(2026, 0, 7, 12, 3, 0, 1)); // after Y's close; the first server never sees it
      await first.close();
      first = null;

      second = await startTestServer({ clock, env: BASE_ENV, ...shared.serverOptions() });
      expect(await stageOf(second, x)).toBe('finalized');
      expect(await stageOf(second, y)).toBe('finalized');
      await second.app.services.contests.tick();
      const history = await second.database.db.select().from(ratingHistory).where(eq(ratingHistory.source, 'contest'));
      expect(history.filter((h) => h.sourceId === x).map((h) => h.userId).sort()).toEqual([ann.id, bob.id].sort());
      expect(history.filter((h) => h.sourceId === y).map((h) => h.userId).sort()).toEqual([ann.id, bob.id].sort());

      const attempts = await second.database.db.select().from(contestAttempts);
      const of = (contestId: string, p: Account) => attempts.find((a) => a.contestId === contestId && a.userId === p.id);
      expect(of(x, ann)).toMatchObject({ autoSubmitted: false, totalScore: contestScore(5), rank: 1 });
      expect(of(x, bob)).toMatchObject({ autoSubmitted: true, totalScore: contestScore(2), rank: 2 });
      expect(of(y, bob)).toMatchObject({ autoSubmitted: true, totalScore: contestScore(4), rank: 1 });
      expect(of(y, ann)).toMatchObject({ autoSubmitted: true, totalScore: contestScore(1), rank: 2 });
      expect(of(y, cid)).toMatchObject({ submittedAt: null, rank: null });

      // Ratings moved by exactly two periods, X then Y, from the defaults.
      const start = { rating: 1500, rd: 350, volatility: second.config.GLICKO_VOLATILITY };
      const tau = second.config.GLICKO_TAU;
      const [annX, bobX] = rateContest([start, start], [1, 2], { tau }) as [typeof start, typeof start];
      const [annY, bobY] = rateContest([annX, bobX], [2, 1], { tau }) as [typeof start, typeof start];
      const rating = async (p: Account) => (await second!.database.db.select().from(users).where(eq(users.id, p.id)))[0]?.rating;
      expect(await rating(ann)).toBeCloseTo(annY.rating, 9);
      expect(await rating(bob)).toBeCloseTo(bobY.rating, 9);
      expect(await rating(cid)).toBe(1500);
    } finally {
      await first?.close();
      await second?.close();
      await shared.close();
    }
  });
});

describe('two server processes on one PostgreSQL database', () => {
  const reason = 'needs PostgreSQL (TEST_DATABASE_URL): PGlite is embedded in one process and cannot be shared by two';
  it.skipIf(!process.env.TEST_DATABASE_URL)(`claims every transition once while both tick at the same time (${reason})`, async () => {
    const shared = await openSharedTestDatabase();
    const clock = new ManualClock(WEDNESDAY);
    // Both loops run every 5 ms on the same clock besides the explicit ticks below.
    const env = { ...BASE_ENV, CONTEST_SCHEDULER_INTERVAL_MS: '5' };
    const [a, b] = await Promise.all([
      startTestServer({ clock, env, ...shared.serverOptions() }),
      startTestServer({ clock, env, ...shared.serverOptions() }),
    ]);
    try {
      expect(await scheduledRows(a)).toHaveLength(1);
      const admin = await signupOperator(a, 'Admin', ADMIN_EMAIL);
      const contestId = await createContest(b, admin, 60_000, 2, 12);
      const servers = [a, b];
      const players: Account[] = [];
      for (let i = 0; i < 12; i++) players.push(await signup(servers[i % 2] as TestServer, `P${i}`));
      await Promise.all(players.map(async (p, i) => expect((await contestApi(servers[i % 2] as TestServer).register(p.token, contestId)).status).toBe(200)));

      clock.advance(60_000);
      await Promise.all([a.app.services.contests.tick(), b.app.services.contests.tick()]);
      expect(await stageOf(a, contestId)).toBe('live');
      const questions = await questionsOf(a, contestId);
      // Player i answers i + 1 right through the other server than it registered on; distinct scores.
      await Promise.all(players.map((p, i) => play(servers[(i + 1) % 2] as TestServer, p, contestId, questions, i + 1)));
      for (const [i, p] of players.entries()) {
        if (i % 2 === 0) expect((await contestApi(servers[i % 3 === 0 ? 0 : 1] as TestServer).submit(p.token, contestId)).status).toBe(200);
      }

      clock.advance(2 * 60_000 + 1);
      await Promise.all([a.app.services.contests.tick(), b.app.services.contests.tick(), a.app.services.contests.tick(), b.app.services.contests.tick()]);

      const [row] = await a.database.db.select().from(contests).where(eq(contests.id, contestId));
      expect(row).toMatchObject({ stage: 'finalized' });
      const attempts = await a.database.db.select().from(contestAttempts).where(eq(contestAttempts.contestId, contestId));
      expect(attempts.filter((x) => x.autoSubmitted)).toHaveLength(6);
      expect(attempts.filter((x) => x.autoSubmitted).every((x) => x.submittedAt?.getTime() === row?.closeTime.getTime())).toBe(true);
      const ranks = players.map((p) => attempts.find((x) => x.userId === p.id)?.rank);
      // Higher score ranks better: player 11 (12 right) first.
      expect(ranks).toEqual(players.map((_, i) => 12 - i));

      const history = await a.database.db
        .select()
        .from(ratingHistory)
        .where(and(eq(ratingHistory.source, 'contest'), eq(ratingHistory.sourceId, contestId)));
      expect(history).toHaveLength(12);
      expect(new Set(history.map((h) => h.userId)).size).toBe(12);
      const start = { rating: 1500, rd: 350, volatility: a.config.GLICKO_VOLATILITY };
      const expected = rateContest(players.map(() => start), ranks as number[], { tau: a.config.GLICKO_TAU });
      const rows = await a.database.db.select({ id: users.id, rating: users.rating }).from(users);
      players.forEach((p, i) => expect(rows.find((r) => r.id === p.id)?.rating).toBeCloseTo(expected[i]?.rating ?? 0, 9));

      // Both schedulers made the next occurrence once between them.
      const [{ count } = { count: -1 }] = await a.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(contests)
        .where(isNotNull(contests.scheduleSlot));
      expect(count).toBe(1);
    } finally {
      await a.close();
      await b.close();
      await shared.close();
    }
  });
});
