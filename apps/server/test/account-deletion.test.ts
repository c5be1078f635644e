/**
 * Deleting an account (DELETE /api/me, issue #46) against the real server over real HTTP and
 * socket.io-client: the proof (password, or the typed "DELETE" for an account without one), what
 * is erased (sign-in, token, sockets, the email's hold, the room seat) and what stays for the other
 * players ('Deleted player' in a past game and a finalized contest). Then two servers on one
 * database and one Redis: the other one refuses the token and cuts the sockets at once, though
 * its session cache holds the user and its change feed would not read for a minute.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, ContestView } from '@mathsprint/shared/protocol';
import { DELETED_PLAYER_NAME } from '../src/accounts/account-deletion.js';
import { createOperatorsService } from '../src/accounts/operators.service.js';
import { gamePlayers, users } from '../src/db/schema/index.js';
import { duelHandleOf, type DuelHandle } from '../src/duel/duel.socket.js';
import { contestApi, questionsOf } from './helpers/contest.js';
import { call } from './helpers/http.js';
import { dropPrefix, freshPrefix, NO_REDIS, testRedisUrl } from './helpers/redis.js';
import { connectPlayer, nextWhere, type Client } from './helpers/socket-client.js';
import { ManualClock, startServerPair, startTestServer, type ServerPair, type TestServer } from './helpers/test-server.js';

const PASSWORD = 'password123';
const ADMIN_EMAIL = 'deletion.admin@example.com';
const clients: Client[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

async function signupAs(server: TestServer, name: string, email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com`) {
  const r = await call<AuthResponse>(server, 'POST', '/signup', { body: { name, email, password: PASSWORD } });
  expect(r.status).toBe(201);
  return { token: r.body.token, id: r.body.user._id, email };
}

async function connect(server: TestServer, token: string): Promise<Client> {
  const socket = await connectPlayer(server.url, token);
  clients.push(socket);
  return socket;
}

const emit = (socket: Client, event: string, payload?: unknown): Promise<any> =>
  (socket as any).timeout(5_000).emitWithAck(event, ...(payload === undefined ? [] : [payload]));

/** The reason of `socket`'s next disconnection (rejects after 5 s). */
function disconnection(socket: Client): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected after 5 s')), 5_000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe('DELETE /api/me on one server', () => {
  let server: TestServer;
  let clock: ManualClock;
  let duel: DuelHandle;

  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 0, 7, 12, 0));
    server = await startTestServer({
      clock,
      env: { CONTEST_SCHEDULER_INTERVAL_MS: '0', SIGNUP_RATE_LIMIT: '1000' },
    });
    duel = duelHandleOf(server.app.io)!;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 204, then refuses the token on HTTP and on a socket handshake, and cuts the open socket', async () => {
    const player = await signupAs(server, 'Gone');
    const socket = await connect(server, player.token);
    expect(await emit(socket, 'createRoom', { mode: 1 })).toMatchObject({ isHost: true });
    const cut = disconnection(socket);

    const deleted = await call(server, 'DELETE', '/api/me', { token: player.token, body: { password: PASSWORD } });
    expect(deleted.status).toBe(204);
    expect(await cut).toBe('io server disconnect');

    expect(await call(server, 'GET', '/api/me', { token: player.token })).toMatchObject({
      status: 401,
      body: { error: 'Your session has expired. Please log in again.', code: 'SESSION_EXPIRED' },
    });
    // A new connection with the token is let in signed out, as any refused token is.
    const again = await connect(server, player.token);
    expect(await emit(again, 'createRoom', { mode: 1 })).toEqual({ error: 'Please log in to play', code: 'LOGIN_REQUIRED' });
    // Signing in again fails; the erased row keeps only its id and the name others see.
    expect((await call(server, 'POST', '/login', { body: { email: player.email, password: PASSWORD } })).status).toBe(401);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, player.id));
    expect(row).toMatchObject({ name: DELETED_PLAYER_NAME, email: null, passwordHash: null, oidcIssuer: null, oidcSubject: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    // The waiting room it hosted was left, and closed with nobody in it.
    expect(await duel.store.findByUser(player.id)).toBeUndefined();
  });

  it('refuses a wrong password with 403 and deletes nothing', async () => {
    const player = await signupAs(server, 'Stays');
    const wrong = await call(server, 'DELETE', '/api/me', { token: player.token, body: { password: 'not-my-password' } });
    expect(wrong).toMatchObject({ status: 403, body: { error: 'Password is incorrect. Your account was not deleted.', code: 'WRONG_PASSWORD' } });
    expect((await call(server, 'GET', '/api/me', { token: player.token })).status).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, player.id));
    expect(row).toMatchObject({ name: 'Stays', email: player.email, deletedAt: null });
    expect((await call(server, 'POST', '/login', { body: { email: player.email, password: PASSWORD } })).status).toBe(200);
  });

  it('refuses bad bodies with 400 and a message naming the field, deleting nothing', async () => {
    const player = await signupAs(server, 'Careful');
    const cases: Array<[unknown, string]> = [
      [{}, 'Send either password or confirm: "DELETE"'],
      [{ password: 42 }, 'password must be a string'],
      [{ confirm: 'delete' }, 'confirm must be "DELETE"'],
      [{ password: PASSWORD, confirm: 'DELETE' }, 'Send either password or confirm: "DELETE"'],
      [['DELETE'], 'Request body must be a JSON object'],
      // A password account must give its password, not the typed confirmation.
      [{ confirm: 'DELETE' }, 'Enter your password to delete this account'],
    ];
    for (const [body, error] of cases) {
      expect(await call(server, 'DELETE', '/api/me', { token: player.token, body })).toEqual({ status: 400, body: { error, code: 'INVALID_INPUT' } });
    }
    expect((await call(server, 'GET', '/api/me', { token: player.token })).status).toBe(200);
    expect(await call(server, 'DELETE', '/api/me', { body: { password: PASSWORD } })).toMatchObject({ status: 401 });
  });

  it('frees the email for a new account', async () => {
    const player = await signupAs(server, 'First');
    expect((await call(server, 'DELETE', '/api/me', { token: player.token, body: { password: PASSWORD } })).status).toBe(204);
    const fresh = await signupAs(server, 'Second', player.email);
    expect(fresh.id).not.toBe(player.id);
    expect((await call(server, 'POST', '/login', { body: { email: player.email, password: PASSWORD } })).status).toBe(200);
  });

  it('lets a guest delete with the typed confirmation, and refuses it the password form', async () => {
    const r = await call<AuthResponse>(server, 'POST', '/auth/guest');
    const token = r.body.token;
    expect(await call(server, 'DELETE', '/api/me', { token, body: { password: 'anything' } })).toEqual({
      status: 400,
      body: { error: 'Type DELETE to confirm: this account has no password', code: 'INVALID_INPUT' },
    });
    expect((await call(server, 'DELETE', '/api/me', { token, body: { confirm: 'DELETE' } })).status).toBe(204);
    expect((await call(server, 'GET', '/api/me', { token })).status).toBe(401);
  });

  it('ends a finished room membership as a leave and shows the opponent "Deleted player" in the game', async () => {
    const alice = await signupAs(server, 'Alice');
    const bob = await signupAs(server, 'Bob');
    const [sa, sb] = await Promise.all([connect(server, alice.token), connect(server, bob.token)]);
    const { roomCode } = await emit(sa, 'createRoom', { mode: 1 });
    expect((await emit(sb, 'joinRoom', { roomCode })).error).toBeUndefined();
    expect(await emit(sa, 'startGame')).toEqual({});
    clock.advance(3_000);
    // Refused while the game runs: a running game cannot be left (duel.machine.ts leaveRoom).
    const during = await call(server, 'DELETE', '/api/me', { token: bob.token, body: { password: PASSWORD } });
    expect(during).toEqual({ status: 409, body: { error: 'Finish your current game first', code: 'IN_ANOTHER_GAME' } });

    const over = nextWhere(sa, 'gameOver');
    clock.set((await duel.store.get(roomCode))!.game!.endsAt);
    await duel.tick();
    await over;
    const gameId = (await duel.store.get(roomCode))!.game!.id;
    await expect.poll(async () => (await server.database.db.select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId))).length).toBe(2);

    const update = nextWhere(sa, 'roomUpdate', (players) => players.some((p) => p.name === DELETED_PLAYER_NAME));
    expect((await call(server, 'DELETE', '/api/me', { token: bob.token, body: { password: PASSWORD } })).status).toBe(204);
    expect((await update).map((p) => p.name)).toEqual(['Alice', DELETED_PLAYER_NAME]);
    const room = await duel.store.get(roomCode);
    expect(room?.seats.find((s) => s.userId === bob.id)).toMatchObject({ left: true, name: DELETED_PLAYER_NAME });
    // The stored game keeps Bob's result under the new name.
    const stored = await server.database.db.select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId));
    expect(stored.find((p) => p.userId === bob.id)?.name).toBe(DELETED_PLAYER_NAME);
    expect(stored.find((p) => p.userId === alice.id)?.name).toBe('Alice');
  });

  it('keeps a finalized contest row as "Deleted player" and drops the player from the global leaderboard', async () => {
    const admin = await signupAs(server, 'Admin', ADMIN_EMAIL);
    await createOperatorsService(server.database.db).grant(ADMIN_EMAIL);
    const ann = await signupAs(server, 'Ann');
    const ben = await signupAs(server, 'Ben');
    const api = contestApi(server);
    const openTime = new Date(clock.now() + 60_000).toISOString();
    const created = await api.create(admin.token, { title: 'Deletion Sprint', openTime, durationMinutes: 10, questionCount: 5 });
    expect(created.status).toBe(201);
    const contest: ContestView = created.body.contest;
    const questions = await questionsOf(server, contest._id);
    for (const p of [ann, ben]) expect((await api.register(p.token, contest._id)).status).toBe(200);
    clock.advance(60_000);
    await server.app.services.contests.tick();
    for (const [p, right] of [[ann, 2], [ben, 4]] as const) {
      expect((await api.start(p.token, contest._id)).status).toBe(200);
      for (let i = 0; i < right; i++) {
        expect((await api.answer(p.token, { contestId: contest._id, questionIndex: i, answer: questions[i]!.answer })).status).toBe(200);
      }
      expect((await api.submit(p.token, contest._id)).status).toBe(200);
    }
    clock.advance(11 * 60_000);
    await server.app.services.contests.tick();
    await server.app.services.contests.tick();
    const before = await api.leaderboard(contest._id);
    expect(before.body.finalized).toBe(true);
    expect(before.body.leaderboard.map((e) => e.userId.name)).toEqual(['Ben', 'Ann']);
    const globalBoard = async () => (await call<{ top: Array<{ _id: string }> }>(server, 'GET', '/api/leaderboard')).body.top.map((e) => e._id);
    await expect.poll(globalBoard).toContain(ben.id);

    expect((await call(server, 'DELETE', '/api/me', { token: ben.token, body: { password: PASSWORD } })).status).toBe(204);
    const after = await api.leaderboard(contest._id);
    expect(after.body.leaderboard.map((e) => [e.userId._id, e.userId.name, e.rank])).toEqual([
      [ben.id, DELETED_PLAYER_NAME, 1],
      [ann.id, 'Ann', 2],
    ]);
    expect(after.body.leaderboard[0]?.userId.email).toBeNull();
    const board = await globalBoard();
    expect(board).not.toContain(ben.id);
    expect(board).toContain(ann.id);
  });
});

describe.skipIf(!testRedisUrl)(`DELETE /api/me with two servers on Redis (needs ${NO_REDIS})`, () => {
  const prefix = freshPrefix();
  let pair: ServerPair | undefined;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    // The change feed reads once a minute: only the Redis broadcast can tell B in time.
    const env = { SESSION_FEED_INTERVAL_MS: '60000', REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: prefix, SIGNUP_RATE_LIMIT: '1000' };
    pair = await startServerPair({ env });
    ({ a, b } = pair);
  });
  afterAll(async () => {
    await pair?.close();
    await dropPrefix(prefix);
  });

  it('makes the other server refuse the token at once despite its session cache, and cut its sockets', async () => {
    const player = await signupAs(a, 'Everywhere');
    // B caches the session row (for SESSION_CACHE_TTL_MS, 10 minutes by default).
    expect((await call(b, 'GET', '/api/me', { token: player.token })).status).toBe(200);
    const onB = await connect(b, player.token);
    const cutB = disconnection(onB);
    // The nodes of the adapter know each other once each has sent its first heartbeat.
    await expect.poll(async () => (await a.app.io.serverSideEmitWithAck('accountsDeleted', [])).length).toBe(1);

    expect((await call(a, 'DELETE', '/api/me', { token: player.token, body: { password: PASSWORD } })).status).toBe(204);
    // No waiting: the 204 came once B had forgotten the session.
    expect(await call(b, 'GET', '/api/me', { token: player.token })).toMatchObject({ status: 401 });
    expect(await cutB).toBe('io server disconnect');
    const again = await connect(b, player.token);
    expect(await emit(again, 'createRoom', { mode: 1 })).toEqual({ error: 'Please log in to play', code: 'LOGIN_REQUIRED' });
  });
});
