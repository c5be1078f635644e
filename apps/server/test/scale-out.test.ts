/**
 * Fault tests of several server processes sharing PostgreSQL and Redis (issue #5 "Fault tests"):
 *  - kill -9 of one of two processes during 20 concurrent Math Challenges;
 *  - a process stalled (SIGSTOP) past its lease, then killed: its players who do not come back are
 *    shown disconnected, one who came back through the other process is not;
 *  - Redis paused for 10 s (CLIENT PAUSE) during play;
 *  - 1,000 sockets reconnecting after a process restart;
 *  - contest transitions and finalization with three processes;
 *  - kill -9 of a process during a contest after it acknowledged answers.
 * They need TEST_REDIS_URL and, except the pause test, TEST_DATABASE_URL (CI sets both; .ci/run);
 * without them they are skipped with the reason in their name and the suite stays in memory.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { io as connectClient } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { contestScore } from '@mathsprint/shared/domain';
import type { DuelPlayer } from '@mathsprint/shared/protocol';
import { contestAnswers, contestAttempts, contests, gamePlayers, games, ratingHistory } from '../src/db/schema/index.js';
import { DUEL_ROOM_IDLE_MS } from '../src/duel/duel.machine.js';
import { RedisRoomStore, duelKeys } from '../src/duel/redis-room-store.js';
import { systemClock } from '../src/platform/clock.js';
import { openDatabase, type DatabaseHandle } from '../src/platform/db.js';
import { createLogger } from '../src/platform/logger.js';
import { openRedis } from '../src/platform/redis.js';
import { signup, signupOperator, type Account } from './helpers/accounts.js';
import { freePort, guestToken, startServerProcess, type ServerProcess } from './helpers/cluster.js';
import { contestApi, questionsOf, wrongAnswer } from './helpers/contest.js';
import { NO_REDIS, dropPrefix, freshPrefix, testRedisUrl } from './helpers/redis.js';
import { emitForAck, type Ack } from './helpers/socket-ack.js';
import { connectPlayer, type Client } from './helpers/socket-client.js';
import { ManualClock, createScratchPostgres, openSharedTestDatabase, startTestServer, type TestServer } from './helpers/test-server.js';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const NEEDS_BOTH = 'needs TEST_REDIS_URL and TEST_DATABASE_URL: several processes share one PostgreSQL and one Redis';
const haveBoth = Boolean(testRedisUrl && testDatabaseUrl);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const call = (socket: Client, event: string, payload?: unknown, timeoutMs = 30_000): Promise<Ack> => emitForAck(socket, event, payload, timeoutMs);

/** One player of a duel as the test drives it: what the server acknowledged is the truth to keep. */
interface Player {
  token: string;
  userId: string;
  socket: Client;
  url: string;
  /** Points and question index from the last acknowledged answer. */
  score: number;
  current: number;
  gameOver: Promise<{ players: DuelPlayer[] }>;
  /** Every progressUpdate seen, last one last. */
  progress: DuelPlayer[][];
}

function follow(player: Player): void {
  player.gameOver = new Promise((resolve) => player.socket.once('gameOver', resolve));
  player.socket.on('progressUpdate', (players) => player.progress.push(players));
}

async function seat(url: string, account: { token: string; id: string }): Promise<Player> {
  const socket = await connectPlayer(url, account.token);
  const player: Player = { token: account.token, userId: account.id, socket, url, score: 0, current: 0, gameOver: new Promise(() => {}), progress: [] };
  follow(player);
  return player;
}

interface Game {
  code: string;
  gameId: string;
  /** Epoch ms when the countdown ends and answers are taken. */
  startsAt: number;
  endsAt: number;
  answers: number[];
  players: [Player, Player];
}

/** The host creates a room, the guest joins, the host starts (the 3 s countdown begins). */
async function startGame(host: Player, guest: Player): Promise<Omit<Game, 'answers' | 'startsAt' | 'endsAt' | 'gameId'>> {
  const created = await call(host.socket, 'createRoom', { mode: 1 });
  expect(created.error).toBeUndefined();
  expect((await call(guest.socket, 'joinRoom', { roomCode: created.roomCode })).error).toBeUndefined();
  expect(await call(host.socket, 'startGame')).toEqual({});
  return { code: created.roomCode as string, players: [host, guest] };
}

async function loadGame(store: RedisRoomStore, partial: Omit<Game, 'answers' | 'startsAt' | 'endsAt' | 'gameId'>): Promise<Game> {
  const room = await store.get(partial.code);
  const game = room!.game!;
  return { ...partial, gameId: game.id, startsAt: game.startsAt, endsAt: game.endsAt, answers: game.questions.answers };
}

/** Waits until every game's countdown has ended: games started in parallel start up to a few hundred ms apart. */
async function untilAllStarted(list: Game[]): Promise<void> {
  await sleep(Math.max(0, Math.max(...list.map((g) => g.startsAt)) - Date.now()) + 100);
}

/** Answers correctly until the player has solved `upTo` questions; every acknowledgement is checked. */
async function answerUpTo(player: Player, game: Game, upTo: number): Promise<void> {
  while (player.current < upTo) {
    const ack = await call(player.socket, 'submitAnswer', { answer: game.answers[player.current] });
    expect(ack.error, `answer ${player.current} of ${game.code}`).toBeUndefined();
    expect(ack.correct).toBe(true);
    expect(ack.score).toBeGreaterThan(player.score);
    player.score = ack.score as number;
    player.current = ack.currentQuestion as number;
  }
}

describe('two processes, one killed with kill -9 during 20 concurrent games', () => {
  it.skipIf(!haveBoth)(`every game ends and is recorded once, no acknowledged point is lost, the clock moves within 2 s (${NEEDS_BOTH})`, async () => {
    const prefix = freshPrefix();
    const scratch = await createScratchPostgres(testDatabaseUrl!);
    cleanups.push(() => scratch.drop(), () => dropPrefix(prefix));
    const env = { DATABASE_URL: scratch.url, REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: prefix };
    // Started together against the empty database: the advisory lock makes one of them migrate.
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    cleanups.push(() => a.stop(), () => b.stop());
    const redis = await openRedis(testRedisUrl!, { prefix, logger: createLogger('silent') });
    cleanups.push(() => redis.close());
    const store = new RedisRoomStore(redis, systemClock);

    const accounts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signup({ url: (i % 2 ? a : b).url } as TestServer, `P${i}`)),
    );
    // Game i: host on A and guest on B for even i, the other way round for odd i.
    const players = await Promise.all(accounts.map((acc, i) => seat((i % 4 < 2 ? (i % 2 ? b : a) : i % 2 ? a : b).url, acc)));
    const partials = await Promise.all(Array.from({ length: 20 }, (_, g) => startGame(players[2 * g]!, players[2 * g + 1]!)));
    const gamesList = await Promise.all(partials.map((p) => loadGame(store, p)));
    await untilAllStarted(gamesList);

    // Games 0-4 finish before the kill, on whichever process takes their last answer.
    await Promise.all(gamesList.slice(0, 5).flatMap((g) => g.players.map((p) => answerUpTo(p, g, g.answers.length))));
    // Games 5-19 are half played when A dies.
    const running = gamesList.slice(5);
    await Promise.all(running.flatMap((g) => g.players.map((p) => answerUpTo(p, g, 10))));

    const owners = duelKeys(prefix).lease;
    const ownedByA = async () => Object.values(await redis.client.hgetall(owners)).filter((v) => v.includes(`:${a.pid}:`)).length;
    expect(await ownedByA()).toBeGreaterThan(0);
    const killedAt = Date.now();
    await a.kill9();

    // A's players reconnect on their own (as nginx would send them) to B and rejoin by room code.
    const orphans = running.flatMap((g) => g.players.map((p) => ({ p, g }))).filter(({ p }) => p.url === a.url);
    await Promise.all(
      orphans.map(async ({ p, g }) => {
        await sleep(Math.random() * 300);
        p.socket.disconnect();
        p.socket = await connectPlayer(b.url, p.token);
        p.url = b.url;
        p.progress = [];
        follow(p);
        const snapshot = await call(p.socket, 'rejoinRoom', { roomCode: g.code });
        expect(snapshot.error).toBeUndefined();
        expect(snapshot.playerState).toEqual({ current: p.current, score: p.score });
      }),
    );

    // B takes over every lease A held within 2 s of the kill.
    while ((await ownedByA()) > 0) {
      expect(Date.now() - killedAt, 'lease takeover').toBeLessThan(2000);
      await sleep(25);
    }
    const takeoverMs = Date.now() - killedAt;

    // Every player's clock ticks again, within a second of the server's.
    await Promise.all(
      running.flatMap((g) =>
        g.players.map(
          (p) =>
            new Promise<void>((resolve, reject) => {
              const timer = setTimeout(() => reject(new Error(`no timerUpdate in ${g.code} after the kill`)), 3000);
              p.socket.once('timerUpdate', ({ timeLeft }) => {
                clearTimeout(timer);
                expect(Math.abs(timeLeft - Math.ceil((g.endsAt - Date.now()) / 1000))).toBeLessThanOrEqual(1);
                resolve();
              });
            }),
        ),
      ),
    );

    await Promise.all(running.flatMap((g) => g.players.map((p) => answerUpTo(p, g, g.answers.length))));
    for (const g of gamesList) {
      for (const p of g.players) {
        const over = await p.gameOver;
        expect(over.players.find((x) => x.userId === p.userId)?.score).toBe(p.score);
      }
    }

    const database = await openDatabase({ url: scratch.url, dataDir: 'memory://' });
    cleanups.push(() => database.close());
    const ids = gamesList.map((g) => g.gameId);
    let rows: Array<{ gameId: string; userId: string | null; score: number }> = [];
    // The batch writer stores a game within about 100 ms; one whose write failed (a loaded CI machine)
    // is stored again by the unrecorded sweep, 10 s after it finished plus one 5 s round: wait for that too.
    for (let i = 0; i < 300 && rows.length < 40; i++) {
      await sleep(100);
      rows = await database.db.select({ gameId: gamePlayers.gameId, userId: gamePlayers.userId, score: gamePlayers.score }).from(gamePlayers).where(inArray(gamePlayers.gameId, ids));
    }
    expect(await database.db.select({ id: games.id }).from(games).where(inArray(games.id, ids))).toHaveLength(20);
    expect(rows).toHaveLength(40);
    for (const g of gamesList) for (const p of g.players) expect(rows.find((r) => r.gameId === g.gameId && r.userId === p.userId)?.score).toBe(p.score);
    // Rated once: one rating change per player per game.
    const history = await database.db.select({ userId: ratingHistory.userId }).from(ratingHistory).where(and(eq(ratingHistory.source, 'duel'), inArray(ratingHistory.sourceId, ids)));
    expect(history).toHaveLength(40);
    expect(await redis.client.hlen(duelKeys(prefix).finished)).toBe(0);
    console.info(`kill -9 during 20 games: leases taken over ${takeoverMs} ms after the kill`);
    for (const p of players) p.socket.disconnect();
  }, 120_000);
});

/** Polls `check` every 25 ms until it holds; fails with `what` after `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(25);
  }
  return Date.now() - started;
}

describe('a player whose process dies and who does not come back', () => {
  it.skipIf(!haveBoth)(`is shown disconnected to the opponent and the room can expire; one who comes back elsewhere stays connected (${NEEDS_BOTH})`, async () => {
    const prefix = freshPrefix();
    const scratch = await createScratchPostgres(testDatabaseUrl!);
    cleanups.push(() => scratch.drop(), () => dropPrefix(prefix));
    const env = { DATABASE_URL: scratch.url, REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: prefix };
    const a = await startServerProcess(env);
    const b = await startServerProcess(env);
    cleanups.push(
      () => a.stop(),
      async () => {
        // B may still be stopped (SIGSTOP) if the test failed there; once killed, the signal throws.
        try {
          process.kill(b.pid, 'SIGCONT');
        } catch {
          // already gone
        }
        await b.stop();
      },
    );
    const redis = await openRedis(testRedisUrl!, { prefix, logger: createLogger('silent') });
    cleanups.push(() => redis.close());
    const store = new RedisRoomStore(redis, systemClock);

    // Three rooms, each with its host on A and its guest on B: two games running, one waiting room.
    const accounts = await Promise.all(Array.from({ length: 6 }, (_, i) => signup({ url: a.url } as TestServer, `W${i}`)));
    const players = await Promise.all(accounts.map((acc, i) => seat((i % 2 ? b : a).url, acc)));
    const [h1, g1, h2, g2, h3, g3] = players as [Player, Player, Player, Player, Player, Player];
    const lastPlayers = new Map<Player, DuelPlayer[]>();
    for (const host of [h1, h2, h3]) host.socket.on('roomUpdate', (list) => lastPlayers.set(host, list));
    /** What the host's last roomUpdate says of the guest's connection. */
    const shown = (host: Player, guest: Player) => lastPlayers.get(host)?.find((p) => p.userId === guest.userId)?.connected;
    const stored = async (code: string, guest: Player) => (await store.get(code))?.seats.find((s) => s.userId === guest.userId)?.connected;

    const room1 = await startGame(h1, g1);
    const room2 = await startGame(h2, g2);
    const created = await call(h3.socket, 'createRoom', { mode: 1 });
    expect((await call(g3.socket, 'joinRoom', { roomCode: created.roomCode })).error).toBeUndefined();
    const room3 = created.roomCode as string;
    await until(() => shown(h3, g3) === true, 2000, 'the waiting room shows its guest');

    // B stalls past its lease expiry: A marks B's players away, and B, waking up, lists them again.
    process.kill(b.pid, 'SIGSTOP');
    const awayAfter = await until(() => shown(h1, g1) === false && shown(h3, g3) === false, 4000, 'a stalled process shown away');
    process.kill(b.pid, 'SIGCONT');
    await until(() => shown(h1, g1) === true && shown(h3, g3) === true, 4000, 'a woken process shown back');
    expect(await stored(room1.code, g1)).toBe(true);

    // B dies. G2 reconnects through A and rejoins; G1 and G3 never come back.
    const killedAt = Date.now();
    await b.kill9();
    g2.socket.disconnect();
    g2.socket = await connectPlayer(a.url, g2.token);
    expect((await call(g2.socket, 'rejoinRoom', { roomCode: room2.code })).error).toBeUndefined();
    await until(() => shown(h1, g1) === false && shown(h3, g3) === false, 4000, 'players of a killed process shown away');
    const shownAwayMs = Date.now() - killedAt;
    expect(await stored(room1.code, g1)).toBe(false);
    expect(await stored(room3, g3)).toBe(false);
    // Well past the take-over, G2 is still connected: A holds G2's seat, so it was not marked away.
    await sleep(1500);
    expect(await stored(room2.code, g2)).toBe(true);
    expect(shown(h2, g2)).not.toBe(false);

    // H3 leaves too: nobody is connected to the waiting room, which now expires in 10 minutes, not 6 hours.
    h3.socket.disconnect();
    await until(async () => (await store.get(room3))?.idleSince != null, 3000, 'the waiting room idle');
    const ttl = await redis.client.pttl(duelKeys(prefix).room(room3));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(DUEL_ROOM_IDLE_MS);
    console.info(`presence: a stalled process's players shown away after ${awayAfter} ms, a killed one's ${shownAwayMs} ms after the kill`);
    for (const p of players) p.socket.disconnect();
  }, 90_000);
});

describe('Redis paused for 10 s during play', () => {
  it.skipIf(!testRedisUrl)(`games finish and no acknowledgement or broadcast is lost (needs ${NO_REDIS})`, async () => {
    const prefix = freshPrefix();
    cleanups.push(() => dropPrefix(prefix));
    const shared = await openSharedTestDatabase();
    cleanups.push(() => shared.close());
    // Its players solve all 150 questions of a minute within seconds of real time, past the
    // socket's default 100 events per 20 s.
    const env = { REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: prefix, SIGNUP_RATE_LIMIT: '1000', SOCKET_RATE_LIMIT_EVENTS: '1000' };
    const servers = [await startTestServer({ env, ...shared.serverOptions() }), await startTestServer({ env, ...shared.serverOptions() })];
    cleanups.push(...servers.map((s) => () => s.close()));
    const redis = await openRedis(testRedisUrl!, { prefix, logger: createLogger('silent') });
    cleanups.push(() => redis.close());
    const store = new RedisRoomStore(redis, systemClock);

    const players = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => seat(servers[i % 2]!.url, await signup(servers[i % 2]!, `Q${i}`))),
    );
    const gamesList = await Promise.all(
      Array.from({ length: 4 }, async (_, g) => loadGame(store, await startGame(players[2 * g]!, players[2 * g + 1]!))),
    );
    await untilAllStarted(gamesList);
    await Promise.all(gamesList.flatMap((g) => g.players.map((p) => answerUpTo(p, g, 5))));

    const admin = await openRedis(testRedisUrl!, { prefix, logger: createLogger('silent') });
    cleanups.push(() => admin.close());
    const pausedAt = Date.now();
    await admin.client.call('CLIENT', 'PAUSE', '10000', 'ALL');
    // Answers sent during the pause wait for Redis; the games then run to their end.
    await Promise.all(gamesList.flatMap((g) => g.players.map((p) => answerUpTo(p, g, g.answers.length))));
    expect(Date.now() - pausedAt).toBeGreaterThanOrEqual(9_000);

    for (const g of gamesList) {
      const final = g.players.map((p) => ({ userId: p.userId, score: p.score }));
      for (const p of g.players) {
        const over = await p.gameOver;
        expect(over.players.map((x) => ({ userId: x.userId ?? '', score: x.score })).sort((x, y) => x.userId.localeCompare(y.userId))).toEqual(
          [...final].sort((x, y) => x.userId.localeCompare(y.userId)),
        );
        // The final progressUpdate, broadcast through the stream, arrived as well. (Delivery is
        // promised, not order across processes: a batched progressUpdate the other process wrote
        // to the stream a moment later may still follow it; gameOver carries the final scores.)
        const finalScores = final.map((x) => x.score).sort();
        expect(p.progress.some((players) => JSON.stringify(players.map((x) => x.score).sort()) === JSON.stringify(finalScores))).toBe(true);
      }
    }
    for (const p of players) p.socket.disconnect();
  }, 90_000);
});

describe('connection state recovery through Redis', () => {
  it.skipIf(!testRedisUrl)(`runs the handshake authentication again: a revoked token loses its rooms (needs ${NO_REDIS})`, async () => {
    const prefix = freshPrefix();
    cleanups.push(() => dropPrefix(prefix));
    const server = await startTestServer({ env: { REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: prefix } });
    cleanups.push(() => server.close());
    const ann = await signup(server, 'Ann');

    async function droppedAndBack(token: string): Promise<Client> {
      const socket: Client = connectClient(server.url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnectionDelay: 100, randomizationFactor: 0 });
      cleanups.push(async () => socket.disconnect());
      await new Promise((resolve) => socket.once('connect', resolve as never));
      // A broadcast gives the client the stream offset it recovers from.
      const update = new Promise((resolve) => socket.once('roomUpdate', resolve));
      expect((await call(socket, 'createRoom', { mode: 1 })).error).toBeUndefined();
      await update;
      return socket;
    }
    const reconnect = async (socket: Client) => {
      const back = new Promise((resolve) => socket.once('connect', resolve as never));
      socket.io.engine.close(); // the network drops; the client reconnects on its own
      await back;
    };

    // Same valid token: the session comes back, still signed in and attached to its room.
    const kept = await droppedAndBack(ann.token);
    await reconnect(kept);
    expect(kept.recovered).toBe(true);
    expect(await call(kept, 'getTimer', {})).toEqual({ timeLeft: 60 });
    kept.disconnect();

    // Revoked token (password changed while the connection was down; an open connection would be
    // cut at once): recovered, but signed out and in no room.
    const revoked = await droppedAndBack(ann.token);
    revoked.io.reconnection(false);
    const down = new Promise((resolve) => revoked.once('disconnect', resolve));
    revoked.io.engine.close();
    await down;
    const changed = await fetch(`${server.url}/api/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ann.token}` },
      body: JSON.stringify({ currentPassword: 'password123', newPassword: 'password456' }),
    });
    expect(changed.status).toBe(200);
    revoked.io.reconnection(true);
    const back = new Promise((resolve) => revoked.once('connect', resolve as never));
    revoked.connect();
    await back;
    expect(revoked.recovered).toBe(true);
    expect(await call(revoked, 'getTimer', {})).toEqual({ timeLeft: 0, error: 'Please log in to play', code: 'LOGIN_REQUIRED' });
    const sockets = await server.app.io.in(`user:${ann.id}`).fetchSockets();
    expect(sockets.map((s) => s.id)).not.toContain(revoked.id);
    revoked.disconnect();
  }, 30_000);
});

describe('1,000 sockets and a process restart', () => {
  it.skipIf(!haveBoth)(`every socket reconnects on its own within 30 s (${NEEDS_BOTH})`, async () => {
    const prefix = freshPrefix();
    const scratch = await createScratchPostgres(testDatabaseUrl!);
    cleanups.push(() => scratch.drop(), () => dropPrefix(prefix));
    const env = { DATABASE_URL: scratch.url, REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: prefix };
    const port = await freePort();
    let server: ServerProcess = await startServerProcess(env, port);
    cleanups.push(() => server.stop());
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => guestToken(server.url, i)));

    // The web client's reconnection settings (apps/web/src/lib/socket.ts).
    const sockets: Client[] = [];
    for (let i = 0; i < 1000; i += 100) {
      const batch = Array.from({ length: 100 }, (_, j) => {
        const socket: Client = connectClient(server.url, {
          auth: { token: tokens[(i + j) % tokens.length]!.token },
          transports: ['websocket'],
          forceNew: true,
          reconnectionDelay: 500,
          reconnectionDelayMax: 5000,
          randomizationFactor: 0.5,
        });
        sockets.push(socket);
        return new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      });
      await Promise.all(batch);
    }
    cleanups.push(async () => sockets.forEach((s) => s.disconnect()));
    const ids = new Set(sockets.map((s) => s.id));

    await server.kill9();
    await sleep(200);
    expect(sockets.filter((s) => s.connected)).toHaveLength(0);
    const reconnected = Promise.all(sockets.map((s) => new Promise<void>((resolve) => s.once('connect', () => resolve()))));
    const restartAt = Date.now();
    server = await startServerProcess(env, port);
    const upAt = Date.now();
    await Promise.race([reconnected, sleep(30_000).then(() => Promise.reject(new Error('not all sockets reconnected within 30 s')))]);
    const doneAt = Date.now();
    expect(sockets.every((s) => s.connected && !ids.has(s.id))).toBe(true);
    console.info(`1,000 sockets: process up ${upAt - restartAt} ms after the restart, all reconnected ${doneAt - upAt} ms later`);
    for (const s of sockets) s.disconnect();
  }, 120_000);
});

describe('the weekly contest with three processes', () => {
  it.skipIf(!haveBoth)(`claims every transition and the finalization once (${NEEDS_BOTH})`, async () => {
    const prefix = freshPrefix();
    cleanups.push(() => dropPrefix(prefix));
    const shared = await openSharedTestDatabase();
    cleanups.push(() => shared.close());
    const clock = new ManualClock(Date.UTC(2026, 0, 7, 12, 0));
    const adminEmail = 'scale.admin@example.com';
    const env = {
      CONTEST_SCHEDULER_INTERVAL_MS: '5',
      SIGNUP_RATE_LIMIT: '1000',
      REDIS_URL: testRedisUrl!,
      REDIS_KEY_PREFIX: prefix,
    };
    const servers = await Promise.all([0, 1, 2].map(() => startTestServer({ clock, env, ...shared.serverOptions() })));
    cleanups.push(...servers.map((s) => () => s.close()));
    const [a] = servers as [TestServer, TestServer, TestServer];
    const admin = await signupOperator(a, 'Admin', adminEmail);
    const created = await contestApi(servers[1]!).create(admin.token, { openTime: new Date(clock.now() + 60_000).toISOString(), durationMinutes: 2, questionCount: 9 });
    expect(created.status).toBe(201);
    const contestId = created.body.contest._id;
    const players: Account[] = [];
    for (let i = 0; i < 9; i++) players.push(await signup(servers[i % 3]!, `C${i}`));
    for (const [i, p] of players.entries()) expect((await contestApi(servers[(i + 1) % 3]!).register(p.token, contestId)).status).toBe(200);

    clock.advance(60_000);
    await Promise.all(servers.map((s) => s.app.services.contests.tick()));
    const questions = await questionsOf(a, contestId);
    await Promise.all(
      players.map(async (p, i) => {
        const api = contestApi(servers[(i + 2) % 3]!);
        expect((await api.start(p.token, contestId)).status).toBe(200);
        for (let q = 0; q <= i && q < questions.length; q++) {
          const answer = q < i ? questions[q]!.answer : wrongAnswer(questions[q]!);
          expect((await api.answer(p.token, { contestId, questionIndex: q, answer, timeSpent: 1 })).status).toBe(200);
        }
      }),
    );
    clock.advance(2 * 60_000 + 1);
    await Promise.all(servers.flatMap((s) => [s.app.services.contests.tick(), s.app.services.contests.tick()]));
    await sleep(100);
    await Promise.all(servers.map((s) => s.app.services.contests.tick()));

    const db = a.database.db;
    const [row] = await db.select().from(contests).where(eq(contests.id, contestId));
    expect(row).toMatchObject({ stage: 'finalized' });
    const attempts = await db.select().from(contestAttempts).where(eq(contestAttempts.contestId, contestId));
    expect(attempts).toHaveLength(9);
    expect(attempts.every((x) => x.autoSubmitted)).toBe(true);
    expect(players.map((p) => attempts.find((x) => x.userId === p.id)?.rank)).toEqual(players.map((_, i) => 9 - i));
    const history = await db.select().from(ratingHistory).where(and(eq(ratingHistory.source, 'contest'), eq(ratingHistory.sourceId, contestId)));
    expect(history).toHaveLength(9);
    const [{ count } = { count: -1 }] = await db.select({ count: sql<number>`count(*)::int` }).from(contests).where(isNotNull(contests.scheduleSlot));
    expect(count).toBe(1);
  }, 90_000);
});

describe('kill -9 of a process during a contest', () => {
  it.skipIf(!haveBoth)(`keeps every acknowledged answer exactly once after a restart (${NEEDS_BOTH})`, async () => {
    const prefix = freshPrefix();
    const scratch = await createScratchPostgres(testDatabaseUrl!);
    cleanups.push(() => scratch.drop(), () => dropPrefix(prefix));
    const adminEmail = 'kill.admin@example.com';
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: testRedisUrl!,
      REDIS_KEY_PREFIX: prefix,
      CONTEST_SCHEDULER_INTERVAL_MS: '50',
    };
    const port = await freePort();
    let server = await startServerProcess(env, port);
    cleanups.push(() => server.stop());
    const database: DatabaseHandle = await openDatabase({ url: scratch.url, dataDir: 'memory://' });
    cleanups.push(() => database.close());
    const asTest = { url: server.url, database } as TestServer;

    const admin = await signupOperator(asTest, 'Admin', adminEmail);
    const players = await Promise.all(Array.from({ length: 8 }, (_, i) => signup(asTest, `K${i}`)));
    const created = await contestApi(asTest).create(admin.token, { openTime: new Date(Date.now() + 2000).toISOString(), durationMinutes: 10, questionCount: 20 });
    expect(created.status).toBe(201);
    const contestId = created.body.contest._id;
    await Promise.all(players.map(async (p) => expect((await contestApi(asTest).register(p.token, contestId)).status).toBe(200)));
    const questions = await questionsOf(asTest, contestId);
    for (let i = 0; (await contestApi(asTest).start(players[0]!.token, contestId)).status !== 200; i++) {
      expect(i).toBeLessThan(100);
      await sleep(100);
    }

    /** (player, question) → the answer the server acknowledged. */
    const acked = new Map<string, number>();
    let stop = false;
    const answering = players.map(async (p, i) => {
      const api = contestApi(asTest);
      if (i > 0 && (await api.start(p.token, contestId)).status !== 200) return;
      for (let q = 0; q < questions.length && !stop; q++) {
        // Every third answer wrong, so the score depends on which answers were kept.
        const answer = (q + i) % 3 === 0 ? wrongAnswer(questions[q]!) : questions[q]!.answer;
        try {
          const r = await api.answer(p.token, { contestId, questionIndex: q, answer, timeSpent: 1 });
          if (r.status === 200) acked.set(`${p.id}:${q}`, answer);
        } catch {
          return; // the process died with this request in flight: neither acknowledged nor lost
        }
      }
    });
    while (acked.size < 40) await sleep(5);
    await server.kill9();
    stop = true;
    await Promise.all(answering);
    server = await startServerProcess(env, port);

    const rows = await database.db.select().from(contestAnswers).where(eq(contestAnswers.contestId, contestId));
    const stored = new Map(rows.map((r) => [`${r.userId}:${r.questionIndex}`, r.userAnswer]));
    expect(stored.size).toBe(rows.length);
    for (const [key, answer] of acked) expect(stored.get(key), key).toBe(answer);
    // Each player's submitted score counts each stored answer once.
    for (const p of players) {
      const r = await contestApi(asTest).submit(p.token, contestId);
      if (r.status !== 200) continue;
      const right = rows.filter((x) => x.userId === p.id && x.userAnswer === questions[x.questionIndex]!.answer).length;
      // The reply grades nothing before close (issue #47); the stored attempt holds the score.
      expect(r.body.attempt, p.name).toMatchObject({ correctCount: null, totalScore: null });
      const [attempt] = await database.db
        .select()
        .from(contestAttempts)
        .where(and(eq(contestAttempts.contestId, contestId), eq(contestAttempts.userId, p.id)));
      expect(attempt, p.name).toMatchObject({ correctCount: right, totalScore: contestScore(right) });
    }
    console.info(`kill -9 during a contest: ${acked.size} acknowledged answers, all kept once (${rows.length} stored)`);
  }, 120_000);
});
