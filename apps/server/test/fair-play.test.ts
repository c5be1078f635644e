/**
 * Fair play (issue #47 "Bots"): a script that solves the questions from their text and answers as
 * fast as it can is flagged from the server's own answer stamps, in a Math Challenge (neither
 * player's rating changes), in a contest attempt (ranked but marked, no badge, left out of the
 * rating period) and in a single-player run (no personal best); a fast person's pace (350–900 ms
 * between answers on the easy questions, 1–3 s on the hard ones) is not. Operators list and clear
 * flags (fair-play.service.ts). Real server, real HTTP and socket.io-client; the server's clock is
 * a ManualClock moved between a person's answers, so nothing sleeps.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestDifficulty, difficultyLabel, duelDifficulty, PACE_FLAG_MESSAGE } from '@mathsprint/shared/domain';
import type { DuelPlayer } from '@mathsprint/shared/protocol';
import { solveQuestionText } from '@mathsprint/shared/testing';
import { fairPlayFlags, games, ratingHistory, users } from '../src/db/schema/index.js';
import { duelHandleOf } from '../src/duel/duel.socket.js';
import { clearFlag, listFlagged } from '../src/fair-play/fair-play.service.js';
import { signup, signupOperator, type Account } from './helpers/accounts.js';
import { contestApi, questionsOf } from './helpers/contest.js';
import { call } from './helpers/http.js';
import { backendEnv, dropPrefix, freshPrefix, roomBackends } from './helpers/redis.js';
import { emitForAck } from './helpers/socket-ack.js';
import { connectPlayer, nextWhere, type Client } from './helpers/socket-client.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

const ADMIN_EMAIL = 'fair.play.admin@example.com';
/** The pace rule at its defaults (the test server switches it off for every other suite). */
const PACE_ENV = { PACE_EASY_FLOOR_MS: '250', PACE_FLOOR_STEP_MS: '50', PACE_MIN_ANSWERS: '5' };

/**
 * A fast person's time (ms) before answering question `index` of difficulty `level`: 350–900 ms
 * on the easy questions (levels 1–3), 1–3 s on the others, the quickest value often.
 */
function personGapMs(index: number, level: number): number {
  return difficultyLabel(level) === 'easy' ? [350, 900, 350, 500][index % 4]! : [1000, 3000, 1000, 1500][index % 4]!;
}

// Rooms and sessions in memory, and in Redis when TEST_REDIS_URL is set (the answer stamps ride in
// the Redis room's progress fields).
describe.each(roomBackends())('fair play (rooms and sessions in %s)', (backend) => {
  let clock: ManualClock;
  let server: TestServer;
  const sockets: Client[] = [];

  const prefix = freshPrefix();

  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 2, 2, 9));
    server = await startTestServer({
      clock,
      env: { ...PACE_ENV, ...backendEnv(backend, prefix), CONTEST_SCHEDULER_INTERVAL_MS: '0', SIGNUP_RATE_LIMIT: '1000' },
    });
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
    if (backend === 'redis') await dropPrefix(prefix);
  });

  async function ratingOf(id: string) {
    const [row] = await server.database.db.select({ rating: users.rating, rd: users.rd }).from(users).where(eq(users.id, id));
    return row;
  }

  async function flagRow(id: string) {
    const [row] = await server.database.db.select().from(fairPlayFlags).where(eq(fairPlayFlags.id, id));
    return row;
  }

  describe('a Math Challenge', () => {
    async function startedGame(host: Account, guest: Account) {
      const [a, b] = await Promise.all([connectPlayer(server.url, host.token), connectPlayer(server.url, guest.token)]);
      sockets.push(a, b);
      const { roomCode } = await emitForAck(a, 'createRoom', { mode: 1 });
      expect((await emitForAck(b, 'joinRoom', { roomCode })).error).toBeUndefined();
      const started = nextWhere(a, 'gameStarted');
      expect(await emitForAck(a, 'startGame')).toEqual({});
      const { questions } = await started;
      const duel = duelHandleOf(server.app.io)!;
      clock.advance(3_000);
      await duel.tick();
      return { a, b, questions, duel };
    }

    /** Answers `count` questions right; a person waits personGapMs before each, a script not at all. */
    async function answer(socket: Client, questions: string[], count: number, person: boolean) {
      for (let i = 0; i < count; i++) {
        if (person) clock.advance(personGapMs(i, duelDifficulty(i)));
        const ack = await emitForAck(socket, 'submitAnswer', { answer: solveQuestionText(questions[i]!) });
        expect(ack.correct).toBe(true);
      }
    }

    async function runOut(game: Awaited<ReturnType<typeof startedGame>>): Promise<DuelPlayer[]> {
      const over = nextWhere(game.a, 'gameOver');
      clock.advance(61_000);
      await game.duel.tick();
      const { players } = await over;
      await server.app.services.ratings.flush();
      return players;
    }

    it('flags a script and changes neither player rating', async () => {
      const bot = await signup(server, 'Bot Player');
      const person = await signup(server, 'Quick Person');
      const game = await startedGame(bot, person);
      await answer(game.a, game.questions, 20, false);
      await answer(game.b, game.questions, 12, true);
      const players = await runOut(game);

      expect(players.find((p) => p.userId === bot.id)?.paceFlag).toBe(PACE_FLAG_MESSAGE);
      expect(players.find((p) => p.userId === person.id)?.paceFlag).toBeUndefined();
      expect(await ratingOf(bot.id)).toEqual({ rating: 1500, rd: 350 });
      expect(await ratingOf(person.id)).toEqual({ rating: 1500, rd: 350 });
      const history = await server.database.db.select().from(ratingHistory).where(eq(ratingHistory.userId, person.id));
      expect(history).toHaveLength(0);
      const stored = await server.database.db.select().from(games).where(eq(games.winnerUserId, bot.id));
      expect(stored).toMatchObject([{ rated: false }]);
      expect((await flagRow(`${stored[0]!.id}:0`))?.reason).toMatch(/^answered faster than a person can: median \d+ ms/);
    });

    it('does not flag two fast people, and rates their game', async () => {
      const ann = await signup(server, 'Ann Fast');
      const bob = await signup(server, 'Bob Fast');
      const game = await startedGame(ann, bob);
      // Turns: each answers after the other, both at a person's pace.
      for (let i = 0; i < 16; i++) {
        clock.advance(personGapMs(i, duelDifficulty(i)));
        expect((await emitForAck(game.a, 'submitAnswer', { answer: solveQuestionText(game.questions[i]!) })).correct).toBe(true);
        if (i < 12) expect((await emitForAck(game.b, 'submitAnswer', { answer: solveQuestionText(game.questions[i]!) })).correct).toBe(true);
      }
      const players = await runOut(game);
      expect(players.every((p) => p.paceFlag === undefined)).toBe(true);
      expect((await ratingOf(ann.id))!.rating).toBeGreaterThan(1500);
      expect((await ratingOf(bob.id))!.rating).toBeLessThan(1500);
    });
  });

  describe('a single-player run', () => {
    const start = (token: string) => call<{ sessionId: string; questions: string[] }>(server, 'POST', '/singleplayer/start', { token, body: { mode: 1 } });
    const answerOf = (token: string, sessionId: string, answer: number) => call(server, 'POST', '/singleplayer/answer', { token, body: { sessionId, answer } });
    const timer = (token: string, sessionId: string) =>
      call<{ over: boolean; score: number; paceFlag?: string; personalBest?: number | null }>(server, 'GET', `/singleplayer/timer?sessionId=${sessionId}`, {
        token,
      });

    async function run(player: Account, count: number, person: boolean) {
      const { body } = await start(player.token);
      for (let i = 0; i < count; i++) {
        if (person) clock.advance(personGapMs(i, duelDifficulty(i)));
        expect((await answerOf(player.token, body.sessionId, solveQuestionText(body.questions[i]!))).body.correct).toBe(true);
      }
      clock.advance(61_000);
      const end = await timer(player.token, body.sessionId);
      expect(end.body.over).toBe(true);
      return { sessionId: body.sessionId, end: end.body };
    }

    it("flags a script's run, which sets no personal best; a person's run sets one", async () => {
      const player = await signup(server, 'Solo Player');
      const person = await run(player, 10, true);
      expect(person.end.paceFlag).toBeUndefined();
      expect(person.end.personalBest).toBe(person.end.score);

      const bot = await run(player, 30, false);
      expect(bot.end.score).toBeGreaterThan(person.end.score);
      expect(bot.end.paceFlag).toBe(PACE_FLAG_MESSAGE);
      expect(bot.end.personalBest).toBe(person.end.score);
      expect(await flagRow(bot.sessionId)).toMatchObject({ kind: 'solo', userId: player.id, clearedAt: null });
    });

    it('counts a run for the personal best once an operator clears its flag', async () => {
      const player = await signup(server, 'Cleared Player');
      const bot = await run(player, 30, false);
      expect(bot.end.personalBest).toBeNull();
      expect((await listFlagged(server.database.db)).map((f) => f.id)).toContain(bot.sessionId);
      expect(await clearFlag(server.database.db, bot.sessionId, clock.now())).toBe('cleared');
      expect(await clearFlag(server.database.db, bot.sessionId, clock.now())).toBe('already-cleared');
      expect(await clearFlag(server.database.db, 'no-such-attempt', clock.now())).toBe('not-found');
      expect((await listFlagged(server.database.db)).map((f) => f.id)).not.toContain(bot.sessionId);
      const again = await timer(player.token, bot.sessionId);
      expect(again.body.paceFlag).toBe(PACE_FLAG_MESSAGE); // the live session keeps what it was told
      expect(again.body.personalBest).toBe(bot.end.score);
    });
  });

  describe('a contest attempt', () => {
    it('is ranked but marked, takes no badge and is left out of the rating period; people are not flagged', async () => {
      const admin = await signupOperator(server, 'Admin', ADMIN_EMAIL);
      const [bot, ann, bob] = await Promise.all([signup(server, 'Contest Bot'), signup(server, 'Contest Ann'), signup(server, 'Contest Bob')]);
      const api = contestApi(server);
      const created = await api.create(admin.token, { openTime: new Date(clock.now() + 60_000).toISOString(), durationMinutes: 10, questionCount: 20 });
      expect(created.status).toBe(201);
      const contestId = created.body.contest._id;
      const questions = await questionsOf(server, contestId);
      for (const p of [bot, ann, bob]) expect((await api.register(p.token, contestId)).status).toBe(200);
      clock.advance(60_000);
      await server.app.services.contests.tick();
      for (const p of [bot, ann, bob]) expect((await api.start(p.token, contestId)).status).toBe(200);

      for (let i = 0; i < questions.length; i++) {
        const r = await api.answer(bot.token, { contestId, questionIndex: i, answer: solveQuestionText(questions[i]!.text), timeSpent: 0 });
        expect(r.status).toBe(200);
      }
      expect((await api.submit(bot.token, contestId)).status).toBe(200);
      // Ann answers every question, Bob the first 15, each at a person's pace.
      for (let i = 0; i < questions.length; i++) {
        clock.advance(personGapMs(i, contestDifficulty(i, questions.length)));
        for (const p of i < 15 ? [ann, bob] : [ann]) {
          const r = await api.answer(p.token, { contestId, questionIndex: i, answer: questions[i]!.answer, timeSpent: 1 });
          expect(r.status).toBe(200);
        }
      }
      for (const p of [ann, bob]) expect((await api.submit(p.token, contestId)).status).toBe(200);
      clock.advance(11 * 60_000);
      await server.app.services.contests.tick();
      await server.app.services.contests.tick();

      const board = (await api.leaderboard(contestId, 10)).body;
      expect(board.finalized).toBe(true);
      const row = (id: string) => board.leaderboard.find((e) => e.userId._id === id)!;
      expect(row(bot.id)).toMatchObject({ rank: 1, badges: [], paceFlag: PACE_FLAG_MESSAGE });
      expect(row(ann.id).paceFlag).toBeUndefined();
      expect(row(ann.id).badges).toContain('contest-participant');
      expect(row(bob.id).paceFlag).toBeUndefined();

      const botAttempt = (await api.history(bot.token)).body.attempts.find((a) => a.contestId._id === contestId)!;
      expect(botAttempt).toMatchObject({ rank: 1, badges: [], ratingChange: null, paceFlag: PACE_FLAG_MESSAGE });
      const annAttempt = (await api.history(ann.token)).body.attempts.find((a) => a.contestId._id === contestId)!;
      expect(annAttempt.paceFlag).toBeUndefined();
      expect(annAttempt.ratingChange).not.toBeNull();
      expect(await ratingOf(bot.id)).toEqual({ rating: 1500, rd: 350 });
      expect((await ratingOf(ann.id))!.rating).toBeGreaterThan(1500);
      expect(await flagRow(botAttempt._id)).toMatchObject({ kind: 'contest', sourceId: contestId, userId: bot.id });

      expect(await clearFlag(server.database.db, botAttempt._id, clock.now())).toBe('cleared');
      const cleared = (await api.history(bot.token)).body.attempts.find((a) => a.contestId._id === contestId)!;
      expect(cleared.paceFlag).toBeUndefined();
      expect(cleared.badges).toEqual([]);
    });
  });
});
