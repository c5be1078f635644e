/**
 * Single-player challenge over real HTTP (spec §7 "Single-player", §4, issue #2 "Single-player"):
 * start, answer right and wrong, the server's clock (driven by a ManualClock), time up, refusals,
 * ownership, validation, and the solo_runs row written exactly once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soloRuns } from '../src/db/schema/index.js';
import { backendEnv, dropPrefix, freshPrefix, roomBackends } from './helpers/redis.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';
import { signup, type Account } from './helpers/accounts.js';
import { call, type Reply } from './helpers/http.js';



interface StartBody {
  sessionId: string;
  questions: string[];
  timerDuration: number;
}

const start = (server: TestServer, token: string, body: unknown = { mode: 1 }) =>
  call<StartBody>(server, 'POST', '/singleplayer/start', { token, body });
const answer = (server: TestServer, token: string, sessionId: string, value: unknown) =>
  call(server, 'POST', '/singleplayer/answer', { token, body: { sessionId, answer: value } });
const timer = (server: TestServer, token: string, sessionId: string) =>
  call(server, 'GET', `/singleplayer/timer?sessionId=${encodeURIComponent(sessionId)}`, { token });

// The suite runs on each session store: in memory, and in Redis when TEST_REDIS_URL is set.
describe.each(roomBackends())('single-player challenge (sessions in %s)', (backend) => {
  let server: TestServer;
  let clock: ManualClock;
  let ann: Account;
  let bob: Account;
  const prefix = freshPrefix();

  beforeAll(async () => {
    clock = new ManualClock(Date.now());
    server = await startTestServer({ clock, env: backendEnv(backend, prefix) });
    ann = await signup(server, 'Ann');
    bob = await signup(server, 'Bob');
  });
  afterAll(async () => {
    await server.close();
    if (backend === 'redis') await dropPrefix(prefix);
  });

  async function session(sessionId: string) {
    const s = await server.app.services.solo.inspect(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    return s;
  }

  async function runsOf(sessionId: string) {
    return server.database.db.select().from(soloRuns).where(eq(soloRuns.id, sessionId));
  }

  it('starts a run: session id, question texts only, timerDuration = mode × 60 s', async () => {
    const { status, body } = await start(server, ann.token, { mode: 2 });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['questions', 'sessionId', 'timerDuration']);
    expect(body.timerDuration).toBe(120);
    expect(body.questions).toHaveLength(300);
    expect(body.questions.every((q) => typeof q === 'string' && q.length > 0)).toBe(true);
    const s = await session(body.sessionId);
    expect(s).toMatchObject({ userId: ann.id, mode: 2, score: 0, current: 0, endedAt: null });
    expect(s.answers).toHaveLength(300);
  });

  it('defaults to mode 1 and refuses other modes with 400', async () => {
    const { status, body } = await start(server, ann.token, {});
    expect(status).toBe(200);
    expect(body.timerDuration).toBe(60);
    expect(body.questions).toHaveLength(150);
    const noBody = await call<StartBody>(server, 'POST', '/singleplayer/start', { token: ann.token });
    expect(noBody.status).toBe(200);
    expect(noBody.body.timerDuration).toBe(60);
    for (const mode of [4, 0, -1, 'x', 10]) {
      const bad = await start(server, ann.token, { mode });
      expect(bad.status).toBe(400);
      expect((bad.body as unknown as { error: string }).error).toMatch(/mode/);
    }
    const four = await start(server, ann.token, { mode: 4 });
    expect(four.body).toEqual({ error: 'mode must be one of 1, 2, 3, 5 minutes', code: 'INVALID_INPUT' });
  });

  it('checks answers on the server: right scores and advances, wrong changes nothing', async () => {
    const { body } = await start(server, ann.token);
    const s = await session(body.sessionId);
    const first = s.answers[0] as number;

    const right = await answer(server, ann.token, body.sessionId, first);
    expect(right).toEqual({ status: 200, body: { correct: true, score: s.points[0], current: 1, over: false } });
    expect(s.points[0]).toBe(10); // difficulty 1 → 10 points

    const wrong = await answer(server, ann.token, body.sessionId, (s.answers[1] as number) + 1);
    expect(wrong).toEqual({ status: 200, body: { correct: false, score: s.points[0], current: 1, over: false } });

    // A numeric string is accepted and converted (issue #2 "Answer checking").
    const asText = await answer(server, ann.token, body.sessionId, ` ${String(s.answers[1])} `);
    expect(asText.body).toEqual({ correct: true, score: (s.points[0] as number) + (s.points[1] as number), current: 2, over: false });
  });

  it('refuses bad answers with 400 and the reason, changing nothing', async () => {
    const { body } = await start(server, ann.token);
    const cases: [unknown, string][] = [
      ['', 'Enter an answer before submitting.'],
      ['   ', 'Enter an answer before submitting.'],
      ['abc', "answer must be a finite number, got 'abc'"],
      ['Infinity', "answer must be a finite number, got 'Infinity'"],
    ];
    for (const [value, error] of cases) {
      expect(await answer(server, ann.token, body.sessionId, value)).toEqual({ status: 400, body: { error, code: 'INVALID_INPUT' } });
    }
    for (const payload of [{ sessionId: body.sessionId }, { answer: 3 }, { sessionId: 5, answer: 3 }, null]) {
      const res = await call(server, 'POST', '/singleplayer/answer', { token: ann.token, body: payload });
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    const missing = await call(server, 'GET', '/singleplayer/timer', { token: ann.token });
    expect(missing).toEqual({ status: 400, body: { error: 'sessionId is required', code: 'INVALID_INPUT' } });
    expect(await session(body.sessionId)).toMatchObject({ score: 0, current: 0 });
  });

  it('requires a session token: 401 without one', async () => {
    const { body } = await start(server, ann.token);
    const noToken = [
      await call(server, 'POST', '/singleplayer/start', { body: { mode: 1 } }),
      await call(server, 'POST', '/singleplayer/answer', { body: { sessionId: body.sessionId, answer: 1 } }),
      await call(server, 'GET', `/singleplayer/timer?sessionId=${body.sessionId}`),
    ];
    for (const res of noToken) expect(res).toEqual({ status: 401, body: { error: 'Please log in to continue', code: 'LOGIN_REQUIRED' } });
    const badToken = await call(server, 'GET', `/singleplayer/timer?sessionId=${body.sessionId}`, { token: 'not-a-token' });
    expect(badToken.status).toBe(401);
  });

  it("answers 404 'Session not found' for unknown ids and for another user's session", async () => {
    const { body } = await start(server, ann.token);
    const s = await session(body.sessionId);
    expect(await timer(server, ann.token, 'nope')).toEqual({ status: 404, body: { error: 'Session not found', code: 'RUN_NOT_FOUND' } });
    expect(await answer(server, ann.token, 'nope', 1)).toEqual({ status: 404, body: { error: 'Session not found', code: 'RUN_NOT_FOUND' } });
    expect(await timer(server, bob.token, body.sessionId)).toEqual({ status: 404, body: { error: 'Session not found', code: 'RUN_NOT_FOUND' } });
    expect(await answer(server, bob.token, body.sessionId, s.answers[0])).toEqual({
      status: 404,
      body: { error: 'Session not found', code: 'RUN_NOT_FOUND' },
    });
    expect(await session(body.sessionId)).toMatchObject({ score: 0, current: 0 });
  });

  it('lets a guest play', async () => {
    const res = await fetch(`${server.url}/auth/guest`, { method: 'POST' });
    const { token } = (await res.json()) as { token: string };
    const started = await start(server, token);
    expect(started.status).toBe(200);
    expect((await timer(server, token, started.body.sessionId)).body).toMatchObject({ timeLeft: 60, over: false });
  });

  it('runs on the server clock; when time is up, answers are refused and the run is stored once', async () => {
    const { body } = await start(server, bob.token);
    const id = body.sessionId;
    const s = await session(id);
    expect((await timer(server, bob.token, id)).body).toEqual({ timeLeft: 60, over: false, score: 0, current: 0 });
    await answer(server, bob.token, id, s.answers[0]);

    clock.advance(1_500);
    expect((await timer(server, bob.token, id)).body).toEqual({ timeLeft: 59, over: false, score: 10, current: 1 });
    clock.advance(58_000); // 59.5 s in
    expect((await timer(server, bob.token, id)).body).toMatchObject({ timeLeft: 1, over: false });
    expect(await runsOf(id)).toHaveLength(0);

    clock.advance(500); // exactly 60 s: time is up
    expect((await timer(server, bob.token, id)).body).toEqual({ timeLeft: 0, over: true, score: 10, current: 1, personalBest: expect.any(Number) });
    const late = await answer(server, bob.token, id, s.answers[1]);
    expect(late).toEqual({
      status: 409,
      body: { error: 'Time is up', code: 'RUN_OVER', over: true, correct: false, score: 10, current: 1, personalBest: expect.any(Number) },
    });

    const runs = await runsOf(id);
    expect(runs).toEqual([
      {
        id,
        userId: bob.id,
        mode: 1,
        score: 10,
        solved: 1,
        startedAt: new Date(s.startedAt),
        endedAt: new Date(s.startedAt + 60_000),
      },
    ]);
    await timer(server, bob.token, id);
    await server.app.services.solo.sweep();
    expect(await runsOf(id)).toHaveLength(1);
  });

  it('ends a run whose time is up in the sweep even when the client never calls again', async () => {
    const { body } = await start(server, bob.token);
    clock.advance(61_000);
    await server.app.services.solo.sweep();
    expect(await runsOf(body.sessionId)).toMatchObject([{ score: 0, solved: 0, mode: 1 }]);
    expect((await session(body.sessionId)).endReason).toBe('time');
  });

  it('ends a run when every question is solved, stores it once, and refuses further answers', async () => {
    const { body } = await start(server, bob.token);
    const s = await session(body.sessionId);
    let last: Reply = { status: 0, body: {} };
    for (const value of s.answers) last = await answer(server, bob.token, body.sessionId, value);
    const total = s.points.reduce((a, b) => a + b, 0);
    const all = s.answers.length;
    expect(last).toEqual({ status: 200, body: { correct: true, score: total, current: all, over: true, personalBest: total } });
    expect((await timer(server, bob.token, body.sessionId)).body).toEqual({ timeLeft: 0, over: true, score: total, current: all, personalBest: total });
    const again = await answer(server, bob.token, body.sessionId, 1);
    expect(again).toEqual({
      status: 409,
      body: { error: 'The challenge is over', code: 'RUN_OVER', over: true, correct: false, score: total, current: all, personalBest: total },
    });
    expect(await runsOf(body.sessionId)).toMatchObject([{ score: total, solved: all }]);
  });

  it('scores one question once when two answers race', async () => {
    const { body } = await start(server, ann.token);
    const s = await session(body.sessionId);
    // Find a question whose answer differs from the next one, so the second answer must be wrong.
    let i = 0;
    while (s.answers[i] === s.answers[i + 1]) i++;
    for (let k = 0; k < i; k++) await answer(server, ann.token, body.sessionId, s.answers[k]);
    const both = await Promise.all([
      answer(server, ann.token, body.sessionId, s.answers[i]),
      answer(server, ann.token, body.sessionId, s.answers[i]),
    ]);
    expect(both.map((r) => r.body.correct).sort()).toEqual([false, true]);
    expect(await session(body.sessionId)).toMatchObject({ current: i + 1 });
  });

  it('replaces the previous run when the same user starts again; a played run is stored', async () => {
    const first = await start(server, ann.token);
    const s = await session(first.body.sessionId);
    await answer(server, ann.token, first.body.sessionId, s.answers[0]);
    const second = await start(server, ann.token);
    expect(second.status).toBe(200);
    expect(await timer(server, ann.token, first.body.sessionId)).toEqual({ status: 404, body: { error: 'Session not found', code: 'RUN_NOT_FOUND' } });
    expect(await runsOf(first.body.sessionId)).toMatchObject([{ score: 10, solved: 1 }]);
    // An untouched run that is replaced leaves no row.
    await start(server, ann.token);
    expect(await runsOf(second.body.sessionId)).toHaveLength(0);
  });

  it('forgets an ended session 10 minutes after its end (404, so the client starts anew)', async () => {
    const { body } = await start(server, bob.token);
    clock.advance(60_000);
    expect((await timer(server, bob.token, body.sessionId)).body).toMatchObject({ over: true });
    clock.advance(9 * 60_000);
    await server.app.services.solo.sweep();
    expect((await timer(server, bob.token, body.sessionId)).status).toBe(200);
    clock.advance(60_000);
    await server.app.services.solo.sweep();
    expect(await timer(server, bob.token, body.sessionId)).toEqual({ status: 404, body: { error: 'Session not found', code: 'RUN_NOT_FOUND' } });
    expect(await runsOf(body.sessionId)).toHaveLength(1);
  });
});
