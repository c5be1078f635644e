/**
 * The weekly contest end to end on the injected clock (issue #3), against the real server over real
 * HTTP and socket.io-client: an administrator schedules a contest opening in 60 s; players register,
 * start, answer (last answer wins), submit; one never submits and is auto-submitted at close; the
 * scheduler ranks, badges and rates everyone once. Before close, no response carries an answer or an
 * explanation. Every expected figure is recomputed here from the shared domain rules and the seed
 * stored in the database, never copied from the server's answers.
 */
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  badgeName,
  contestBadges,
  contestScore,
  difficultyLabel,
  percentileForRank,
  rateContest,
  type Question,
} from '@mathsprint/shared/domain';
import type {
  ClientToServerEvents,
  ContestAttempt,
  ContestView,
  LeaderboardEntry,
  RatingUpdateEntry,
  ServerToClientEvents,
} from '@mathsprint/shared/protocol';
import { contestAnswers, contestAttempts, contests, ratingHistory, users } from '../src/db/schema/index.js';
import { signup, signupOperator, guest, type Account } from './helpers/accounts.js';
import { contestApi, questionsOf, wrongAnswer, type ContestApi, type LoggedResponse } from './helpers/contest.js';
import { fieldsNamed } from './helpers/json-fields.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Wednesday 7 January 2026, 12:00 UTC. */
const WEDNESDAY = Date.UTC(2026, 0, 7, 12, 0);
const ADMIN_EMAIL = 'contest.admin@example.com';

async function connectClient(server: TestServer, token?: string): Promise<Client> {
  const socket: Client = connect(server.url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const REVEALING = new Set(['correctAnswer', 'isCorrect', 'explanation', 'points', 'answer', 'seed']);
/** Fields that grade an attempt (issue #47): null or absent in every response before close. */
const GRADING = new Set(['totalScore', 'correctCount', 'wrongCount', 'score', 'correctAnswers', 'rank', 'percentile']);

describe('weekly contest, whole run on the clock', () => {
  let server: TestServer;
  let clock: ManualClock;
  let api: ContestApi;
  /** Every response before close, scanned for leaks at close. */
  const beforeClose: LoggedResponse[] = [];
  let admin: Account;
  let ann: Account;
  let bob: Account;
  let cid: Account;
  let eve: Account;
  let dan: Account;
  let visitor: Account;
  let contest: ContestView;
  let questions: Question[];
  let annStartedAt: number;
  let bobStartedAt: number;
  let cidStartedAt: number;
  let annSubmittedAt: number;
  let cidSubmittedAt: number;
  let annSocket: Client;
  let bobSocket: Client;
  let watcher: Client;
  const annRatingUpdates: RatingUpdateEntry[][] = [];
  const bobRatingUpdates: RatingUpdateEntry[][] = [];
  const leaderboardUpdates: LeaderboardEntry[][] = [];

  /** Ann answers right on questions 0–9, wrong on 10 (and first wrong, then right, on 0). */
  const annRight = 10;
  /** Cid answers right on questions 0–4 and 19. */
  const cidRightIndexes = [0, 1, 2, 3, 4, 19];

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    server = await startTestServer({
      clock,
      env: { CONTEST_SCHEDULER_INTERVAL_MS: '0', SIGNUP_RATE_LIMIT: '1000' },
    });
    api = contestApi(server, beforeClose);
    admin = await signupOperator(server, 'Admin', ADMIN_EMAIL);
    ann = await signup(server, 'Ann', 'ann.smith@example.com');
    bob = await signup(server, 'Bob', 'bob@example.org');
    cid = await signup(server, 'Cid', 'cid+maths@example.net');
    eve = await signup(server, 'Eve');
    dan = await signup(server, 'Dan');
    visitor = await guest(server);
    annSocket = await connectClient(server, ann.token);
    bobSocket = await connectClient(server, bob.token);
    watcher = await connectClient(server);
    annSocket.on('ratingUpdate', (p) => annRatingUpdates.push(p));
    bobSocket.on('ratingUpdate', (p) => bobRatingUpdates.push(p));
    watcher.on('leaderboardUpdate', (p) => leaderboardUpdates.push(p));
  });

  afterAll(async () => {
    for (const s of [annSocket, bobSocket, watcher]) s?.disconnect();
    await server?.close();
  });

  it('lets an administrator schedule a contest opening in 60 s (201) and shows it as the next one', async () => {
    const openTime = new Date(clock.now() + 60_000).toISOString();
    const created = await api.create(admin.token, { title: 'Friday Sprint', openTime, durationMinutes: 10, questionCount: 20 });
    expect(created.status).toBe(201);
    contest = created.body.contest;
    expect(contest).toMatchObject({
      title: 'Friday Sprint',
      openTime,
      closeTime: new Date(clock.now() + 60_000 + 10 * 60_000).toISOString(),
      durationMinutes: 10,
      questionCount: 20,
      registeredUsers: [],
      registeredCount: 0,
      registered: false,
      status: 'upcoming',
      stage: 'upcoming',
      serverTime: new Date(clock.now()).toISOString(),
    });
    questions = await questionsOf(server, contest._id);
    expect(questions).toHaveLength(20);

    // The schedule's Friday contest exists too, but this one opens first.
    const next = await api.next();
    expect(next.status).toBe(200);
    expect(next.body.contest._id).toBe(contest._id);
    expect((await api.current()).body).toEqual({ contest: null });
  });

  it('registers signed-in players once each and refuses guests, the signed-out and unknown contests', async () => {
    for (const p of [ann, bob, cid, eve]) {
      const r = await api.register(p.token, contest._id);
      expect(r.status).toBe(200);
      expect(r.body.registered).toBe(true);
      expect(r.body.contest.registered).toBe(true);
      expect(r.body.contest.registeredUsers).toContain(p.id);
    }
    const again = await api.register(ann.token, contest._id);
    expect(again.status).toBe(200);
    expect(again.body.contest.registeredUsers.filter((id) => id === ann.id)).toHaveLength(1);
    expect(again.body.contest.registeredCount).toBe(4);

    expect(await api.register(visitor.token, contest._id)).toMatchObject({ status: 403, body: { error: 'Please sign up to register for the contest', code: 'ACCOUNT_REQUIRED' } });
    expect(await api.register(undefined, contest._id)).toMatchObject({ status: 401, body: { error: 'Please login to register for the contest', code: 'LOGIN_REQUIRED' } });
    expect(await api.register(ann.token, 'no-such-contest')).toMatchObject({ status: 404, body: { error: 'Contest not found', code: 'CONTEST_NOT_FOUND' } });
    expect((await api.register(ann.token, '')).status).toBe(400);

    const asAnn = await api.next(ann.token);
    expect(asAnn.body.contest).toMatchObject({ registered: true, registeredCount: 4 });
    expect(new Set(asAnn.body.contest.registeredUsers)).toEqual(new Set([ann.id, bob.id, cid.id, eve.id]));
    expect((await api.next(dan.token)).body.contest.registered).toBe(false);
    expect((await api.next()).body.contest.registered).toBe(false);
    const rows = await server.database.db.select().from(contestAttempts).where(eq(contestAttempts.contestId, contest._id));
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.startedAt === null)).toBe(true);
  });

  it('refuses to start or answer before the opening', async () => {
    expect(await api.start(ann.token, contest._id)).toMatchObject({ status: 409, body: { error: 'The contest has not started yet', code: 'CONTEST_NOT_STARTED' } });
    expect(await api.answer(ann.token, { contestId: contest._id, questionIndex: 0, answer: 1 })).toMatchObject({ status: 409 });
  });

  it('goes live at openTime: registration closes and only registered players may start', async () => {
    clock.advance(60_000);
    await server.app.services.contests.tick();
    const [row] = await server.database.db.select({ stage: contests.stage }).from(contests).where(eq(contests.id, contest._id));
    expect(row?.stage).toBe('live');
    expect((await api.next()).body.contest).toMatchObject({ _id: contest._id, status: 'live', stage: 'live' });
    expect((await api.current()).body.contest?._id).toBe(contest._id);

    expect(await api.register(dan.token, contest._id)).toMatchObject({ status: 409, body: { error: 'Registration is closed', code: 'REGISTRATION_CLOSED' } });
    expect(await api.start(dan.token, contest._id)).toMatchObject({ status: 403, body: { error: 'Please register for the contest first', code: 'NOT_REGISTERED' } });
    expect(await api.start(visitor.token, contest._id)).toMatchObject({ status: 403 });
    expect(await api.start(undefined, contest._id)).toMatchObject({ status: 401, body: { error: 'Please login to join the contest', code: 'LOGIN_REQUIRED' } });
  });

  it('starts an attempt with the questions, their points and difficulty, and never their answers', async () => {
    clock.advance(5_000);
    annStartedAt = clock.now();
    const r = await api.start(ann.token, contest._id);
    expect(r.status).toBe(200);
    expect(r.body.attempt).toMatchObject({
      contestId: { _id: contest._id, title: 'Friday Sprint', questionCount: 20 },
      userId: ann.id,
      status: 'in-progress',
      startedAt: new Date(annStartedAt).toISOString(),
      submittedAt: null,
      totalScore: null,
      rank: null,
      answers: [],
    });
    expect(r.body.questions).toHaveLength(20);
    r.body.questions.forEach((q, i) => {
      const expected = questions[i] as Question;
      expect(q).toEqual({
        questionIndex: i,
        question: expected.text,
        points: 5,
        difficulty: difficultyLabel(expected.difficulty),
        difficultyLevel: expected.difficulty,
        topics: [expected.topic],
      });
    });
    expect(r.body.questions.map((q) => q.difficultyLevel)).toEqual([...r.body.questions.map((q) => q.difficultyLevel)].sort((a, b) => a - b));
  });

  it('stores answers (last one wins), with the server receive time, and refuses bad ones', async () => {
    const at = (i: number) => questions[i] as Question;
    const first = await api.answer(ann.token, { contestId: contest._id, questionIndex: 0, answer: wrongAnswer(at(0)), timeSpent: 4 });
    expect(first).toMatchObject({ status: 200, body: { saved: true, questionIndex: 0, receivedAt: new Date(clock.now()).toISOString() } });
    clock.advance(1_000);
    expect((await api.answer(ann.token, { contestId: contest._id, questionIndex: 0, answer: String(at(0).answer), timeSpent: 6 })).status).toBe(200);
    for (let i = 1; i < annRight; i++) {
      clock.advance(1_000);
      expect((await api.answer(ann.token, { contestId: contest._id, questionIndex: i, answer: at(i).answer, timeSpent: i })).status).toBe(200);
    }
    expect((await api.answer(ann.token, { contestId: contest._id, questionIndex: 10, answer: wrongAnswer(at(10)), timeSpent: 3 })).status).toBe(200);

    expect(await api.answer(ann.token, { contestId: contest._id, questionIndex: 11, answer: 'abc' })).toMatchObject({ status: 400, body: { error: 'Please enter a valid number', code: 'INVALID_INPUT' } });
    expect(await api.answer(ann.token, { contestId: contest._id, questionIndex: 11, answer: '  ' })).toMatchObject({ status: 400, body: { error: 'Please enter an answer', code: 'INVALID_INPUT' } });
    expect(await api.answer(ann.token, { contestId: contest._id, questionIndex: 20, answer: 1 })).toMatchObject({ status: 400, body: { error: 'questionIndex is out of range', code: 'INVALID_INPUT' } });
    expect((await api.answer(ann.token, { contestId: contest._id, questionIndex: -1, answer: 1 })).body.error).toMatch(/questionIndex is out of range/);
    expect((await api.answer(ann.token, { contestId: 'nope', questionIndex: 1, answer: 1 })).status).toBe(404);
    expect(await api.answer(eve.token, { contestId: contest._id, questionIndex: 1, answer: 1 })).toMatchObject({ status: 409, body: { error: 'Start the contest first', code: 'ATTEMPT_NOT_STARTED' } });
    expect(await api.answer(dan.token, { contestId: contest._id, questionIndex: 1, answer: 1 })).toMatchObject({ status: 403 });

    const stored = await server.database.db
      .select()
      .from(contestAnswers)
      .where(and(eq(contestAnswers.contestId, contest._id), eq(contestAnswers.userId, ann.id)));
    expect(stored).toHaveLength(11);
    const q0 = stored.find((a) => a.questionIndex === 0);
    expect(q0?.userAnswer).toBe(at(0).answer);
    expect(q0?.timeSpent).toBe(6);
    expect(q0?.receivedAt.getTime()).toBe(annStartedAt + 1_000);
  });

  it('resumes the same attempt on a second start, with the saved answers and the first start time', async () => {
    clock.advance(2_000);
    const r = await api.start(ann.token, contest._id);
    expect(r.status).toBe(200);
    expect(r.body.attempt.startedAt).toBe(new Date(annStartedAt).toISOString());
    expect(r.body.attempt.answers.map((a) => a.questionIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(r.body.attempt.answers[0]).toEqual({
      questionIndex: 0,
      userAnswer: (questions[0] as Question).answer,
      timeSpent: 6,
      correctAnswer: null,
      isCorrect: null,
      points: null,
      explanation: null,
      question: null,
      difficulty: null,
      topics: [],
    });
  });

  it('lets the others play: Bob answers everything and never submits; Cid answers six and submits', async () => {
    clock.advance(10_000);
    bobStartedAt = clock.now();
    expect((await api.start(bob.token, contest._id)).status).toBe(200);
    for (let i = 0; i < 20; i++) {
      clock.advance(500);
      expect((await api.answer(bob.token, { contestId: contest._id, questionIndex: i, answer: (questions[i] as Question).answer, timeSpent: 0.5 })).status).toBe(200);
    }
    cidStartedAt = clock.now();
    expect(await api.submit(cid.token, contest._id)).toMatchObject({ status: 409, body: { error: 'Start the contest first', code: 'ATTEMPT_NOT_STARTED' } });
    expect((await api.start(cid.token, contest._id)).status).toBe(200);
    expect(await api.submit(cid.token, contest._id)).toMatchObject({ status: 400, body: { error: 'Please answer at least one question before submitting', code: 'NO_ANSWERS' } });
    for (let i = 0; i < 20; i++) {
      const q = questions[i] as Question;
      const answer = cidRightIndexes.includes(i) ? q.answer : wrongAnswer(q);
      if (i < 5 || i >= 17) expect((await api.answer(cid.token, { contestId: contest._id, questionIndex: i, answer, timeSpent: 2 })).status).toBe(200);
    }
    clock.advance(90_000);
    cidSubmittedAt = clock.now();
    // Three submits at once (a double tap and a retry): one submission, the same attempt for each.
    const [submitted, ...twins] = await Promise.all([api.submit(cid.token, contest._id), api.submit(cid.token, contest._id), api.submit(cid.token, contest._id)]);
    expect(submitted.status).toBe(200);
    for (const twin of twins) expect(twin).toMatchObject({ status: 200, body: submitted.body });
    // Submitted, with its answer count, and graded only at close (issue #47; checked after close below).
    expect(submitted.body.attempt).toMatchObject({
      status: 'submitted',
      autoSubmitted: false,
      totalScore: null,
      correctCount: null,
      wrongCount: null,
      answeredCount: 8,
      totalTimeSpent: Math.round((cidSubmittedAt - cidStartedAt) / 1000),
      submittedAt: new Date(cidSubmittedAt).toISOString(),
      rank: null,
      badges: [],
    });
  });

  it('submits Ann without her score or correctness, once', async () => {
    clock.advance(30_000);
    annSubmittedAt = clock.now();
    // Statistics read just before (kept for 2 s) count her submission at once: her results page reads them next.
    expect((await api.stats(contest._id)).body.stats.completedAttempts).toBe(1);
    const r = await api.submit(ann.token, contest._id);
    expect(r.status).toBe(200);
    expect((await api.stats(contest._id)).body.stats.completedAttempts).toBe(2);
    expect(r.body.attempt).toMatchObject({
      status: 'submitted',
      totalScore: null,
      correctCount: null,
      wrongCount: null,
      answeredCount: 11,
      totalTimeSpent: Math.round((annSubmittedAt - annStartedAt) / 1000),
    });
    expect(r.body.attempt.answers.every((a) => a.isCorrect === null && a.correctAnswer === null)).toBe(true);

    // Submitting again (a retry whose response was lost) answers the same attempt, and changes nothing.
    const again = await api.submit(ann.token, contest._id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(r.body);
    expect(await api.answer(ann.token, { contestId: contest._id, questionIndex: 15, answer: 1 })).toMatchObject({
      status: 409,
      body: { error: 'Your attempt is already submitted', code: 'ALREADY_SUBMITTED' },
    });
    const resumed = await api.start(ann.token, contest._id);
    expect(resumed.status).toBe(200);
    expect(resumed.body.attempt.status).toBe('submitted');
    expect(await api.submit(dan.token, contest._id)).toMatchObject({ status: 403 });
  });

  it('keeps results, leaderboard, statistics and details back until close', async () => {
    expect((await api.leaderboard(contest._id)).body).toEqual({ leaderboard: [], finalized: false });
    const stats = await api.stats(contest._id);
    expect(stats.body.stats).toEqual({ totalRegistered: 4, completedAttempts: 2, averageScore: 0, completionRate: 50, averageTimeSpent: 0, averageCorrect: 0, averagesPublished: false });
    expect(await api.past(ann.token, contest._id)).toMatchObject({ status: 409, body: { error: 'Answers are revealed when the contest closes', code: 'NOT_REVEALED' } });
    const history = await api.history(ann.token);
    expect(history.status).toBe(200);
    expect(history.body.progress.totalContests).toBe(0);
    expect(history.body.attempts).toHaveLength(1);
    expect(history.body.attempts[0]?.answers.every((a) => a.correctAnswer === null && a.explanation === null)).toBe(true);
  });

  it('refuses answers and starts after close, on the server clock', async () => {
    clock.set(Date.parse(contest.closeTime));
    expect((await api.answer(bob.token, { contestId: contest._id, questionIndex: 0, answer: (questions[0] as Question).answer })).status).toBe(200);
    clock.advance(1);
    // From here on answers may be revealed: responses are no longer logged for the leak scan.
    api = contestApi(server);
    expect(await api.answer(bob.token, { contestId: contest._id, questionIndex: 0, answer: 0 })).toMatchObject({ status: 409, body: { error: 'The contest is over', code: 'CONTEST_OVER' } });
    expect(await api.start(bob.token, contest._id)).toMatchObject({ status: 409, body: { error: 'The contest is over', code: 'CONTEST_OVER' } });
    // Before the close pass has submitted Bob's attempt, his page's own submit is told it is being submitted.
    expect(await api.submit(bob.token, contest._id)).toMatchObject({ status: 409, body: { error: 'Your attempt is already submitted', code: 'ALREADY_SUBMITTED' } });
    expect(await api.submit(eve.token, contest._id)).toMatchObject({ status: 409, body: { error: 'The contest is over', code: 'CONTEST_OVER' } });
    expect((await api.history(ann.token)).body.attempts[0]?.answers.length).toBe(20); // revealed by the clock
  });

  it('sent no answer, correctness or explanation in any response before close', () => {
    expect(beforeClose.length).toBeGreaterThan(50);
    const explanations = questions.map((q) => q.explanation);
    for (const response of beforeClose) {
      for (const explanation of explanations) expect(response.text).not.toContain(explanation);
      const revealing = fieldsNamed(JSON.parse(response.text), REVEALING).filter(([key, value]) => !(key === 'points' && value === 5) && value !== null);
      // Question points (5) are public; every other revealing field must be null or absent.
      expect(revealing, `${response.method} ${response.path}`).toEqual([]);
      const grading = fieldsNamed(JSON.parse(response.text), GRADING).filter(([, value]) => value !== null);
      expect(grading, `${response.method} ${response.path}`).toEqual([]);
    }
  });

  it('closes once: auto-submits Bob at closeTime, then ranks, badges and rates everyone', async () => {
    await server.app.services.contests.tick();
    const [row] = await server.database.db.select().from(contests).where(eq(contests.id, contest._id));
    expect(row?.stage).toBe('finalized');
    const closeMs = Date.parse(contest.closeTime);

    const attempts = await server.database.db.select().from(contestAttempts).where(eq(contestAttempts.contestId, contest._id));
    const of = (p: Account) => attempts.find((a) => a.userId === p.id);
    expect(of(bob)).toMatchObject({ autoSubmitted: true, totalScore: 100, correctCount: 20, answeredCount: 20, totalTimeMs: closeMs - bobStartedAt });
    // A submit after the pass (a page's own, late) gets the attempt the server submitted, revealed.
    const late = await api.submit(bob.token, contest._id);
    expect(late.status).toBe(200);
    expect(late.body.attempt).toMatchObject({ status: 'submitted', autoSubmitted: true, totalScore: 100 });
    expect(late.body.attempt.answers).toHaveLength(20);
    expect(late.body.attempt.answers.every((a) => a.isCorrect === true && a.correctAnswer !== null)).toBe(true);
    expect(of(bob)?.submittedAt?.getTime()).toBe(closeMs);
    expect(of(eve)).toMatchObject({ submittedAt: null, rank: null, badges: [] });
    // Cid's and Ann's submits, graded now that the contest has closed (issue #47).
    expect((await api.submit(cid.token, contest._id)).body.attempt).toMatchObject({
      totalScore: contestScore(cidRightIndexes.length),
      correctCount: cidRightIndexes.length,
      wrongCount: 8 - cidRightIndexes.length,
      answeredCount: 8,
    });
    expect((await api.submit(ann.token, contest._id)).body.attempt).toMatchObject({ totalScore: contestScore(annRight), correctCount: annRight, wrongCount: 1 });

    // Expected standings: Bob 100 points, Ann 50, Cid 30.
    const expected = [
      [bob, 1],
      [ann, 2],
      [cid, 3],
    ] as const;
    for (const [player, rank] of expected) {
      const attempt = of(player);
      const percentile = percentileForRank(rank, 3);
      expect(attempt).toMatchObject({ rank, percentile, badges: contestBadges({ rank, percentile, participants: 3, last: rank === 3 }, attempt?.totalScore ?? -1, 100) });
    }
    expect(of(bob)?.badges).toContain('contest-winner');
    expect(of(bob)?.badges).toContain('contest-master');
  });

  it('applies one Glicko-2 rating period to the participants and pushes ratingUpdate and leaderboardUpdate', async () => {
    const history = await server.database.db.select().from(ratingHistory).where(eq(ratingHistory.sourceId, contest._id));
    expect(history).toHaveLength(3);
    expect(new Set(history.map((h) => h.userId))).toEqual(new Set([bob.id, ann.id, cid.id]));
    const start = { rating: 1500, rd: 350, volatility: server.config.GLICKO_VOLATILITY };
    const expected = rateContest([start, start, start], [1, 2, 3], { tau: server.config.GLICKO_TAU });
    for (const [i, player] of [bob, ann, cid].entries()) {
      const [user] = await server.database.db.select().from(users).where(eq(users.id, player.id));
      expect(user?.rating).toBeCloseTo(expected[i]?.rating ?? 0, 9);
      expect(user?.rd).toBeCloseTo(expected[i]?.rd ?? 0, 9);
    }
    const [eveRow] = await server.database.db.select().from(users).where(eq(users.id, eve.id));
    expect(eveRow?.rating).toBe(1500);

    await expect.poll(() => annRatingUpdates.length).toBe(1);
    const [annUser] = await server.database.db.select().from(users).where(eq(users.id, ann.id));
    expect(annRatingUpdates[0]).toEqual([{ _id: ann.id, name: 'Ann', rating: Math.round(annUser?.rating ?? 0), rd: Math.round(annUser?.rd ?? 0) }]);
    await expect.poll(() => bobRatingUpdates.length).toBe(1);
    await expect.poll(() => leaderboardUpdates.length).toBeGreaterThan(0);
    expect(leaderboardUpdates.at(-1)?.[0]?._id).toBe(bob.id);

    // Another pass changes nothing.
    await server.app.services.contests.tick();
    expect(await server.database.db.select().from(ratingHistory).where(eq(ratingHistory.sourceId, contest._id))).toHaveLength(3);
  });

  it('shows the leaderboard by rank with the email local part only', async () => {
    const r = await api.leaderboard(contest._id);
    expect(r.body.finalized).toBe(true);
    expect(r.body.leaderboard.map((e) => [e.userId._id, e.rank])).toEqual([
      [bob.id, 1],
      [ann.id, 2],
      [cid.id, 3],
    ]);
    expect(r.body.leaderboard.map((e) => e.userId.email)).toEqual(['bob', 'ann.smith', 'cid+maths']);
    expect(r.text).not.toContain('@');
    expect(r.body.leaderboard[1]).toMatchObject({
      userId: { name: 'Ann' },
      totalScore: 50,
      correctCount: 10,
      totalTimeSpent: Math.round((annSubmittedAt - annStartedAt) / 1000),
    });
    expect((await api.leaderboard(contest._id, 2)).body.leaderboard).toHaveLength(2);
    expect((await api.leaderboard(contest._id, 101)).status).toBe(400);
    expect((await api.leaderboard(contest._id, 0)).status).toBe(400);
    expect((await api.call('GET', '/contest/leaderboard')).body.error).toBe('contestId is required');
    expect((await api.leaderboard('unknown')).status).toBe(404);
  });

  it('computes the statistics over submitted attempts', async () => {
    const closeMs = Date.parse(contest.closeTime);
    const times = [annSubmittedAt - annStartedAt, closeMs - bobStartedAt, cidSubmittedAt - cidStartedAt];
    const r = await api.stats(contest._id);
    expect(r.body.stats).toEqual({
      totalRegistered: 4,
      completedAttempts: 3,
      averageScore: Math.round(((50 + 100 + 30) / 3) * 10) / 10,
      completionRate: 75,
      averageTimeSpent: Math.round((times.reduce((a, b) => a + b, 0) / 3 / 1000) * 10) / 10,
      averageCorrect: Math.round(((10 + 20 + 6) / 3) * 10) / 10,
      averagesPublished: true,
    });
  });

  it("gives the caller's history and progress, answers revealed, rating change included", async () => {
    const r = await api.history(ann.token, 10);
    expect(r.status).toBe(200);
    const [entry] = r.body.progress.history;
    const annBadges = contestBadges({ rank: 2, percentile: 50, participants: 3, last: false }, 50, 100);
    // Ann answered 11 questions (0–9 right, 10 wrong): accuracy is correct ÷ answered (spec §2).
    const annAccuracy = Math.round((1000 * 10) / 11) / 10;
    expect(r.body.progress).toMatchObject({
      totalContests: 1,
      avgScore: 50,
      avgAccuracy: annAccuracy,
      totalBadges: annBadges.length,
      badges: annBadges.map(badgeName),
    });
    expect(entry).toEqual({
      contestId: contest._id,
      contestTitle: 'Friday Sprint',
      contestDate: contest.openTime,
      score: 50,
      accuracy: annAccuracy,
      rank: 2,
      totalTime: Math.round((annSubmittedAt - annStartedAt) / 1000),
      correctAnswers: 10,
      totalQuestions: 20,
      badges: annBadges,
    });
    const attempt = r.body.attempts[0] as ContestAttempt;
    expect(attempt).toMatchObject({ rank: 2, percentile: 50, status: 'submitted' });
    const start = { rating: 1500, rd: 350, volatility: server.config.GLICKO_VOLATILITY };
    const annAfter = rateContest([start, start, start], [1, 2, 3], { tau: server.config.GLICKO_TAU })[1];
    expect(attempt.ratingChange).toEqual({ before: 1500, after: Math.round(annAfter?.rating ?? 0), rdBefore: 350, rdAfter: Math.round(annAfter?.rd ?? 0) });
    expect(attempt.ratingChange?.rdAfter).toBeLessThan(350);
    expect(attempt.answers).toHaveLength(20);
    attempt.answers.forEach((a, i) => {
      const q = questions[i] as Question;
      expect(a).toMatchObject({ questionIndex: i, correctAnswer: q.answer, explanation: q.explanation, question: q.text, topics: [q.topic] });
      expect(a.isCorrect).toBe(i < annRight);
      expect(a.points).toBe(i < annRight ? 5 : 0);
      expect(a.userAnswer).toBe(i <= 10 ? (i < annRight ? q.answer : wrongAnswer(q)) : null);
    });
    expect((await api.history(eve.token)).body).toEqual({
      progress: { totalContests: 0, avgScore: 0, avgAccuracy: 0, totalBadges: 0, badges: [], history: [] },
      attempts: [],
    });
    expect((await api.history(undefined)).status).toBe(401);
  });

  it('gives the per-question details after close', async () => {
    const r = await api.past(ann.token, contest._id);
    expect(r.status).toBe(200);
    const details = r.body.contestDetails;
    expect(details.contest).toEqual({ _id: contest._id, title: 'Friday Sprint', openTime: contest.openTime, closeTime: contest.closeTime });
    expect(details.attempt).toEqual({
      score: 50,
      correctAnswers: 10,
      totalQuestions: 20,
      rank: 2,
      totalTime: Math.round((annSubmittedAt - annStartedAt) / 1000),
      badges: contestBadges({ rank: 2, percentile: 50, participants: 3, last: false }, 50, 100),
    });
    details.questions.forEach((q, i) => {
      const source = questions[i] as Question;
      expect(q).toEqual({
        questionNumber: i + 1,
        difficulty: difficultyLabel(source.difficulty),
        timeSpent: i === 0 ? 6 : i <= 9 ? i : i === 10 ? 3 : 0,
        question: source.text,
        options: [],
        correctAnswer: source.answer,
        userAnswer: i < annRight ? source.answer : i === 10 ? wrongAnswer(source) : null,
        isCorrect: i < annRight,
        explanation: source.explanation,
        topics: [source.topic],
      });
    });
    expect(await api.past(eve.token, contest._id)).toMatchObject({ status: 404 });
    expect(await api.past(ann.token, 'unknown')).toMatchObject({ status: 404, body: { error: 'Contest not found', code: 'CONTEST_NOT_FOUND' } });
    expect((await api.past(undefined, contest._id)).status).toBe(401);
  });

  it('shows the closed contest as current, and on the card (next) for a day before the scheduled Friday contest', async () => {
    const current = await api.current(ann.token);
    expect(current.body.contest).toMatchObject({ _id: contest._id, status: 'completed', stage: 'finalized', registered: true });
    expect((await api.next(ann.token)).body.contest).toMatchObject({ _id: contest._id, status: 'completed', stage: 'finalized', registered: true });
    clock.set(Date.parse(contest.closeTime) + 24 * 3_600_000);
    const next = await api.next();
    expect(next.body.contest).toMatchObject({ title: 'Weekly Math Contest', openTime: '2026-01-09T15:30:00.000Z', status: 'upcoming' });
  });
});

describe('POST /admin/contests', () => {
  let server: TestServer;
  let api: ContestApi;
  let admin: Account;
  let player: Account;
  const clock = new ManualClock(WEDNESDAY);

  beforeAll(async () => {
    server = await startTestServer({ clock, env: { CONTEST_SCHEDULER_INTERVAL_MS: '0' } });
    api = contestApi(server);
    admin = await signupOperator(server, 'Admin', ADMIN_EMAIL);
    player = await signup(server, 'Player');
  });
  afterAll(() => server?.close());

  const body = (over: Record<string, unknown> = {}) => ({
    openTime: new Date(WEDNESDAY + 3_600_000).toISOString(),
    durationMinutes: 10,
    questionCount: 20,
    ...over,
  });

  it('needs a token (401) and an administrator (403)', async () => {
    expect((await api.create(undefined, body())).status).toBe(401);
    expect(await api.create(player.token, body())).toMatchObject({ status: 403, body: { error: 'Only administrators can schedule contests', code: 'OPERATOR_ONLY' } });
    expect(await api.create(player.token, {})).toMatchObject({ status: 403 });
  });

  it('refuses bad bodies with 400', async () => {
    expect(await api.create(admin.token, body({ openTime: new Date(WEDNESDAY - 1).toISOString() }))).toMatchObject({
      status: 400,
      body: { error: 'openTime must be in the future', code: 'INVALID_INPUT' },
    });
    expect((await api.create(admin.token, body({ openTime: 'next friday' }))).body.error).toMatch(/openTime must be an ISO 8601 date-time/);
    expect((await api.create(admin.token, body({ durationMinutes: 0 }))).status).toBe(400);
    expect((await api.create(admin.token, body({ questionCount: 101 }))).status).toBe(400);
    expect((await api.create(admin.token, body({ title: '' }))).status).toBe(400);
    expect((await api.create(admin.token, { durationMinutes: 10, questionCount: 5 })).status).toBe(400);
  });

  it('schedules a contest with the default title and its own seed', async () => {
    const a = await api.create(admin.token, body({ questionCount: 4 }));
    const b = await api.create(admin.token, body({ openTime: '2026-01-07T14:00:00+01:00', durationMinutes: 1 }));
    expect(a.status).toBe(201);
    expect(a.body.contest).toMatchObject({ title: 'Weekly Math Contest', questionCount: 4, stage: 'upcoming', registeredUsers: [] });
    expect(b.body.contest).toMatchObject({ openTime: '2026-01-07T13:00:00.000Z', closeTime: '2026-01-07T13:01:00.000Z' });
    const rows = await server.database.db.select().from(contests).where(eq(contests.createdBy, admin.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]?.seed).not.toBe(rows[1]?.seed);
    expect(rows.every((r) => r.scheduleSlot === null)).toBe(true);
  });
});
