/**
 * Authorization and abuse audit, proven against the real server over real HTTP and real
 * socket.io-client connections: each test plays a second signed-in player (or a guest, or a stale
 * token) attacking a first player's contest attempt, daily work, session or Math Challenge room,
 * and checks that the server refuses it or keeps it to the attacker's own data, and that nothing of
 * the victim's changed.
 *
 * Only what the other suites leave out is here. Already covered elsewhere: contest registration,
 * start, answer and submit by an unregistered player, a guest or nobody, answers after close, an
 * out-of-range question index, the last answer winning, and the scan of every response before
 * close for answers (contest.test.ts); the admin route for a non-admin (contest.test.ts); guests
 * and signed-out callers on every daily call, a locked section's questions, a second submission
 * (daily.test.ts); a password change revoking older tokens on HTTP and on sockets
 * (accounts.test.ts, session-feed.test.ts); another player's single-player session, answers after
 * time is up and answer-free payloads (solo.test.ts); a full room, a non-host start, a countdown
 * answer, answers after the end, an outsider's rejoinRoom and the answer acknowledgement's exact
 * fields (duel.test.ts).
 *
 * Added here:
 *  - contest: a body naming another player's user or attempt id changes only the caller's own
 *    attempt; before close, nothing another player or an anonymous caller receives carries the
 *    first player's answers (a marker value), nor after close in the second player's own review;
 *  - daily: a comment or vote whose body names another user is the caller's; a locked section
 *    stays locked through `?preview=1`, a past day and POST /api/daily/submit; two submissions of
 *    one section sent at once store one; a player who has not submitted sees no answers;
 *  - accounts: a token revoked by a password change is refused by every domain's routes and signs
 *    a new socket of the same server out; a guest cannot schedule contests;
 *  - Math Challenge (on each room store): an outsider who knows a running room's code can neither
 *    act in it nor hear it, including while the store answers slowly (a Redis round trip made
 *    long: rejoinRoom used to attach the outsider to the room's broadcasts before it checked her
 *    seat); a player's answer in the waiting room is refused; no payload either player receives
 *    during a game and its rematch carries an answer, a point value or a seed.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuthResponse,
  ContestView,
  DailyCommentResponse,
  DailyCommentsResponse,
  DailySectionResponse,
  DailySeasonResponse,
  DailySubmitResponse,
} from '@mathsprint/shared/protocol';
import type { Question } from '@mathsprint/shared/domain';
import { contestAnswers, contestAttempts, contests, dailyAnswers, dailyOpens, dailySubmissions } from '../src/db/schema/index.js';
import type { DuelHandle } from '../src/duel/duel.socket.js';
import { questionTexts } from '../src/duel/duel.machine.js';
import { guest, signup, signupOperator, type Account } from './helpers/accounts.js';
import { contestApi, questionsOf, type ContestApi, type LoggedResponse } from './helpers/contest.js';
import { call, correctAnswers, setRating } from './helpers/daily.js';
import { fieldsNamed } from './helpers/json-fields.js';
import { roomBackends } from './helpers/redis.js';
import { roomSuiteServer } from './helpers/room-suite.js';
import { emitForAck, type Ack } from './helpers/socket-ack.js';
import { connectPlayer, nextWhere, type Client } from './helpers/socket-client.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

/** Wednesday 7 January 2026, 12:00 UTC. */
const WEDNESDAY = Date.UTC(2026, 0, 7, 12, 0);
const ADMIN_EMAIL = 'authz.admin@example.com';

/** Lets in-flight frames arrive (the server and the clients share this process's event loop). */
const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));

describe("weekly contest: another player's attempt", () => {
  let server: TestServer;
  let clock: ManualClock;
  /** Calls whose responses are not scanned (Ann's own, the admin's). */
  let api: ContestApi;
  /** Every response Bob, Mal or an anonymous caller got before close. */
  const othersSaw: LoggedResponse[] = [];
  let others: ContestApi;
  let ann: Account;
  let bob: Account;
  let mal: Account;
  let contest: ContestView;
  let questions: Question[];
  let annAttemptId: string;
  /** Ann's answer to question 1: a value no question of the contest has, so it can be searched for in text. */
  const MARKER = 731_905.27;

  const storedAnswers = (userId: string) =>
    server.database.db
      .select({ questionIndex: contestAnswers.questionIndex, userAnswer: contestAnswers.userAnswer })
      .from(contestAnswers)
      .where(and(eq(contestAnswers.contestId, contest._id), eq(contestAnswers.userId, userId)))
      .orderBy(contestAnswers.questionIndex);
  const attemptOf = async (userId: string) =>
    (
      await server.database.db
        .select()
        .from(contestAttempts)
        .where(and(eq(contestAttempts.contestId, contest._id), eq(contestAttempts.userId, userId)))
    )[0];

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    server = await startTestServer({ clock, env: { CONTEST_SCHEDULER_INTERVAL_MS: '0' } });
    api = contestApi(server);
    others = contestApi(server, othersSaw);
    const admin = await signupOperator(server, 'Admin', ADMIN_EMAIL);
    [ann, bob, mal] = await Promise.all([signup(server, 'Ann'), signup(server, 'Bob'), signup(server, 'Mal')]);
    const created = await api.create(admin.token, { openTime: new Date(WEDNESDAY + 60_000).toISOString(), durationMinutes: 10, questionCount: 20 });
    expect(created.status).toBe(201);
    contest = created.body.contest;
    questions = await questionsOf(server, contest._id);
    expect(questions.some((q) => q.answer === MARKER)).toBe(false);
    for (const p of [ann, bob]) expect((await api.register(p.token, contest._id)).status).toBe(200);
    clock.advance(60_000);
    await server.app.services.contests.tick();
    const started = await api.start(ann.token, contest._id);
    expect(started.status).toBe(200);
    annAttemptId = started.body.attempt._id;
    expect((await api.answer(ann.token, { contestId: contest._id, questionIndex: 0, answer: questions[0]!.answer, timeSpent: 3 })).status).toBe(200);
    expect((await api.answer(ann.token, { contestId: contest._id, questionIndex: 1, answer: MARKER, timeSpent: 3 })).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("stores Bob's answer and submission naming Ann's user and attempt on his own attempt; Ann's is untouched", async () => {
    const started = await others.start(bob.token, contest._id);
    expect(started.status).toBe(200);
    expect(started.body.attempt.userId).toBe(bob.id);
    expect(started.body.attempt._id).not.toBe(annAttemptId);
    expect(started.body.attempt.answers).toEqual([]);

    const spoofed = { contestId: contest._id, questionIndex: 1, answer: 5, timeSpent: 1, userId: ann.id, attemptId: annAttemptId, _id: annAttemptId };
    expect(await others.answer(bob.token, spoofed)).toMatchObject({ status: 200, body: { saved: true, questionIndex: 1 } });
    const submitted = await others.call<{ attempt: { userId: string; _id: string; answeredCount: number } }>('POST', '/contest/submit', {
      token: bob.token,
      body: { contestId: contest._id, userId: ann.id, attemptId: annAttemptId },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.attempt).toMatchObject({ userId: bob.id, _id: started.body.attempt._id, answeredCount: 1 });

    expect(await storedAnswers(bob.id)).toEqual([{ questionIndex: 1, userAnswer: 5 }]);
    expect(await storedAnswers(ann.id)).toEqual([
      { questionIndex: 0, userAnswer: questions[0]!.answer },
      { questionIndex: 1, userAnswer: MARKER },
    ]);
    expect((await attemptOf(ann.id))?.submittedAt).toBeNull();
    // Ann's attempt is still hers to play.
    expect((await api.answer(ann.token, { contestId: contest._id, questionIndex: 2, answer: questions[2]!.answer })).status).toBe(200);
  });

  it("refuses a player who never registered every write naming Ann's attempt, and shows him no attempt", async () => {
    const named = { userId: ann.id, attemptId: annAttemptId };
    expect(await others.answer(mal.token, { contestId: contest._id, questionIndex: 1, answer: 1, ...named })).toMatchObject({
      status: 403,
      body: { error: 'Please register for the contest first', code: 'NOT_REGISTERED' },
    });
    expect(await others.call('POST', '/contest/submit', { token: mal.token, body: { contestId: contest._id, ...named } })).toMatchObject({ status: 403 });
    expect(await others.call('POST', '/contest/start', { token: mal.token, body: { contestId: contest._id, ...named } })).toMatchObject({ status: 403 });
    expect(await others.past(mal.token, contest._id)).toMatchObject({ status: 404 });
    expect((await others.history(mal.token)).body.attempts).toEqual([]);

    expect(await attemptOf(mal.id)).toBeUndefined();
    expect(await storedAnswers(mal.id)).toEqual([]);
    expect((await storedAnswers(ann.id)).map((a) => a.questionIndex)).toEqual([0, 1, 2]);
    expect((await attemptOf(ann.id))?.submittedAt).toBeNull();
  });

  it("before close, sends nobody else Ann's answers or any correct answer; after close, Bob's review is his own", async () => {
    // What the others can read while Ann plays.
    expect((await others.start(bob.token, contest._id)).status).toBe(200);
    expect((await others.history(bob.token)).status).toBe(200);
    expect(await others.past(bob.token, contest._id)).toMatchObject({ status: 409 });
    for (const token of [bob.token, mal.token, undefined]) {
      expect((await others.next(token)).status).toBe(200);
      expect((await others.current(token)).status).toBe(200);
    }
    expect((await others.stats(contest._id)).status).toBe(200);
    expect(await others.leaderboard(contest._id)).toMatchObject({ status: 200, body: { leaderboard: [], finalized: false } });

    expect(othersSaw.length).toBeGreaterThan(15);
    const revealing = new Set(['correctAnswer', 'isCorrect', 'explanation']);
    for (const response of othersSaw) {
      const where = `${response.method} ${response.path} (${response.status})`;
      expect(response.text, where).not.toContain(String(MARKER));
      const body: unknown = JSON.parse(response.text);
      expect(fieldsNamed(body, revealing).filter(([, v]) => v !== null), where).toEqual([]);
      // Attempts and answers shown are the caller's own (registeredUsers lists ids, by the spec).
      for (const [, userId] of fieldsNamed(body, new Set(['userId']))) expect([bob.id, mal.id], where).toContain(userId);
    }

    clock.set(Date.parse(contest.closeTime) + 1);
    await server.app.services.contests.tick();
    const review = await api.past(bob.token, contest._id);
    expect(review.status).toBe(200);
    expect(review.text).not.toContain(String(MARKER));
    expect(review.body.contestDetails.questions.map((q) => q.userAnswer)).toEqual(questions.map((_, i) => (i === 1 ? 5 : null)));
    expect(await api.past(mal.token, contest._id)).toMatchObject({ status: 404 });
  });
});

describe("daily practice: another player's work and locked sections", () => {
  const TODAY = '2026-01-29';
  let server: TestServer;
  let clock: ManualClock;
  let ann: Account;
  let bob: Account;
  let cid: Account;

  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 0, 29, 10, 0));
    server = await startTestServer({ clock });
    [ann, bob, cid] = await Promise.all([signup(server, 'Ann'), signup(server, 'Bob'), signup(server, 'Cid')]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("makes a comment or vote whose body names another user the caller's own", async () => {
    // Players of their own, who submitted the set: its discussion is theirs only then (issue #47).
    const [amy, ben, cat] = await Promise.all([signup(server, 'Amy'), signup(server, 'Ben'), signup(server, 'Cat')]);
    for (const p of [amy, ben, cat]) {
      expect((await call(server, 'GET', `/api/daily/section/${TODAY}/basic`, { token: p.token })).status).toBe(200);
      const body = { date: TODAY, sectionKey: 'basic', answers: correctAnswers(TODAY, 'basic') };
      expect((await call(server, 'POST', '/api/daily/submit', { token: p.token, body })).status).toBe(200);
    }
    const posted = await call<DailyCommentResponse>(server, 'POST', '/api/daily/comment', { token: amy.token, body: { date: TODAY, sectionKey: 'basic', text: 'Mine' } });
    expect(posted.status).toBe(201);
    const annComment = posted.body.comment;
    expect(
      (await call(server, 'POST', `/api/daily/comments/${annComment._id}/vote`, { token: cat.token, body: { voteType: 'down' } })).status,
    ).toBe(200);

    const forged = await call<DailyCommentResponse>(server, 'POST', '/api/daily/comment', {
      token: ben.token,
      body: { date: TODAY, sectionKey: 'basic', text: 'Signed Ann', userId: amy.id, user: { _id: amy.id, name: 'Ann' }, votes: { [amy.id]: 'up' } },
    });
    expect(forged.status).toBe(201);
    expect(forged.body.comment).toMatchObject({ text: 'Signed Ann', user: { _id: ben.id, name: 'Ben' }, votes: {} });

    const voted = await call<DailyCommentResponse>(server, 'POST', `/api/daily/comments/${annComment._id}/vote`, {
      token: ben.token,
      body: { voteType: 'up', userId: cat.id },
    });
    expect(voted.status).toBe(200);
    expect(voted.body.comment.votes).toEqual({ [cat.id]: 'down', [ben.id]: 'up' });

    const listed = await call<DailyCommentsResponse>(server, 'GET', `/api/daily/comments?date=${TODAY}&sectionKey=basic`, { token: cat.token });
    // Sorted by text: both comments can carry the same millisecond, which leaves their order open.
    const rows = listed.body.comments.map((c) => [c.text, c.user._id, c.votes] as const);
    expect([...rows].sort((a, b) => a[0].localeCompare(b[0]))).toEqual([
      ['Mine', amy.id, { [cat.id]: 'down', [ben.id]: 'up' }],
      ['Signed Ann', ben.id, {}],
    ]);
  });

  it('keeps a locked section locked through ?preview=1, a past day and a submission, and records nothing', async () => {
    for (const path of [`/api/daily/section/${TODAY}/advanced?preview=1`, '/api/daily/section/2026-01-28/advanced', '/api/daily/section/2026-01-28/expert?preview=1']) {
      const res = await call<DailySectionResponse>(server, 'GET', path, { token: bob.token });
      expect(res.status, path).toBe(403);
      expect(res.body.error, path).toMatch(/unlocks at rating 1[89]00 \(yours is 1500\)/);
      expect(res.body.questions, path).toBeUndefined();
    }
    const submitted = await call(server, 'POST', '/api/daily/submit', {
      token: bob.token,
      body: { date: TODAY, sectionKey: 'advanced', answers: correctAnswers(TODAY, 'advanced') },
    });
    expect(submitted).toMatchObject({ status: 403, body: { error: 'The Advanced section unlocks at rating 1800 (yours is 1500)', code: 'SECTION_LOCKED' } });

    const db = server.database.db;
    expect(await db.select().from(dailyOpens).where(eq(dailyOpens.userId, bob.id))).toEqual([]);
    expect(await db.select().from(dailySubmissions).where(eq(dailySubmissions.userId, bob.id))).toEqual([]);
  });

  it('stores one of two submissions of a section sent at once, counts its points once, and shows nobody else its answers', async () => {
    await setRating(server, cid.id, 1650);
    expect((await call(server, 'GET', `/api/daily/section/${TODAY}/intermediate`, { token: cid.token })).status).toBe(200);
    clock.advance(30_000);
    const body = { date: TODAY, sectionKey: 'intermediate', answers: correctAnswers(TODAY, 'intermediate') };
    const replies = await Promise.all([0, 1, 2].map(() => call<DailySubmitResponse>(server, 'POST', '/api/daily/submit', { token: cid.token, body })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const accepted = replies.find((r) => r.status === 200)!.body;
    for (const refused of replies.filter((r) => r.status === 409)) expect(refused.body).toEqual({ error: 'Already submitted today', code: 'ALREADY_SUBMITTED' });

    const db = server.database.db;
    const where = and(eq(dailySubmissions.userId, cid.id), eq(dailySubmissions.sectionKey, 'intermediate'));
    expect(await db.select().from(dailySubmissions).where(where)).toHaveLength(1);
    expect(await db.select().from(dailyAnswers).where(and(eq(dailyAnswers.userId, cid.id), eq(dailyAnswers.sectionKey, 'intermediate')))).toHaveLength(10);
    const season = await call<DailySeasonResponse>(server, 'GET', '/api/daily/season', { token: cid.token });
    expect(season.body.me).toMatchObject({ seasonPoints: accepted.practicePoints });

    // Ann, unlocked too but not submitted, reads the same section: texts, no answers.
    await setRating(server, ann.id, 1650);
    const other = await call<DailySectionResponse>(server, 'GET', `/api/daily/section/${TODAY}/intermediate`, { token: ann.token });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ submitted: false, result: null });
    expect(JSON.stringify(other.body)).not.toMatch(/correctAnswer|explanation|userAnswer/);
  });
});

describe('accounts: stale tokens and guests', () => {
  let server: TestServer;
  const sockets: Client[] = [];

  beforeAll(async () => {
    server = await startTestServer({ env: { CONTEST_SCHEDULER_INTERVAL_MS: '0' } });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
  });

  it("refuses a token revoked by a password change on every domain's routes, and signs a new socket with it out", async () => {
    const email = `revoked-${Date.now()}@example.com`;
    const signed = await call<AuthResponse>(server, 'POST', '/signup', { body: { name: 'Rex', email, password: 'password123' } });
    expect(signed.status).toBe(201);
    const old = signed.body.token;
    expect((await call(server, 'GET', '/api/rooms/current', { token: old })).status).toBe(200);
    const changed = await call<AuthResponse>(server, 'POST', '/api/password', { token: old, body: { currentPassword: 'password123', newPassword: 'password456' } });
    expect(changed.status).toBe(200);

    const attempts: Array<[method: 'GET' | 'POST', path: string, body?: unknown]> = [
      ['POST', '/api/password', { currentPassword: 'password456', newPassword: 'password789' }],
      ['GET', '/api/rooms/current'],
      ['POST', '/contest/register', { contestId: 'any' }],
      ['GET', '/contest/history'],
      ['POST', '/admin/contests', { openTime: new Date(Date.now() + 3_600_000).toISOString(), durationMinutes: 10, questionCount: 20 }],
      ['GET', '/api/daily/today'],
      ['POST', '/api/daily/comment', { date: new Date().toISOString().slice(0, 10), sectionKey: 'basic', text: 'still me?' }],
      ['POST', '/singleplayer/start', { mode: 1 }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(server, method, path, { token: old, ...(body ? { body } : {}) });
      expect(res, `${method} ${path}`).toEqual({ status: 401, body: { error: 'Your session has expired. Please log in again.', code: 'SESSION_EXPIRED' } });
    }
    // The password did not change again through the revoked token.
    expect((await call(server, 'POST', '/login', { body: { email, password: 'password456' } })).status).toBe(200);

    const stale = await connectPlayer(server.url, old);
    sockets.push(stale);
    expect(await emitForAck(stale, 'createRoom', { mode: 1 })).toEqual({ error: 'Please log in to play', code: 'LOGIN_REQUIRED' });
    expect(await emitForAck(stale, 'joinCommentRoom', { date: new Date().toISOString().slice(0, 10), sectionKey: 'basic' })).toEqual({ error: 'Please log in to play', code: 'LOGIN_REQUIRED' });
    const fresh = await connectPlayer(server.url, changed.body.token);
    sockets.push(fresh);
    expect(await emitForAck(fresh, 'createRoom', { mode: 1 })).toMatchObject({ isHost: true });
  });

  it('does not let a guest schedule a contest (403), and schedules nothing', async () => {
    const visitor = await guest(server);
    const res = await call(server, 'POST', '/admin/contests', {
      token: visitor.token,
      body: { openTime: new Date(Date.now() + 3_600_000).toISOString(), durationMinutes: 10, questionCount: 20 },
    });
    expect(res).toEqual({ status: 403, body: { error: 'Only administrators can schedule contests', code: 'OPERATOR_ONLY' } });
    expect(await server.database.db.select().from(contests).where(eq(contests.createdBy, visitor.id))).toEqual([]);
  });
});

describe.each(roomBackends())('Math Challenge rooms in %s: outsiders and payloads', (backend) => {
  const suite = roomSuiteServer(backend);
  const clients = suite.clients;
  let server: TestServer;
  let clock: ManualClock;
  let duel: DuelHandle;
  let names = 0;
  beforeAll(() => void ({ server, clock, duel } = suite));

  async function player(name: string): Promise<{ account: Account; socket: Client }> {
    const account = await signup(server, `${name}${++names}`);
    const socket = await connectPlayer(server.url, account.token);
    clients.push(socket);
    return { account, socket };
  }

  /** Every event `socket` receives from now on, with its payload. */
  function received(socket: Client): Array<{ event: string; payload: unknown }> {
    const seen: Array<{ event: string; payload: unknown }> = [];
    socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
    return seen;
  }

  /** Host and guest seated in a 1-minute room, its game started and its countdown over. */
  async function runningGame() {
    const [host, guestPlayer] = await Promise.all([player('Host'), player('Guest')]);
    const { roomCode: code } = await emitForAck(host.socket, 'createRoom', { mode: 1 });
    expect((await emitForAck(guestPlayer.socket, 'joinRoom', { roomCode: code })).players).toHaveLength(2);
    // An answer in the waiting room counts for nothing.
    expect(await emitForAck(guestPlayer.socket, 'submitAnswer', { answer: 1 })).toEqual({ error: 'The game has not started yet', code: 'GAME_NOT_STARTED' });
    const started = nextWhere(guestPlayer.socket, 'gameStarted');
    expect(await emitForAck(host.socket, 'startGame')).toEqual({});
    await started;
    clock.advance(3000);
    const { answers } = (await duel.store.get(code))!.game!.questions;
    return { host, guest: guestPlayer, code: code as string, answers };
  }

  /**
   * Makes the next store call on room `code` (get or update) wait `ms` first, as a Redis round trip
   * under load would; resolves once that call has begun. Later calls run as usual.
   */
  function slowNextStoreCall(code: string, ms: number): Promise<void> {
    const store = duel.store as unknown as Record<'get' | 'update', (c: string, ...rest: unknown[]) => unknown>;
    const original = { get: store.get, update: store.update };
    let began!: () => void;
    const beginning = new Promise<void>((resolve) => (began = resolve));
    for (const method of ['get', 'update'] as const) {
      store[method] = (c: string, ...rest: unknown[]) => {
        if (c !== code) return original[method].call(store, c, ...rest);
        store.get = original.get;
        store.update = original.update;
        began();
        return new Promise((resolve) => setTimeout(resolve, ms)).then(() => original[method].call(store, c, ...rest));
      };
    }
    return beginning;
  }

  it("refuses an outsider who knows a running room's code every event, changes nothing and sends her nothing of it", async () => {
    const game = await runningGame();
    const mallory = await player('Mallory');
    const heard = received(mallory.socket);
    const before = await duel.store.get(game.code);

    expect(await emitForAck(mallory.socket, 'joinRoom', { roomCode: game.code })).toEqual({ error: 'Room is full', code: 'ROOM_FULL' });
    expect(await emitForAck(mallory.socket, 'rejoinRoom', { roomCode: game.code, name: game.host.account.name })).toEqual({ error: 'You are not in this room', code: 'NOT_IN_ROOM' });
    expect(await emitForAck(mallory.socket, 'submitAnswer', { answer: game.answers[0] })).toEqual({ error: 'You are not in a room', code: 'NOT_IN_ROOM' });
    expect(await emitForAck(mallory.socket, 'startGame')).toEqual({ error: 'You are not in a room', code: 'NOT_IN_ROOM' });
    expect(await emitForAck(mallory.socket, 'rematch', {})).toEqual({ error: 'You are not in a room', code: 'NOT_IN_ROOM' });
    expect(await emitForAck(mallory.socket, 'getTimer', {})).toEqual({ timeLeft: 0, error: 'You are not in a room', code: 'NOT_IN_ROOM' });
    expect(await emitForAck(mallory.socket, 'leaveRoom')).toEqual({});
    expect(await duel.store.get(game.code)).toEqual(before);
    const current = await call<{ room: unknown }>(server, 'GET', '/api/rooms/current', { token: mallory.account.token });
    expect(current).toEqual({ status: 200, body: { room: null } });

    // The room plays on: an answer, a second of the clock. Mallory hears none of it.
    const progress = nextWhere(game.guest.socket, 'progressUpdate');
    expect(await emitForAck(game.host.socket, 'submitAnswer', { answer: game.answers[0] })).toMatchObject({ correct: true, currentQuestion: 1 });
    await progress;
    const tick = nextWhere(game.guest.socket, 'timerUpdate');
    clock.advance(1000);
    await duel.tick();
    await tick;
    await settle();
    expect(heard).toEqual([]);
  });

  it("does not put an outsider's socket in the room's broadcasts while her rejoinRoom waits for a slow store", async () => {
    const game = await runningGame();
    const mallory = await player('Mallory');
    const heard = received(mallory.socket);

    const slow = slowNextStoreCall(game.code, 300);
    const refused = emitForAck(mallory.socket, 'rejoinRoom', { roomCode: game.code });
    await slow;
    // While Mallory's rejoin waits on the store, the host scores: the room hears progressUpdate.
    const progress = nextWhere(game.guest.socket, 'progressUpdate');
    expect(await emitForAck(game.host.socket, 'submitAnswer', { answer: game.answers[0] })).toMatchObject({ correct: true });
    await progress;
    expect(await refused).toEqual({ error: 'You are not in this room', code: 'NOT_IN_ROOM' });
    await settle();
    expect(heard).toEqual([]);
    expect((await duel.store.get(game.code))!.seats.map((s) => s.userId)).toEqual([game.host.account.id, game.guest.account.id]);
  });

  it('sends the players no answer, point value or seed in any event or acknowledgement of a game and its rematch', async () => {
    const [host, guestPlayer] = await Promise.all([player('Host'), player('Guest')]);
    const hostHeard = received(host.socket);
    const guestHeard = received(guestPlayer.socket);
    const acks: Array<{ event: string; payload: Ack }> = [];
    const ask = async (socket: Client, event: string, payload?: unknown) => {
      const reply = await emitForAck(socket, event, payload);
      acks.push({ event, payload: reply });
      return reply;
    };

    const { roomCode: code } = await ask(host.socket, 'createRoom', { mode: 1 });
    await ask(guestPlayer.socket, 'joinRoom', { roomCode: code });
    const started = nextWhere(guestPlayer.socket, 'gameStarted');
    await ask(host.socket, 'startGame');
    await started;
    await ask(guestPlayer.socket, 'rejoinRoom', { roomCode: code });
    clock.advance(3000);
    const first = (await duel.store.get(code))!.game!.questions;
    const texts = questionTexts(first);
    // Right and wrong answers of both players, each acknowledgement checked as it comes.
    for (const [socket, answer] of [
      [host.socket, first.answers[0]! + 1],
      [host.socket, first.answers[0]],
      [host.socket, first.answers[1]],
      [guestPlayer.socket, first.answers[0]],
    ] as const) {
      const reply = await ask(socket, 'submitAnswer', { answer });
      expect(Object.keys(reply).sort()).toEqual(['correct', 'currentQuestion', 'nextQuestion', 'score']);
      expect(reply.nextQuestion).toBe(texts[reply.currentQuestion]);
    }
    await ask(guestPlayer.socket, 'getTimer', {});
    await ask(guestPlayer.socket, 'rejoinRoom', { roomCode: code });
    const over = nextWhere(host.socket, 'gameOver');
    clock.set((await duel.store.get(code))!.game!.endsAt);
    await duel.tick();
    await over;

    await ask(host.socket, 'rematch', {});
    const countdown = nextWhere(host.socket, 'rematchStarting');
    await ask(guestPlayer.socket, 'rematch', {});
    await countdown;
    const restarted = nextWhere(guestPlayer.socket, 'rematchStarted');
    clock.advance(3000);
    await duel.tick();
    await restarted;
    const second = (await duel.store.get(code))!.game!.questions;
    await ask(guestPlayer.socket, 'submitAnswer', { answer: second.answers[0] });
    await ask(guestPlayer.socket, 'rejoinRoom', { roomCode: code });
    await settle();

    const events = new Set([...hostHeard, ...guestHeard].map((e) => e.event));
    for (const event of ['roomUpdate', 'gameStarted', 'progressUpdate', 'timerUpdate', 'gameOver', 'rematchRequested', 'rematchStarting', 'rematchStarted']) {
      expect(events, event).toContain(event);
    }
    const forbidden = new Set(['answer', 'answers', 'correctAnswer', 'points', 'explanation', 'seed', 'game', 'joined', 'starts']);
    for (const { event, payload } of [...hostHeard, ...guestHeard, ...acks]) {
      expect(fieldsNamed(payload, forbidden), event).toEqual([]);
    }
  });
});
