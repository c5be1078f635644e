/**
 * Every HTTP reply matches its schema in @mathsprint/shared/protocol exactly (issue #48 §4), against
 * the real server over real HTTP on the injected clock: a new player's path through every JSON
 * endpoint (accounts, the global leaderboard, the current Math Challenge room, single player, the
 * weekly contest from its scheduling to its results, daily practice and its discussion, health).
 * Each success reply is checked by `replyProblems`: it must parse, and parsing must give back the
 * reply unchanged, so a missing field, a field of the wrong type and a field the schema does not
 * name all fail (zod's default objects drop unknown keys, which the comparison then sees).
 */
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DAILY } from '@mathsprint/shared/constants';
import * as protocol from '@mathsprint/shared/protocol';
import type { ClientToServerEvents, ServerToClientEvents } from '@mathsprint/shared/protocol';
import type { Socket } from 'socket.io-client';
import { signupOperator, type Account } from './helpers/accounts.js';
import { correctAnswers } from './helpers/daily.js';
import { call } from './helpers/http.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

/** Wednesday 7 January 2026, 12:00 UTC. */
const WEDNESDAY = Date.UTC(2026, 0, 7, 12, 0);
const TODAY = '2026-01-07';
const PASSWORD = 'password123';

/**
 * What is wrong with `body` as a reply of `schema`: zod's issues when it does not parse, else the
 * difference between the body and what parsing made of it (a field the schema does not name is
 * dropped, a value a `.catch` replaced differs). [] when the reply is exactly the schema's.
 */
function replyProblems(schema: z.ZodType, body: unknown): string[] {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
  return differences(body, parsed.data, '');
}

/** Paths at which `sent` and `read` differ, as "path: sent X, read Y". */
function differences(sent: unknown, read: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(read)) {
    if (sent.length !== read.length) return [`${path}: ${sent.length} items sent, ${read.length} read`];
    return sent.flatMap((item, i) => differences(item, read[i], `${path}[${i}]`));
  }
  if (isObject(sent) && isObject(read)) {
    const keys = new Set([...Object.keys(sent), ...Object.keys(read)]);
    return [...keys].flatMap((key) => {
      const at = path ? `${path}.${key}` : key;
      if (!(key in read)) return [`${at}: sent but not in the schema`];
      if (!(key in sent) && read[key] !== undefined) return [`${at}: not sent, read as ${JSON.stringify(read[key])}`];
      return differences(sent[key], read[key], at);
    });
  }
  return Object.is(sent, read) ? [] : [`${path}: sent ${JSON.stringify(sent)}, read ${JSON.stringify(read)}`];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

describe('HTTP replies and their schemas (protocol http-replies.ts, contest-replies.ts, daily-replies.ts)', () => {
  let server: TestServer;
  let clock: ManualClock;
  let admin: Account;
  let token: string;
  let userId: string;
  let contestId: string;
  /** Every endpoint checked, as "METHOD /path", with how many replies. */
  const checked = new Map<string, number>();
  /** Real replies, kept for the test that shows the check fails on a changed reply. */
  const samples: Array<{ schema: z.ZodType; body: unknown }> = [];

  /** Calls the server, expects `status`, and expects the reply to be exactly `schema`'s. */
  async function expectReply<S extends z.ZodType>(
    schema: S,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { token?: string; body?: unknown; status?: number } = {},
  ): Promise<z.output<S>> {
    const reply = await call(server, method, path, options);
    const route = (path.split('?')[0] ?? path)
      .replace(`/contest/past/${contestId}`, '/contest/past/:contestId')
      .replace(`/api/daily/section/${TODAY}/basic`, '/api/daily/section/:date/:sectionKey')
      .replace(/^\/api\/daily\/comments\/[^/]+\/vote$/, '/api/daily/comments/:id/vote');
    const endpoint = `${method} ${route}`;
    expect(reply.status, `${endpoint}: ${JSON.stringify(reply.body)}`).toBe(options.status ?? 200);
    expect(replyProblems(schema, reply.body), endpoint).toEqual([]);
    checked.set(endpoint, (checked.get(endpoint) ?? 0) + 1);
    samples.push({ schema, body: reply.body });
    return schema.parse(reply.body);
  }

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    server = await startTestServer({ clock, env: { CONTEST_SCHEDULER_INTERVAL_MS: '0', SIGNUP_RATE_LIMIT: '1000' } });
    admin = await signupOperator(server, 'Admin');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('accounts: guest, sign-up, login, me, providers, password change, deletion', async () => {
    await expectReply(protocol.authProvidersResponseSchema, 'GET', '/api/auth/providers');
    const visitor = await expectReply(protocol.authResponseSchema, 'POST', '/auth/guest', { status: 201 });
    expect(visitor.user).toMatchObject({ isGuest: true, email: null, hasPassword: false });
    const email = 'reply.walker@example.com';
    const created = await expectReply(protocol.authResponseSchema, 'POST', '/signup', { body: { name: 'Rita Walker', email, password: PASSWORD }, status: 201 });
    expect(created.user).toMatchObject({ isGuest: false, email, hasPassword: true });
    const loggedIn = await expectReply(protocol.authResponseSchema, 'POST', '/login', { body: { email, password: PASSWORD } });
    await expectReply(protocol.meResponseSchema, 'GET', '/api/me', { token: loggedIn.token });
    const changed = await expectReply(protocol.authResponseSchema, 'POST', '/api/password', {
      token: loggedIn.token,
      body: { currentPassword: PASSWORD, newPassword: 'password456' },
    });
    token = changed.token;
    userId = changed.user._id;
    const me = await expectReply(protocol.meResponseSchema, 'GET', '/api/me', { token });
    expect(me.user._id).toBe(userId);

    const leaving = await expectReply(protocol.authResponseSchema, 'POST', '/auth/guest', { status: 201 });
    const deleted = await call(server, 'DELETE', '/api/me', { token: leaving.token, body: { confirm: 'DELETE' } });
    expect(deleted).toEqual({ status: 204, body: {} });
  });

  it('health and the global leaderboard', async () => {
    await expectReply(protocol.healthResponseSchema, 'GET', '/healthz');
    await expectReply(protocol.healthResponseSchema, 'GET', '/readyz');
    const board = await expectReply(protocol.leaderboardResponseSchema, 'GET', '/api/leaderboard');
    expect(board.top.length).toBeGreaterThan(0);
  });

  it('the current Math Challenge room: none, then the room the player waits in', async () => {
    expect(await expectReply(protocol.currentRoomResponseSchema, 'GET', '/api/rooms/current', { token })).toEqual({ room: null });
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(server.url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    try {
      const ack = await new Promise<unknown>((resolve, reject) => {
        socket.once('connect_error', reject);
        socket.once('connect', () => socket.emit('createRoom', { mode: 1 }, resolve));
      });
      expect(ack).toHaveProperty('roomCode');
      const current = await expectReply(protocol.currentRoomResponseSchema, 'GET', '/api/rooms/current', { token });
      expect(current.room).toMatchObject({ status: 'waiting', mode: 1, isHost: true });
      await new Promise<unknown>((resolve) => socket.emit('leaveRoom', resolve));
    } finally {
      socket.disconnect();
    }
  });

  it('single player: start, answer, timer while running and once over', async () => {
    const run = await expectReply(protocol.soloStartResponseSchema, 'POST', '/singleplayer/start', { token, body: { mode: 1 } });
    const answered = await expectReply(protocol.soloAnswerResponseSchema, 'POST', '/singleplayer/answer', { token, body: { sessionId: run.sessionId, answer: 123456 } });
    expect(answered).toMatchObject({ correct: false, over: false });
    const sessionId = encodeURIComponent(run.sessionId);
    await expectReply(protocol.soloTimerResponseSchema, 'GET', `/singleplayer/timer?sessionId=${sessionId}`, { token });
    clock.advance(run.timerDuration * 1000 + 1000);
    const over = await expectReply(protocol.soloTimerResponseSchema, 'GET', `/singleplayer/timer?sessionId=${sessionId}`, { token });
    expect(over).toMatchObject({ over: true, timeLeft: 0 });
    expect(over).toHaveProperty('personalBest');
  });

  it('weekly contest: scheduled, registered, taken, submitted', async () => {
    const openTime = new Date(clock.now() + 60_000).toISOString();
    const created = await expectReply(protocol.contestResponseSchema, 'POST', '/admin/contests', {
      token: admin.token,
      body: { title: 'Reply Sprint', openTime, durationMinutes: 10, questionCount: 5 },
      status: 201,
    });
    contestId = created.contest._id;
    await expectReply(protocol.contestResponseSchema, 'GET', '/contest/next', { token });
    await expectReply(protocol.contestResponseSchema, 'GET', '/contest/next');
    await expectReply(protocol.currentContestResponseSchema, 'GET', '/contest/current', { token });
    const registered = await expectReply(protocol.contestRegisterResponseSchema, 'POST', '/contest/register', { token, body: { contestId } });
    expect(registered.contest.registered).toBe(true);

    clock.advance(61_000);
    await server.app.services.contests.tick();
    const current = await expectReply(protocol.currentContestResponseSchema, 'GET', '/contest/current', { token });
    expect(current.contest).toMatchObject({ _id: contestId, status: 'live' });
    const started = await expectReply(protocol.contestStartResponseSchema, 'POST', '/contest/start', { token, body: { contestId } });
    expect(started.questions).toHaveLength(5);
    await expectReply(protocol.contestSubmitAnswerResponseSchema, 'POST', '/contest/submit-answer', {
      token,
      body: { contestId, questionIndex: 0, answer: 7, timeSpent: 3 },
    });
    const submitted = await expectReply(protocol.contestSubmitResponseSchema, 'POST', '/contest/submit', { token, body: { contestId } });
    expect(submitted.attempt).toMatchObject({ status: 'submitted', totalScore: null });
    await expectReply(protocol.contestStatsResponseSchema, 'GET', `/contest/stats?contestId=${contestId}`);
    await expectReply(protocol.contestLeaderboardResponseSchema, 'GET', `/contest/leaderboard?contestId=${contestId}`);
    await expectReply(protocol.contestHistoryResponseSchema, 'GET', '/contest/history', { token });
  });

  it('weekly contest: closed and finalized, with results, details and history', async () => {
    clock.advance(10 * 60_000 + 1_000);
    await server.app.services.contests.tick();
    const board = await expectReply(protocol.contestLeaderboardResponseSchema, 'GET', `/contest/leaderboard?contestId=${contestId}&limit=5`);
    expect(board.finalized).toBe(true);
    expect(board.leaderboard).toHaveLength(1);
    const stats = await expectReply(protocol.contestStatsResponseSchema, 'GET', `/contest/stats?contestId=${contestId}`);
    expect(stats.stats.averagesPublished).toBe(true);
    const history = await expectReply(protocol.contestHistoryResponseSchema, 'GET', '/contest/history?limit=10', { token });
    expect(history.progress.history).toHaveLength(1);
    expect(history.attempts[0]).toMatchObject({ rank: 1 });
    const details = await expectReply(protocol.contestDetailsResponseSchema, 'GET', `/contest/past/${contestId}`, { token });
    expect(details.contestDetails.questions).toHaveLength(5);
    await expectReply(protocol.currentContestResponseSchema, 'GET', '/contest/current', { token });
    await expectReply(protocol.contestResponseSchema, 'GET', '/contest/next', { token });
  });

  it('daily practice: today, preview, section, submit, rankings, season, streak', async () => {
    const today = await expectReply(protocol.dailyTodayResponseSchema, 'GET', '/api/daily/today', { token });
    expect(today.date).toBe(TODAY);
    expect(today.sections).toHaveLength(DAILY.sectionKeys.length);
    const preview = await expectReply(protocol.dailySectionResponseSchema, 'GET', `/api/daily/section/${TODAY}/basic?preview=1`, { token });
    expect(preview).toMatchObject({ openedAt: null, result: null });
    await expectReply(protocol.dailySectionResponseSchema, 'GET', `/api/daily/section/${TODAY}/basic`, { token });
    clock.advance(30_000);
    const result = await expectReply(protocol.dailySubmitResponseSchema, 'POST', '/api/daily/submit', {
      token,
      body: { date: TODAY, sectionKey: 'basic', answers: correctAnswers(TODAY, 'basic') },
    });
    expect(result.currentStreak).toBe(1);
    const reviewed = await expectReply(protocol.dailySectionResponseSchema, 'GET', `/api/daily/section/${TODAY}/basic`, { token });
    expect(reviewed.result?.answers).toHaveLength(DAILY.questionsPerSection);
    const rankings = await expectReply(protocol.dailyLeaderboardResponseSchema, 'GET', `/api/daily/leaderboard?date=${TODAY}&sectionKey=basic`, { token });
    expect(rankings.top).toHaveLength(1);
    await expectReply(protocol.dailySeasonResponseSchema, 'GET', '/api/daily/season?year=2026&month=1', { token });
    await expectReply(protocol.dailySeasonResponseSchema, 'GET', '/api/daily/season', { token: admin.token });
    const streak = await expectReply(protocol.dailyStreakResponseSchema, 'GET', '/api/daily/streak', { token });
    expect(streak.days).toHaveLength(1);
  });

  it('daily discussion: comment, comments, vote', async () => {
    const { comment } = await expectReply(protocol.dailyCommentResponseSchema, 'POST', '/api/daily/comment', {
      token,
      body: { date: TODAY, sectionKey: 'basic', text: 'Question 3 was a nice one' },
      status: 201,
    });
    const list = await expectReply(protocol.dailyCommentsResponseSchema, 'GET', `/api/daily/comments?date=${TODAY}&sectionKey=basic`, { token });
    expect(list.comments).toHaveLength(1);
    const voted = await expectReply(protocol.dailyCommentResponseSchema, 'POST', `/api/daily/comments/${comment._id}/vote`, { token, body: { voteType: 'up' } });
    expect(voted.comment.votes).toEqual({ [userId]: 'up' });
  });

  it('checked a reply of every JSON endpoint', () => {
    expect([...checked.keys()].sort()).toEqual(
      [
        'GET /api/auth/providers',
        'POST /auth/guest',
        'POST /signup',
        'POST /login',
        'GET /api/me',
        'POST /api/password',
        'GET /healthz',
        'GET /readyz',
        'GET /api/leaderboard',
        'GET /api/rooms/current',
        'POST /singleplayer/start',
        'POST /singleplayer/answer',
        'GET /singleplayer/timer',
        'POST /admin/contests',
        'GET /contest/next',
        'GET /contest/current',
        'POST /contest/register',
        'POST /contest/start',
        'POST /contest/submit-answer',
        'POST /contest/submit',
        'GET /contest/stats',
        'GET /contest/leaderboard',
        'GET /contest/history',
        'GET /contest/past/:contestId',
        'GET /api/daily/today',
        'GET /api/daily/section/:date/:sectionKey',
        'POST /api/daily/submit',
        'GET /api/daily/leaderboard',
        'GET /api/daily/season',
        'GET /api/daily/streak',
        'POST /api/daily/comment',
        'GET /api/daily/comments',
        'POST /api/daily/comments/:id/vote',
      ].sort(),
    );
  });

  it('fails a reply that lacks a field, has one the schema does not name, or has one of the wrong type', () => {
    expect(samples.length).toBeGreaterThan(40);
    for (const { schema, body } of samples) {
      if (!isObject(body)) continue;
      const [first] = Object.keys(body);
      if (first === undefined) continue;
      const lacking = { ...body };
      delete lacking[first];
      // Only a field that is optional may be left out; every reply here has a required first field.
      expect(replyProblems(schema, lacking), `without ${first}`).not.toEqual([]);
      expect(replyProblems(schema, { ...body, undocumented: 1 })).toEqual(['undocumented: sent but not in the schema']);
      expect(replyProblems(schema, { ...body, [first]: Symbol('not JSON') })).not.toEqual([]);
    }
    const room = samples.find(({ body }) => isObject(body) && isObject(body.room))?.body as { room: Record<string, unknown> };
    expect(replyProblems(protocol.currentRoomResponseSchema, { room: { ...room.room, seats: 2 } })).toEqual(['room.seats: sent but not in the schema']);
  });
});
