/**
 * Nobody outruns the question list (issue #47): a 1-minute game used to hand out 30 questions, which
 * a fast player cleared in about 12 s before waiting 48 s. The real server on a free port, real
 * HTTP and real socket.io-client connections, on each room store; the clock is a ManualClock the
 * test moves. Players answer like people do, from the question TEXT (read by the independent
 * evaluator, no code shared with the generator): answers never reach a client.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { solveQuestionText } from '@mathsprint/shared/testing';
import { duelHandleOf, type DuelHandle } from '../src/duel/duel.socket.js';
import { signup } from './helpers/accounts.js';
import { call } from './helpers/http.js';
import { backendEnv, dropPrefix, freshPrefix, roomBackends } from './helpers/redis.js';
import { emitForAck } from './helpers/socket-ack.js';
import { connectPlayer, nextWhere, type Client } from './helpers/socket-client.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

/** Issue #47's floor: at least 90 questions per minute of mode. */
const AT_LEAST_PER_MINUTE = 90;
/** The fast player: 30 questions in about 12 s, one every 400 ms. */
const FAST_PLAYER_MS = 400;

/** A question list as a client receives it: texts, nothing that gives the answers away. */
function expectTextsOnly(questions: unknown, mode: number): string[] {
  expect(Array.isArray(questions)).toBe(true);
  const texts = questions as unknown[];
  expect(texts.length).toBeGreaterThanOrEqual(AT_LEAST_PER_MINUTE * mode);
  for (const text of texts) {
    expect(typeof text).toBe('string');
    // A question, not a bare number (which would be an answer); powers in superscripts.
    expect(text as string).toMatch(/[+−×÷√%x⁰¹²³⁴⁵⁶⁷⁸⁹]/);
    expect(text as string).not.toContain('^');
  }
  return texts as string[];
}

describe.each(roomBackends())('the question supply (rooms and sessions in %s)', (backend) => {
  const prefix = freshPrefix();
  const clients: Client[] = [];
  let server: TestServer;
  let clock: ManualClock;
  let duel: DuelHandle;

  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 2, 6, 10));
    server = await startTestServer({
      clock,
      // The fast player's minute passes in well under a second of real time here, so its 150
      // answers would trip the per-connection limit (100 events per 20 s of real time) that a
      // person at 2.5 answers a second, 50 per 20 s, stays far below.
      env: { SIGNUP_RATE_LIMIT: '1000', SOCKET_RATE_LIMIT_EVENTS: '1000', ...backendEnv(backend, prefix) },
    });
    duel = duelHandleOf(server.app.io)!;
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.disconnect();
  });
  afterAll(async () => {
    await server?.close();
    if (backend === 'redis') await dropPrefix(prefix);
  });

  async function seatTwo(mode: number) {
    const [a, b] = await Promise.all([signup(server, 'Ada'), signup(server, 'Ben')]);
    const [host, guest] = await Promise.all([connectPlayer(server.url, a.token), connectPlayer(server.url, b.token)]);
    clients.push(host, guest);
    const created = await emitForAck(host, 'createRoom', { mode });
    expect((await emitForAck(guest, 'joinRoom', { roomCode: created.roomCode })).error).toBeUndefined();
    return { host, guest, code: created.roomCode as string };
  }

  const endsAt = async (code: string) => (await duel.store.get(code))!.game!.endsAt;

  it.each([1, 2, 3, 5])(
    'gameStarted and rematchStarted of a %i-minute game carry at least 90 questions per minute, texts only',
    async (mode) => {
      const t = await seatTwo(mode);
      const started = [nextWhere(t.host, 'gameStarted'), nextWhere(t.guest, 'gameStarted')];
      expect(await emitForAck(t.host, 'startGame')).toEqual({});
      const [first, second] = await Promise.all(started);
      expect(Object.keys(first!).sort()).toEqual(['mode', 'questions']);
      expect(second).toEqual(first);
      const texts = expectTextsOnly(first!.questions, mode);

      const endsAtMs = await endsAt(t.code);
      // Listening before the clock passes the end: the room clock's own tick may end the game first.
      const over = nextWhere(t.host, 'gameOver');
      clock.set(endsAtMs);
      await duel.tick();
      await over;
      const restarted = [nextWhere(t.host, 'rematchStarted'), nextWhere(t.guest, 'rematchStarted')];
      const countdown = nextWhere(t.host, 'rematchStarting');
      expect(await emitForAck(t.host, 'rematch')).toEqual({});
      expect(await emitForAck(t.guest, 'rematch')).toEqual({});
      await countdown;
      clock.advance(3000);
      await duel.tick();
      const [again, againGuest] = await Promise.all(restarted);
      expect(Object.keys(again!).sort()).toEqual(['mode', 'players', 'questions']);
      expect(againGuest).toEqual(again);
      expect(expectTextsOnly(again!.questions, mode)).not.toEqual(texts);
    },
  );

  it('a fast player answering every question right, one every 400 ms, gets a next question until the clock ends', async () => {
    const t = await seatTwo(1);
    const started = nextWhere(t.host, 'gameStarted');
    expect(await emitForAck(t.host, 'startGame')).toEqual({});
    const texts = (await started).questions;
    clock.advance(3000);
    const end = await endsAt(t.code);
    // Listening before the clock passes the end: the room clock's own tick may end the game at
    // any moment after that, before the late answer below or the test's own tick.
    const over = nextWhere(t.host, 'gameOver', () => true, 60_000);

    let solved = 0;
    for (clock.advance(FAST_PLAYER_MS); clock.now() < end; clock.advance(FAST_PLAYER_MS)) {
      const ack = await emitForAck(t.host, 'submitAnswer', { answer: solveQuestionText(texts[solved]!) });
      solved++;
      expect(ack).toMatchObject({ correct: true, currentQuestion: solved, nextQuestion: texts[solved] });
      expect(typeof ack.nextQuestion).toBe('string');
    }
    // Every 400 ms of the minute: 149 answers, and the list still had a question for the next.
    expect(solved).toBe(60_000 / FAST_PLAYER_MS - 1);
    expect(solved).toBeLessThan(texts.length);
    expect(await emitForAck(t.host, 'submitAnswer', { answer: solveQuestionText(texts[solved]!) })).toEqual({ error: 'Time is up', code: 'TIME_UP' });
    await duel.tick();
    const result = await over;
    expect(result.players.find((p) => p.name === 'Ada')).toMatchObject({ current: solved });
    // The game ran its whole minute: it ended on the clock, not because the list ran out.
    expect((await duel.store.get(t.code))!.game!.endedAt).toBe(end);
  });

  it.each([1, 2, 3, 5])('a %i-minute single-player run hands out at least 90 questions per minute, texts only', async (mode) => {
    const ann = await signup(server, 'Ann');
    const { status, body } = await call<{ sessionId: string; questions: unknown; timerDuration: number }>(
      server,
      'POST',
      '/singleplayer/start',
      { token: ann.token, body: { mode } },
    );
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['questions', 'sessionId', 'timerDuration']);
    expectTextsOnly(body.questions, mode);
  });

  it('a fast single player answering every question right, one every 400 ms, gets a next question until the clock ends', async () => {
    const ann = await signup(server, 'Ann');
    const started = await call<{ sessionId: string; questions: string[] }>(server, 'POST', '/singleplayer/start', {
      token: ann.token,
      body: { mode: 1 },
    });
    const { sessionId, questions } = started.body;
    const end = clock.now() + 60_000;
    let solved = 0;
    for (clock.advance(FAST_PLAYER_MS); clock.now() < end; clock.advance(FAST_PLAYER_MS)) {
      const answered = await call(server, 'POST', '/singleplayer/answer', {
        token: ann.token,
        body: { sessionId, answer: solveQuestionText(questions[solved]!) },
      });
      solved++;
      expect(answered).toEqual({ status: 200, body: { correct: true, score: expect.any(Number), current: solved, over: false } });
      expect(questions[solved]).toEqual(expect.any(String));
    }
    expect(solved).toBe(60_000 / FAST_PLAYER_MS - 1);
    const late = await call(server, 'POST', '/singleplayer/answer', {
      token: ann.token,
      body: { sessionId, answer: solveQuestionText(questions[solved]!) },
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ over: true, current: solved, error: 'Time is up', code: 'RUN_OVER' });
  });
});
