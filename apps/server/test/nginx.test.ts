/**
 * The operator's walk-through of docs/scale-out.md (issue #5), end to end: two
 * server processes on PostgreSQL and Redis behind nginx running deploy/nginx.conf (only its ports
 * changed, helpers/nginx.ts). Through nginx a contest is taken and the daily hub used over HTTP,
 * and a Math Challenge is played by two clients pinned by ip_hash to different processes. The
 * process of one player is killed with kill -9 mid-game: that client reconnects on its own with the
 * web app's back-off, nginx sends it to the survivor, it rejoins as the web app does (rejoinRoom),
 * and both players finish the same game with the scores the server acknowledged, the clock within a
 * second, and the game recorded once.
 *
 * Needs TEST_DATABASE_URL, TEST_REDIS_URL and Debian's nginx (`npm test` installs it when both
 * variables are set; scripts/ensure-nginx.sh). Skipped otherwise, with the reason in its name.
 */
import { eq } from 'drizzle-orm';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, DailySectionKey, DuelPlayer, ServerToClientEvents } from '@mathsprint/shared/protocol';
import { gamePlayers, games } from '../src/db/schema/index.js';
import { RedisRoomStore } from '../src/duel/redis-room-store.js';
import { systemClock } from '../src/platform/clock.js';
import { openDatabase } from '../src/platform/db.js';
import { createLogger } from '../src/platform/logger.js';
import { openRedis } from '../src/platform/redis.js';
import { signup, signupOperator } from './helpers/accounts.js';
import { socketsOn, startServerProcess, type ServerProcess } from './helpers/cluster.js';
import { contestApi, questionsOf, wrongAnswer } from './helpers/contest.js';
import { correctAnswers } from './helpers/daily.js';
import { call } from './helpers/http.js';
import { nginxBinary, startNginx } from './helpers/nginx.js';
import { dropPrefix, freshPrefix, testRedisUrl } from './helpers/redis.js';
import { emitForAck, type Ack } from './helpers/socket-ack.js';
import { createScratchPostgres, type TestServer } from './helpers/test-server.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const ready = Boolean(testDatabaseUrl && testRedisUrl && nginxBinary());
const NEEDS = 'needs TEST_DATABASE_URL, TEST_REDIS_URL and nginx (scripts/ensure-nginx.sh)';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/**
 * A client as the web app makes it (apps/web/src/lib/socket.ts: websocket then polling, automatic
 * reconnection with 500–5,000 ms jittered back-off), connecting from `localAddress` so that nginx's
 * ip_hash can tell two clients of this one machine apart.
 */
function webAppClient(url: string, token: string, localAddress: string): Promise<Client> {
  const socket: Client = connectClient(url, {
    auth: { token },
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
    forceNew: true,
    localAddress,
  } as Parameters<typeof connectClient>[1]);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** The processes' socket counts once `settled(counts)` holds, polled every 50 ms for up to 5 s
 * (the counts as last read when it never does, for the caller's assertion to report). */
async function socketCounts(servers: ServerProcess[], settled: (counts: number[]) => boolean): Promise<number[]> {
  let counts: number[] = [];
  for (let i = 0; i < 100; i++) {
    counts = await Promise.all(servers.map(socketsOn));
    if (settled(counts)) break;
    await sleep(50);
  }
  return counts;
}

const total = (counts: number[]): number => counts.reduce((a, b) => a + b, 0);
const equal = (expected: number[]) => (counts: number[]) => counts.every((n, i) => n === expected[i]);

describe('deploy/nginx.conf in front of two processes', () => {
  it.skipIf(!ready)(`serves a contest, the daily hub and a Math Challenge whose players sit on different processes, through the loss of one (${NEEDS})`, async () => {
    const prefix = freshPrefix();
    const scratch = await createScratchPostgres(testDatabaseUrl!);
    cleanups.push(() => scratch.drop(), () => dropPrefix(prefix));
    const adminEmail = 'nginx.admin@example.com';
    const env = { DATABASE_URL: scratch.url, REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: prefix, CONTEST_SCHEDULER_INTERVAL_MS: '50' };
    const processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    cleanups.push(...processes.map((p) => () => p.stop()));
    const nginx = await startNginx(processes.map((p) => p.port));
    cleanups.push(() => nginx.stop());
    expect(nginx.checkOutput).toContain('test is successful');
    const database = await openDatabase({ url: scratch.url, dataDir: 'memory://' });
    cleanups.push(() => database.close());
    // Every HTTP call below goes to nginx's address.
    const viaNginx = { url: nginx.url, database } as TestServer;

    const admin = await signupOperator(viaNginx, 'Admin', adminEmail);
    const [hana, gus] = [await signup(viaNginx, 'Hana'), await signup(viaNginx, 'Gus')];

    // A contest through nginx: created, registered, started, answered and submitted.
    const contests = contestApi(viaNginx);
    const created = await contests.create(admin.token, { openTime: new Date(Date.now() + 1500).toISOString(), durationMinutes: 10, questionCount: 5 });
    expect(created.status).toBe(201);
    const contestId = created.body.contest._id;
    expect((await contests.register(hana.token, contestId)).status).toBe(200);
    for (let i = 0; (await contests.start(hana.token, contestId)).status !== 200; i++) {
      expect(i, 'the contest opens within 10 s').toBeLessThan(100);
      await sleep(100);
    }
    const questions = await questionsOf(viaNginx, contestId);
    for (const [q, question] of questions.entries()) {
      const answer = q === 0 ? wrongAnswer(question) : question.answer;
      expect((await contests.answer(hana.token, { contestId, questionIndex: q, answer, timeSpent: 2 })).status).toBe(200);
    }
    const submitted = await contests.submit(hana.token, contestId);
    expect(submitted.status).toBe(200);
    // Submitted with every answer held, graded at close (issue #47).
    expect(submitted.body.attempt).toMatchObject({ status: 'submitted', answeredCount: questions.length, correctCount: null });

    // The daily hub through nginx: today's basic section answered, the streak started.
    const today = await call<{ date: string; sections: Array<{ sectionKey: DailySectionKey; unlocked: boolean }> }>(viaNginx, 'GET', '/api/daily/today', { token: gus.token });
    expect(today.status).toBe(200);
    // Opening the section starts its time (a submission of a section never opened is refused).
    expect((await call(viaNginx, 'GET', `/api/daily/section/${today.body.date}/basic`, { token: gus.token })).status).toBe(200);
    const daily = await call<{ practicePoints: number }>(viaNginx, 'POST', '/api/daily/submit', {
      token: gus.token,
      body: { date: today.body.date, sectionKey: 'basic', answers: correctAnswers(today.body.date, 'basic') },
    });
    expect(daily.status).toBe(200);
    expect(daily.body.practicePoints).toBeGreaterThan(0);
    expect((await call<{ currentStreak: number }>(viaNginx, 'GET', '/api/daily/streak', { token: gus.token })).body.currentStreak).toBe(1);

    // Two players through nginx, pinned by ip_hash to different processes.
    expect(await socketCounts(processes, equal([0, 0]))).toEqual([0, 0]);
    const host = await webAppClient(nginx.url, hana.token, '127.0.0.1');
    const hostOn = (await socketCounts(processes, (c) => total(c) === 1)).indexOf(1);
    expect(hostOn).toBeGreaterThanOrEqual(0);
    let guest: Client | null = null;
    // ip_hash hashes a client address's first three bytes: 127.0.k.1 for a few k reaches both.
    for (let k = 1; k <= 32 && !guest; k++) {
      const candidate = await webAppClient(nginx.url, gus.token, `127.0.${k}.1`);
      const counts = await socketCounts(processes, (c) => total(c) === 2);
      if (counts[1 - hostOn] === 1) {
        expect(counts).toEqual([1, 1]);
        guest = candidate;
      } else {
        candidate.disconnect();
        const hostOnly = hostOn === 0 ? [1, 0] : [0, 1];
        expect(await socketCounts(processes, equal(hostOnly))).toEqual(hostOnly);
      }
    }
    expect(guest, 'a client address that ip_hash sends to the other process').not.toBeNull();
    const guestOn = 1 - hostOn;
    // nginx passes the WebSocket upgrade: neither client fell back to long-polling.
    for (const s of [host, guest!]) expect(s.io.engine.transport.name).toBe('websocket');
    cleanups.push(async () => {
      host.disconnect();
      guest!.disconnect();
    });

    const room = await emitForAck(host, 'createRoom', { mode: 1 });
    const roomCode = room.roomCode as string;
    expect((await emitForAck(guest!, 'joinRoom', { roomCode })).error).toBeUndefined();
    const overs = [host, guest!].map((s) => new Promise<{ players: DuelPlayer[] }>((resolve) => s.once('gameOver', resolve)));
    expect(await emitForAck(host, 'startGame')).toEqual({});
    const redis = await openRedis(testRedisUrl!, { prefix, logger: createLogger('silent') });
    cleanups.push(() => redis.close());
    const game = (await new RedisRoomStore(redis, systemClock).get(roomCode))!.game!;
    await sleep(Math.max(0, game.startsAt - Date.now()) + 50);

    const acked = new Map<Client, { score: number; current: number }>([
      [host, { score: 0, current: 0 }],
      [guest!, { score: 0, current: 0 }],
    ]);
    const answerUpTo = async (socket: Client, upTo: number) => {
      const state = acked.get(socket)!;
      while (state.current < upTo) {
        const ack = await emitForAck(socket, 'submitAnswer', { answer: game.questions.answers[state.current] });
        expect(ack).toMatchObject({ correct: true });
        state.score = ack.score as number;
        state.current = ack.currentQuestion as number;
      }
    };
    await Promise.all([answerUpTo(host, 4), answerUpTo(guest!, 3)]);

    // kill -9 of the guest's process; the guest's client comes back on its own, through nginx.
    const rejoined = new Promise<Ack>((resolve) => guest!.once('connect', () => void emitForAck(guest!, 'rejoinRoom', { roomCode }).then(resolve)));
    const killedAt = Date.now();
    await processes[guestOn]!.kill9();
    const snapshot = await rejoined;
    const backAfterMs = Date.now() - killedAt;
    expect(snapshot.error).toBeUndefined();
    expect(snapshot.playerState).toEqual(acked.get(guest!));
    expect(await socketsOn(processes[hostOn]!)).toBe(2);

    // The survivor drives the clock: both players hear it, within a second of the game's end time.
    await Promise.all(
      [host, guest!].map(
        (s) =>
          new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('no timerUpdate within 3 s')), 3000);
            s.once('timerUpdate', ({ timeLeft }) => {
              clearTimeout(timer);
              expect(Math.abs(timeLeft - Math.ceil((game.endsAt - Date.now()) / 1000))).toBeLessThanOrEqual(1);
              resolve();
            });
          }),
      ),
    );

    const count = game.questions.answers.length;
    await Promise.all([answerUpTo(host, count), answerUpTo(guest!, count)]);
    const [hostOver, guestOver] = await Promise.all(overs);
    for (const over of [hostOver!, guestOver!]) {
      expect(over.players.find((p) => p.userId === hana.id)?.score).toBe(acked.get(host)!.score);
      expect(over.players.find((p) => p.userId === gus.id)?.score).toBe(acked.get(guest!)!.score);
    }

    let rows: Array<{ userId: string | null; score: number }> = [];
    for (let i = 0; i < 150 && rows.length < 2; i++) {
      await sleep(100);
      rows = await database.db.select({ userId: gamePlayers.userId, score: gamePlayers.score }).from(gamePlayers).where(eq(gamePlayers.gameId, game.id));
    }
    expect(await database.db.select({ id: games.id }).from(games).where(eq(games.id, game.id))).toHaveLength(1);
    expect(rows.sort((a, b) => (a.userId === hana.id ? -1 : b.userId === hana.id ? 1 : 0))).toEqual([
      { userId: hana.id, score: acked.get(host)!.score },
      { userId: gus.id, score: acked.get(guest!)!.score },
    ]);
    console.info(`through nginx: the guest's client was back in its game ${backAfterMs} ms after kill -9 of its process`);
  }, 120_000);
});
