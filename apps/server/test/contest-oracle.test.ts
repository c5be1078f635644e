/**
 * No answer oracle in the weekly contest (issue #47): a second account that submits one candidate
 * answer must not learn before close whether it was right. Against the real server on the injected
 * clock, over real HTTP and socket.io-client: before close, the submit reply, a resubmit, a
 * restart, history, statistics, details and the leaderboard carry no score or correctness, and the
 * account's socket hears nothing that would; after close (before and after finalization) they
 * carry the score, the correct count, the rank and the answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestScore, type Question } from '@mathsprint/shared/domain';
import type { ContestAttempt, ContestView } from '@mathsprint/shared/protocol';
import { signup, signupOperator, type Account } from './helpers/accounts.js';
import { contestApi, questionsOf, wrongAnswer, type ContestApi, type LoggedResponse } from './helpers/contest.js';
import { connectClient, type Client } from './helpers/daily.js';
import { fieldsNamed } from './helpers/json-fields.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

const MONDAY = Date.UTC(2026, 1, 2, 9, 0);
const ADMIN_EMAIL = 'oracle.admin@example.com';
/** Every field that grades an attempt or an answer. */
const GRADING = new Set(['totalScore', 'correctCount', 'wrongCount', 'score', 'correctAnswers', 'rank', 'percentile', 'isCorrect', 'correctAnswer', 'explanation']);

describe('a candidate answer submitted by a second account', () => {
  let server: TestServer;
  let clock: ManualClock;
  let api: ContestApi;
  const beforeClose: LoggedResponse[] = [];
  let admin: Account;
  let prober: Account;
  let rival: Account;
  let proberSocket: Client;
  const heard: Array<{ event: string; payload: unknown }> = [];
  let contest: ContestView;
  let questions: Question[];

  beforeAll(async () => {
    clock = new ManualClock(MONDAY);
    server = await startTestServer({ clock, env: { CONTEST_SCHEDULER_INTERVAL_MS: '0' } });
    api = contestApi(server, beforeClose);
    admin = await signupOperator(server, 'Admin', ADMIN_EMAIL);
    prober = await signup(server, 'Prober');
    rival = await signup(server, 'Rival');
    proberSocket = await connectClient(server, prober.token);
    proberSocket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
    const created = await api.create(admin.token, { openTime: new Date(clock.now() + 10_000).toISOString(), durationMinutes: 10, questionCount: 5 });
    expect(created.status).toBe(201);
    contest = created.body.contest;
    questions = await questionsOf(server, contest._id);
    for (const p of [prober, rival]) expect((await api.register(p.token, contest._id)).status).toBe(200);
    clock.advance(10_000);
    await server.app.services.contests.tick();
  });
  afterAll(async () => {
    proberSocket?.disconnect();
    await server?.close();
  });

  it('answers the submit with "submitted", the answer count and the close time, and no score', async () => {
    const q0 = questions[0] as Question;
    expect((await api.start(prober.token, contest._id)).status).toBe(200);
    const saved = await api.answer(prober.token, { contestId: contest._id, questionIndex: 0, answer: q0.answer, timeSpent: 3 });
    expect(saved.status).toBe(200);
    expect(Object.keys(saved.body).sort()).toEqual(['questionIndex', 'receivedAt', 'saved']);
    clock.advance(20_000);
    const submitted = await api.submit(prober.token, contest._id);
    expect(submitted.status).toBe(200);
    const attempt = submitted.body.attempt;
    expect(attempt).toMatchObject({
      status: 'submitted',
      submittedAt: new Date(clock.now()).toISOString(),
      answeredCount: 1,
      contestId: { _id: contest._id, closeTime: contest.closeTime },
      totalScore: null,
      correctCount: null,
      wrongCount: null,
      rank: null,
      percentile: null,
    });
    // The spec's attempt fields are all there (spec §3 "Contest attempt"), graded ones null.
    for (const key of ['totalScore', 'correctCount', 'wrongCount', 'rank', 'percentile', 'badges', 'answers', 'totalTimeSpent', 'startedAt', 'submittedAt', 'status']) {
      expect(attempt, key).toHaveProperty(key);
    }
    expect(attempt.answers).toEqual([expect.objectContaining({ questionIndex: 0, userAnswer: q0.answer, isCorrect: null, correctAnswer: null })]);
  });

  it('keeps the grade out of a resubmit, a restart, history, statistics, details and the leaderboard', async () => {
    const rivalQuestion = questions[1] as Question;
    expect((await api.start(rival.token, contest._id)).status).toBe(200);
    expect((await api.answer(rival.token, { contestId: contest._id, questionIndex: 1, answer: wrongAnswer(rivalQuestion) })).status).toBe(200);
    expect((await api.submit(rival.token, contest._id)).status).toBe(200);

    expect((await api.submit(prober.token, contest._id)).body.attempt.totalScore).toBeNull();
    expect((await api.start(prober.token, contest._id)).body.attempt).toMatchObject({ status: 'submitted', totalScore: null, correctCount: null });
    const history = await api.history(prober.token);
    expect(history.body.attempts).toHaveLength(1);
    expect(history.body.attempts[0]).toMatchObject({ status: 'submitted', answeredCount: 1, totalScore: null, correctCount: null, wrongCount: null });
    expect(history.body.progress).toMatchObject({ totalContests: 0, history: [] });
    const stats = await api.stats(contest._id);
    expect(stats.body.stats).toMatchObject({ completedAttempts: 2, averageScore: 0, averageCorrect: 0, averagesPublished: false });
    expect(await api.past(prober.token, contest._id)).toMatchObject({ status: 409, body: { error: 'Answers are revealed when the contest closes', code: 'NOT_REVEALED' } });
    expect((await api.leaderboard(contest._id)).body).toEqual({ leaderboard: [], finalized: false });

    for (const response of beforeClose) {
      const graded = fieldsNamed(JSON.parse(response.text), GRADING).filter(([, value]) => value !== null);
      expect(graded, `${response.method} ${response.path}`).toEqual([]);
    }
    // Nothing on the prober's socket grades the answer either (no rating or score push before close).
    expect(fieldsNamed(heard.map((h) => h.payload), GRADING).filter(([, v]) => v !== null)).toEqual([]);
    expect(heard.map((h) => h.event).filter((e) => e === 'ratingUpdate')).toEqual([]);
  });

  it('grades the attempt once the close time has passed, before and after finalization', async () => {
    clock.set(Date.parse(contest.closeTime) + 1);
    // Closed on the clock, not yet processed: the score and answers are out, the rank is not.
    const closed = (await api.history(prober.token)).body.attempts[0] as ContestAttempt;
    expect(closed).toMatchObject({ totalScore: contestScore(1), correctCount: 1, wrongCount: 0, rank: null });
    expect(closed.answers[0]).toMatchObject({ questionIndex: 0, isCorrect: true, correctAnswer: (questions[0] as Question).answer });

    await server.app.services.contests.tick();
    const submitted = await api.submit(prober.token, contest._id);
    expect(submitted.body.attempt).toMatchObject({ totalScore: contestScore(1), correctCount: 1, rank: 1, percentile: 100 });
    const rival_ = (await api.history(rival.token)).body;
    expect(rival_.attempts[0]).toMatchObject({ totalScore: 0, correctCount: 0, wrongCount: 1, rank: 2 });
    expect(rival_.progress.history[0]).toMatchObject({ score: 0, correctAnswers: 0, rank: 2 });
    expect((await api.past(prober.token, contest._id)).body.contestDetails.attempt).toMatchObject({ score: contestScore(1), correctAnswers: 1, rank: 1 });
    expect((await api.stats(contest._id)).body.stats).toMatchObject({ averagesPublished: true, averageScore: contestScore(1) / 2 });
    expect((await api.leaderboard(contest._id)).body.leaderboard.map((e) => [e.userId._id, e.rank, e.totalScore])).toEqual([
      [prober.id, 1, contestScore(1)],
      [rival.id, 2, 0],
    ]);
  });
});
