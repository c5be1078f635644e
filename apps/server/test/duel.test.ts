/**
 * The two-player Math Challenge end to end: the real server on a free port, real HTTP sign-ups and
 * real socket.io-client connections (STYLE habit 5, the socket.io example's two-client tests). The
 * game clock is a ManualClock the test moves; `duelHandleOf(app.io).tick()` makes the server visit
 * its rooms at once instead of waiting for the next 100 ms slot. Correct answers are read from the
 * server's own room store: they never travel to a client.
 */
import { eq } from 'drizzle-orm';
import { io as connectClient, type Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, ClientToServerEvents, DuelPlayer, HandshakeAuth, ServerToClientEvents } from '@mathsprint/shared/protocol';
import { DUEL_ERRORS } from '@mathsprint/shared/protocol';
import { gamePlayers, games } from '../src/db/schema/games.js';
import { questionTexts } from '../src/duel/duel.machine.js';
import type { DuelHandle } from '../src/duel/duel.socket.js';
import { roomBackends } from './helpers/redis.js';
import { roomSuiteServer } from './helpers/room-suite.js';
import { nextWhere } from './helpers/socket-client.js';
import type { ManualClock, TestServer } from './helpers/test-server.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
/** An untyped view, to send payloads the protocol forbids. */
type RawClient = { emit(event: string, ...args: unknown[]): void; timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<any> } };

let server: TestServer;
let clock: ManualClock;
let duel: DuelHandle;
const clients: Client[] = [];
let userCounter = 0;


async function signup(name: string): Promise<AuthResponse> {
  userCounter++;
  const res = await fetch(`${server.url}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email: `${name.toLowerCase()}${userCounter}@example.com`, password: 'correct horse 1' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as AuthResponse;
}

async function guest(): Promise<AuthResponse> {
  const res = await fetch(`${server.url}/auth/guest`, { method: 'POST' });
  expect(res.status).toBe(201);
  return (await res.json()) as AuthResponse;
}

function connect(token: string | undefined, extra: Omit<HandshakeAuth, 'token'> = {}): Promise<Client> {
  const socket: Client = connectClient(server.url, {
    auth: token === undefined ? extra : { token, ...extra },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const raw = (socket: Client): RawClient => socket;
const call = (socket: Client, event: string, ...args: unknown[]): Promise<any> =>
  raw(socket).timeout(5000).emitWithAck(event, ...args);

/** The next `event` on `socket` (listener set now, before whatever triggers it). */
function next<E extends keyof ServerToClientEvents>(socket: Client, event: E, timeoutMs = 5000): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event as any, ((payload: any) => {
      clearTimeout(timer);
      resolve(payload);
    }) as any);
  });
}

/** Collects every `event` on `socket` from now on. */
function record<E extends keyof ServerToClientEvents>(socket: Client, event: E): Array<Parameters<ServerToClientEvents[E]>[0]> {
  const seen: any[] = [];
  socket.on(event as any, ((payload: any) => seen.push(payload)) as any);
  return seen;
}

/** Lets in-flight frames arrive (the server and clients share this process's event loop). */
const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));

/** The room's questions as the server holds them, texts split out. */
const questionsOf = async (code: string) => {
  const q = (await duel.store.get(code))!.game!.questions;
  return { ...q, texts: questionTexts(q) };
};

interface Table {
  host: { user: AuthResponse; socket: Client };
  guest: { user: AuthResponse; socket: Client };
  code: string;
}

/** Two signed-up players in a waiting room (mode minutes). */
async function seatTwo(mode = 1): Promise<Table> {
  const [a, b] = await Promise.all([signup('Alice'), signup('Bob')]);
  const [sa, sb] = await Promise.all([connect(a.token), connect(b.token)]);
  const created = await call(sa, 'createRoom', { mode });
  const joined = await call(sb, 'joinRoom', { roomCode: created.roomCode });
  expect(joined.error).toBeUndefined();
  return { host: { user: a, socket: sa }, guest: { user: b, socket: sb }, code: created.roomCode };
}

/** Starts the table's game and runs the 3 s countdown. Returns the question texts. */
async function start(t: Table): Promise<string[]> {
  const started = next(t.guest.socket, 'gameStarted');
  expect(await call(t.host.socket, 'startGame')).toEqual({});
  const { questions } = await started;
  clock.advance(3000);
  return questions;
}

/** Moves the clock to the end of the table's game and lets the server notice. */
async function runOut(t: Table): Promise<{ players: DuelPlayer[]; winner: string | null }> {
  const over = next(t.host.socket, 'gameOver');
  clock.set((await duel.store.get(t.code))!.game!.endsAt);
  await duel.tick();
  return over;
}

/** Plays the table's game to its end and has both players ask for a rematch; returns once the
 * rematch's countdown began (the host heard rematchStarting). */
async function rematchCountdown(t: Table): Promise<void> {
  await start(t);
  await runOut(t);
  expect(await call(t.host.socket, 'rematch')).toEqual({});
  const countdown = next(t.host.socket, 'rematchStarting');
  expect(await call(t.guest.socket, 'rematch')).toEqual({});
  await countdown;
}

/**
 * The whole suite runs on each room store (STYLE habit 5): in memory, and in Redis when
 * TEST_REDIS_URL is set (a fresh key prefix per run), where every change is a compare-and-set.
 */
describe.each(roomBackends())('rooms in %s', (backend) => {
  // A player who solves all 150 questions of a minute sends them within a second of real time
  // here, past the per-connection limit of 100 events per 20 s (socket.test.ts tests the limit).
  const suite = roomSuiteServer(backend, clients, { SOCKET_RATE_LIMIT_EVENTS: '1000' });
  beforeAll(() => void ({ server, clock, duel } = suite));

  describe('a complete two-player Math Challenge', () => {
    it('creates, joins by code, starts, scores, ticks, ends on time and is recorded and rated', async () => {
      const [alice, bob, carol] = await Promise.all([signup('Alice'), signup('Bob'), signup('Carol')]);
      const [sa, sb, sc] = await Promise.all([connect(alice.token), connect(bob.token), connect(carol.token)]);

      const created = await call(sa, 'createRoom', { mode: 1 });
      expect(created).toEqual({
        roomCode: expect.stringMatching(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/),
        players: [{ name: 'Alice', userId: alice.user._id, score: 0, current: 0, connected: true }],
        mode: 1,
        isHost: true,
      });
      const code: string = created.roomCode;

      const roomUpdate = nextWhere(sa, 'roomUpdate', (players) => players.length === 2);
      const joined = await call(sb, 'joinRoom', { roomCode: ` ${code.toLowerCase()} ` });
      expect(joined).toMatchObject({ roomCode: code, mode: 1, isHost: false });
      expect(joined.players.map((p: DuelPlayer) => p.name)).toEqual(['Alice', 'Bob']);
      expect((await roomUpdate).map((p) => p.name)).toEqual(['Alice', 'Bob']);

      expect(await call(sc, 'joinRoom', { roomCode: code })).toEqual({ error: 'Room is full', code: 'ROOM_FULL' });
      expect(await call(sc, 'joinRoom', { roomCode: 'ZZZZZZ' })).toEqual({ error: 'Room not found', code: 'ROOM_NOT_FOUND' });
      // Joining again is harmless.
      expect((await call(sb, 'joinRoom', { roomCode: code })).players).toHaveLength(2);

      expect(await call(sb, 'startGame')).toEqual({ error: 'Only the host can start the game', code: 'NOT_HOST' });
      expect((await duel.store.get(code))!.status).toBe('waiting');

      const startedA = next(sa, 'gameStarted');
      const startedB = next(sb, 'gameStarted');
      expect(await call(sa, 'startGame')).toEqual({});
      const [ga, gb] = await Promise.all([startedA, startedB]);
      expect(ga).toEqual(gb);
      expect(ga.mode).toBe(1);
      expect(ga.questions).toHaveLength(150);
      expect(ga.questions.every((q) => typeof q === 'string')).toBe(true);
      const q = await questionsOf(code);
      expect(ga.questions).toEqual(q.texts);

      // The 3 s countdown runs on the clients; the server's clock waits for it.
      expect(await call(sa, 'submitAnswer', { answer: q.answers[0] })).toEqual({ error: 'The game has not started yet', code: 'GAME_NOT_STARTED' });
      expect(await call(sa, 'getTimer', {})).toEqual({ timeLeft: 60 });
      clock.advance(3000);

      const timerA = record(sa, 'timerUpdate');
      const timerB = record(sb, 'timerUpdate');
      await duel.tick();
      clock.advance(1000);
      await duel.tick();
      await duel.tick(); // a second visit within the same second sends nothing
      await settle();
      expect(timerA).toEqual([{ timeLeft: 60 }, { timeLeft: 59 }]);
      expect(timerB).toEqual([{ timeLeft: 60 }, { timeLeft: 59 }]);
      expect(await call(sb, 'getTimer', {})).toEqual({ timeLeft: 59 });

      // A wrong answer leaves the question in place.
      expect(await call(sa, 'submitAnswer', { answer: q.answers[0]! + 1 })).toEqual({
        correct: false,
        score: 0,
        currentQuestion: 0,
        nextQuestion: q.texts[0],
      });
      const progress = next(sb, 'progressUpdate');
      expect(await call(sa, 'submitAnswer', { answer: q.answers[0] })).toEqual({
        correct: true,
        score: q.points[0],
        currentQuestion: 1,
        nextQuestion: q.texts[1],
      });
      expect((await progress).map((p) => [p.name, p.score, p.current])).toEqual([
        ['Alice', q.points[0], 1],
        ['Bob', 0, 0],
      ]);

      // Bob answers two, the second as a numeric string (issue #2: a numeric string is accepted).
      expect((await call(sb, 'submitAnswer', { answer: q.answers[0] })).correct).toBe(true);
      const second = await call(sb, 'submitAnswer', { answer: ` ${String(q.answers[1])} ` });
      expect(second).toEqual({ correct: true, score: q.points[0]! + q.points[1]!, currentQuestion: 2, nextQuestion: q.texts[2] });

      // Bad answers are refused with a clear error and change nothing.
      const before = (await duel.store.get(code));
      for (const [answer, message] of [
        ['abc', "answer must be a finite number, got 'abc'"],
        ['', 'Enter an answer before submitting.'],
        ['   ', 'Enter an answer before submitting.'],
        [Number.NaN, 'answer must be a number'], // JSON turns NaN into null
        [null, 'answer must be a number'],
        ['Infinity', "answer must be a finite number, got 'Infinity'"],
        [{ x: 1 }, 'answer must be a number'],
      ] as const) {
        const reply = await call(sa, 'submitAnswer', { answer });
        expect(reply.error, `answer ${JSON.stringify(answer)}`).toContain(message);
      }
      expect((await call(sa, 'submitAnswer', {})).error).toBeTruthy();
      expect((await call(sa, 'submitAnswer', 42)).error).toBeTruthy();
      expect(await duel.store.get(code)).toEqual(before);
      // Carol is in no room.
      expect(await call(sc, 'submitAnswer', { answer: 1 })).toEqual({ error: 'You are not in a room', code: 'NOT_IN_ROOM' });

      // Time runs out: timerUpdate 0, final progressUpdate, gameOver with the winner.
      const lastTimer = next(sa, 'timerUpdate');
      const finalProgress = next(sb, 'progressUpdate');
      const overA = next(sa, 'gameOver');
      const overB = next(sb, 'gameOver');
      const rated = Promise.all([next(sa, 'ratingUpdate'), next(sb, 'ratingUpdate')]);
      clock.advance(59_000);
      await duel.tick();
      expect(await lastTimer).toEqual({ timeLeft: 0 });
      expect((await finalProgress).map((p) => p.score)).toEqual([q.points[0], q.points[0]! + q.points[1]!]);
      const over = await overA;
      expect(await overB).toEqual(over);
      expect(over.winner).toBe('Bob');
      expect(over.players.map((p) => [p.name, p.current])).toEqual([
        ['Bob', 2],
        ['Alice', 1],
      ]);
      expect(await call(sb, 'submitAnswer', { answer: q.answers[2] })).toEqual({ error: 'Time is up', code: 'TIME_UP' });
      expect(await call(sa, 'getTimer', {})).toEqual({ timeLeft: 0 });

      // Recorded once, off the acknowledgement path, and rated for both signed-in players.
      await server.app.services.ratings.flush();
      const gameId = (await duel.store.get(code))!.game!.id;
      const [row] = await server.database.db.select().from(games).where(eq(games.id, gameId));
      expect(row).toMatchObject({ roomCode: code, mode: 1, winnerUserId: bob.user._id, tie: false, rated: true });
      expect(row!.endedAt.getTime() - row!.startedAt.getTime()).toBe(60_000);
      const seats = await server.database.db.select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId));
      expect(seats.sort((x, y) => x.seat - y.seat).map((s) => [s.seat, s.userId, s.score, s.solved])).toEqual([
        [0, alice.user._id, q.points[0], 1],
        [1, bob.user._id, q.points[0]! + q.points[1]!, 2],
      ]);
      const [ratingA] = await rated;
      const bobEntry = ratingA.find((e) => e._id === bob.user._id)!;
      const aliceEntry = ratingA.find((e) => e._id === alice.user._id)!;
      expect(bobEntry.rating).toBeGreaterThan(1500);
      expect(aliceEntry.rating).toBeLessThan(1500);
    });

    it('ends early when both players have solved every question', async () => {
      const t = await seatTwo(1);
      await start(t);
      const q = await questionsOf(t.code);
      const over = next(t.host.socket, 'gameOver');
      for (const player of [t.host.socket, t.guest.socket]) {
        for (let i = 0; i < q.answers.length; i++) {
          const reply = await call(player, 'submitAnswer', { answer: q.answers[i] });
          expect(reply.correct).toBe(true);
        }
      }
      const result = await over;
      expect(result.winner).toBeNull(); // equal scores: a tie
      expect((await duel.store.get(t.code))!.status).toBe('finished');
    });
  });

  describe('waiting rooms', () => {
    it('refuses to start with one player, and passes the host on when the host leaves', async () => {
      const [a, b] = await Promise.all([signup('Ann'), signup('Ben')]);
      const [sa, sb] = await Promise.all([connect(a.token), connect(b.token)]);
      const { roomCode } = await call(sa, 'createRoom', { mode: 2 });
      expect(await call(sa, 'startGame')).toEqual({ error: 'Waiting for an opponent to join', code: 'NEED_OPPONENT' });
      await call(sb, 'joinRoom', { roomCode });
      const update = nextWhere(sb, 'roomUpdate', (players) => players.length === 1);
      expect(await call(sa, 'leaveRoom')).toEqual({});
      expect((await update).map((p) => p.name)).toEqual(['Ben']);
      expect(await call(sa, 'startGame')).toEqual({ error: 'You are not in a room', code: 'NOT_IN_ROOM' });
      expect(await call(sb, 'startGame')).toEqual({ error: 'Waiting for an opponent to join', code: 'NEED_OPPONENT' });
      const rejoined = await call(sa, 'joinRoom', { roomCode });
      expect(rejoined.isHost).toBe(false);
      expect(rejoined.players.map((p: DuelPlayer) => p.name)).toEqual(['Ben', 'Ann']);
    });

    it('keeps a user in one room: a new room closes the old waiting one, a running game must finish first', async () => {
      const t = await seatTwo(1);
      const c = await signup('Cleo');
      const sc = await connect(c.token);
      // The guest creates their own room: they leave the host's room.
      const update = nextWhere(t.host.socket, 'roomUpdate', (players) => players.length === 1);
      const own = await call(t.guest.socket, 'createRoom', { mode: 3 });
      expect(own.isHost).toBe(true);
      expect((await update).map((p) => p.name)).toEqual(['Alice']);
      // The host leaves too: the first room is empty and closed.
      await call(t.host.socket, 'joinRoom', { roomCode: own.roomCode });
      expect(await call(sc, 'joinRoom', { roomCode: t.code })).toEqual({ error: 'Room not found', code: 'ROOM_NOT_FOUND' });
      expect(((await duel.store.get(t.code)) !== undefined)).toBe(false);

      const started = next(t.guest.socket, 'gameStarted');
      expect(await call(t.guest.socket, 'startGame')).toEqual({});
      await started;
      expect(await call(t.host.socket, 'createRoom', { mode: 1 })).toEqual({ error: DUEL_ERRORS.finishCurrent, code: 'IN_ANOTHER_GAME' });
      const { roomCode } = await call(sc, 'createRoom', { mode: 1 });
      expect(await call(t.host.socket, 'joinRoom', { roomCode })).toEqual({ error: DUEL_ERRORS.finishCurrent, code: 'IN_ANOTHER_GAME' });
      expect(await call(t.host.socket, 'leaveRoom')).toEqual({ error: DUEL_ERRORS.finishCurrent, code: 'IN_ANOTHER_GAME' });
      await runOut({ host: t.guest, guest: t.host, code: own.roomCode });
    });

    it('keeps a user in one room when they create and join rooms from two tabs at the same time', async () => {
      const [a, b, c] = await Promise.all([signup('Ann'), signup('Ben'), signup('Cleo')]);
      const [tab1, tab2, sb, sc] = await Promise.all([connect(a.token), connect(a.token), connect(b.token), connect(c.token)]);
      const created = await Promise.all([
        call(tab1, 'createRoom', { mode: 1 }),
        call(tab2, 'createRoom', { mode: 2 }),
        call(tab1, 'createRoom', { mode: 3 }),
      ]);
      for (const reply of created) expect(reply.isHost).toBe(true);
      // Each create left the room the one before it made: one room holds Ann, the others are closed.
      const current = await duel.store.findByUser(a.user._id);
      expect(current).toBeDefined();
      const live = [];
      for (const { roomCode } of created) if ((await duel.store.get(roomCode)) !== undefined) live.push(roomCode);
      expect(live).toEqual([current!.code]);
      for (const { roomCode } of created.filter((r) => r.roomCode !== current!.code)) {
        expect(await call(sc, 'joinRoom', { roomCode })).toEqual({ error: 'Room not found', code: 'ROOM_NOT_FOUND' });
      }

      // Joining two rooms at once from two tabs seats her in one of them only.
      const [one, two] = await Promise.all([call(sb, 'createRoom', { mode: 1 }), call(sc, 'createRoom', { mode: 1 })]);
      await Promise.all([call(tab1, 'joinRoom', { roomCode: one.roomCode }), call(tab2, 'joinRoom', { roomCode: two.roomCode })]);
      const seatedIn = [];
      for (const code of [one.roomCode, two.roomCode, current!.code]) {
        const room = await duel.store.get(code);
        if (room?.seats.some((seat) => seat.userId === a.user._id && !seat.left)) seatedIn.push(code);
      }
      expect(seatedIn).toEqual([(await duel.store.findByUser(a.user._id))!.code]);
    });
  });

  describe('GET /api/rooms/current', () => {
    const current = async (token: string | undefined) => {
      const res = await fetch(`${server.url}/api/rooms/current`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { status: res.status, cache: res.headers.get('cache-control'), body: (await res.json()) as any };
    };

    it('shows a seated player their waiting room, then their running game, and nothing once it is over or left', async () => {
      const t = await seatTwo(2);
      const outsider = await signup('Olga');
      expect(await current(outsider.token)).toMatchObject({ status: 200, body: { room: null } });

      const waiting = await current(t.guest.user.token);
      expect(waiting.cache).toBe('no-store');
      expect(waiting.body.room).toMatchObject({ roomCode: t.code, status: 'waiting', mode: 2, isHost: false, timeLeft: 120 });
      expect(waiting.body.room.players.map((p: DuelPlayer) => p.name)).toEqual(['Alice', 'Bob']);
      expect((await current(t.host.user.token)).body.room).toMatchObject({ roomCode: t.code, isHost: true });

      const texts = await start(t);
      const { answers } = await questionsOf(t.code);
      expect((await call(t.host.socket, 'submitAnswer', { answer: answers[0] })).correct).toBe(true);
      clock.advance(30_000);
      // The host left the game's screen (the socket stays connected): the room is still theirs.
      const playing = await current(t.host.user.token);
      expect(playing.body.room).toMatchObject({ roomCode: t.code, status: 'playing', timeLeft: 90 });
      expect(playing.body.room.players[0]).toMatchObject({ name: 'Alice', score: expect.any(Number), current: 1 });
      // Only the room: no question text, no answer.
      expect(JSON.stringify(playing.body)).not.toContain(texts[1]!);
      expect(playing.body.room.questions).toBeUndefined();

      // Time up, whether or not the clock has closed the game yet: nothing to go back to.
      const over = next(t.host.socket, 'gameOver');
      clock.set((await duel.store.get(t.code))!.game!.endsAt);
      expect((await current(t.host.user.token)).body.room).toBeNull();
      await duel.tick();
      await over;
      expect((await current(t.guest.user.token)).body.room).toBeNull();
    });

    it('answers 401 without a valid token and forgets a room its player left', async () => {
      expect(await current(undefined)).toMatchObject({ status: 401, body: { error: expect.any(String) } });
      expect((await current('not-a-token')).status).toBe(401);
      const t = await seatTwo(1);
      expect(await call(t.guest.socket, 'leaveRoom')).toEqual({});
      expect((await current(t.guest.user.token)).body.room).toBeNull();
      expect((await current(t.host.user.token)).body.room).toMatchObject({ roomCode: t.code, status: 'waiting' });
    });
  });

  describe('rematch', () => {
    it('tells the other player, then starts a new game with new questions when both asked', async () => {
      const t = await seatTwo(1);
      const first = await start(t);
      const q = await questionsOf(t.code);
      await call(t.host.socket, 'submitAnswer', { answer: q.answers[0] });
      const firstGameId = (await duel.store.get(t.code))!.game!.id;
      await runOut(t);

      expect(await call(t.host.socket, 'startGame')).toEqual({ error: 'The game is over: ask for a rematch', code: 'GAME_OVER' });
      const requested = next(t.guest.socket, 'rematchRequested');
      const hostHears = record(t.host.socket, 'rematchRequested');
      expect(await call(t.host.socket, 'rematch', {})).toEqual({});
      expect(await requested).toEqual({ name: 'Alice' });
      expect(await call(t.host.socket, 'rematch', {})).toEqual({});
      await settle();
      expect(hostHears).toEqual([]);

      // Both asked: the countdown begins; rematchStarted, with the questions, waits for the clock.
      const countdownA = next(t.host.socket, 'rematchStarting');
      const countdownB = next(t.guest.socket, 'rematchStarting');
      const early = record(t.host.socket, 'rematchStarted');
      expect(await call(t.guest.socket, 'rematch')).toEqual({});
      expect(await Promise.all([countdownA, countdownB])).toEqual([{ seconds: 3 }, { seconds: 3 }]);
      const room = (await duel.store.get(t.code))!;
      expect(await call(t.guest.socket, 'submitAnswer', { answer: room.game!.questions.answers[0] })).toEqual({ error: 'The game has not started yet', code: 'GAME_NOT_STARTED' });
      clock.advance(2900);
      await duel.tick();
      await settle();
      expect(early).toEqual([]);

      const restartA = next(t.host.socket, 'rematchStarted');
      const restartB = next(t.guest.socket, 'rematchStarted');
      clock.advance(100);
      await duel.tick();
      const [ra, rb] = await Promise.all([restartA, restartB]);
      await duel.tick();
      await settle();
      expect(early).toHaveLength(1); // once
      expect(ra).toEqual(rb);
      expect(ra.mode).toBe(1);
      expect(ra.questions).toHaveLength(150);
      expect(ra.questions).not.toEqual(first);
      expect(ra.players.map((p) => [p.name, p.score, p.current])).toEqual([
        ['Alice', 0, 0],
        ['Bob', 0, 0],
      ]);
      expect(room.status).toBe('playing');
      expect(room.game!.id).not.toBe(firstGameId);
      expect(questionTexts(room.game!.questions)).toEqual(ra.questions);

      // The clock runs now: answers count.
      const reply = await call(t.guest.socket, 'submitAnswer', { answer: room.game!.questions.answers[0] });
      expect(reply).toMatchObject({ correct: true, currentQuestion: 1 });
      const over = await runOut(t);
      expect(over.winner).toBe('Bob');
      await server.app.services.ratings.flush();
      const rows = await server.database.db.select().from(games).where(eq(games.roomCode, t.code));
      expect(rows).toHaveLength(2);
    });

    it('sends rematchStarted to a player whose connection was down when the clock started (put back or rejoining), until they have scored', async () => {
      const t = await seatTwo(1);
      await rematchCountdown(t);

      // Bob's connection drops during the countdown and comes back after the clock started.
      const away = () => nextWhere(t.host.socket, 'roomUpdate', (players) => players.some((p) => !p.connected));
      const back = () => nextWhere(t.host.socket, 'roomUpdate', (players) => players.every((p) => p.connected));
      let gone = away();
      t.guest.socket.disconnect();
      await gone;
      const hostHears = next(t.host.socket, 'rematchStarted');
      clock.advance(3000);
      await duel.tick();
      const started = await hostHears;

      /** A new connection of Bob's (a client written to the spec alone: the server rejoins it),
       * listening for rematchStarted from its first frame. */
      const reconnect = async () => {
        const socket: Client = connectClient(server.url, { auth: { token: t.guest.user.token }, transports: ['websocket'], reconnection: false, forceNew: true });
        clients.push(socket);
        const heard = record(socket, 'rematchStarted');
        const returned = back();
        await new Promise<void>((resolve, reject) => (socket.once('connect', () => resolve()), socket.once('connect_error', reject)));
        await returned;
        await settle(200);
        return { socket, heard };
      };
      const first = await reconnect();
      expect(first.heard).toHaveLength(1);
      const [bob] = first.heard;
      expect(bob!.questions).toEqual(started.questions);
      expect(bob!.mode).toBe(1);
      expect(bob!.players.map((p) => [p.name, p.score, p.current])).toEqual([
        ['Alice', 0, 0],
        ['Bob', 0, 0],
      ]);

      // A client that rejoins by itself (the web app) hears it too. (With Redis, an event to one
      // socket goes through the adapter, so it may follow the acknowledgement.)
      const rejoining = await connect(t.guest.user.token, { autoRejoin: false });
      const heardByRejoin = next(rejoining, 'rematchStarted');
      expect((await call(rejoining, 'rejoinRoom', { roomCode: t.code })).status).toBe('playing');
      expect((await heardByRejoin).questions).toEqual(started.questions);
      rejoining.disconnect();

      // Once Bob has scored, a reconnection does not reset his screen to 0.
      const q = await questionsOf(t.code);
      expect(await call(first.socket, 'submitAnswer', { answer: q.answers[0] })).toMatchObject({ correct: true, currentQuestion: 1 });
      gone = away();
      first.socket.disconnect();
      await gone;
      const second = await reconnect();
      expect(second.heard).toEqual([]);
      const heardAfterScoring = record(second.socket, 'rematchStarted');
      expect((await call(second.socket, 'rejoinRoom', { roomCode: t.code })).playerState).toEqual({ current: 1, score: q.points[0] });
      await settle(200);
      expect(heardAfterScoring).toEqual([]);
      await runOut({ ...t, guest: { user: t.guest.user, socket: second.socket } });
    });

    it('sends rematchStarting with the seconds left to a player back during the countdown, whose rejoin says when the clock starts', async () => {
      const t = await seatTwo(1);
      await rematchCountdown(t);
      const startsAt = (await duel.store.get(t.code))!.game!.startsAt;
      // Bob reloads his results screen during the countdown: the new page missed rematchStarting.
      const gone = nextWhere(t.host.socket, 'roomUpdate', (players) => players.some((p) => !p.connected));
      t.guest.socket.disconnect();
      await gone;

      // 1.2 s into the countdown a connection the server puts back hears the 2 s that are left.
      clock.advance(1200);
      const back = connectClient(server.url, { auth: { token: t.guest.user.token }, transports: ['websocket'], reconnection: false, forceNew: true });
      clients.push(back);
      const putBack = next(back, 'rematchStarting');
      const startedForPutBack = next(back, 'rematchStarted');
      expect(await putBack).toEqual({ seconds: 2 });

      // A client that rejoins by itself hears it too, and its acknowledgement says when the clock starts.
      const rejoining = await connect(t.guest.user.token, { autoRejoin: false });
      const heardByRejoin = next(rejoining, 'rematchStarting');
      const startedForRejoin = next(rejoining, 'rematchStarted');
      const ack = await call(rejoining, 'rejoinRoom', { roomCode: t.code });
      expect(ack).toMatchObject({ status: 'playing', startsInMs: startsAt - clock.now(), playerState: { current: 0, score: 0 } });
      expect(ack.startsInMs).toBe(1800);
      expect(await heardByRejoin).toEqual({ seconds: 2 });

      // At the start both hear rematchStarted from the clock, and the rejoin no longer counts down.
      clock.advance(1800);
      await duel.tick();
      const [a, b] = await Promise.all([startedForPutBack, startedForRejoin]);
      expect(a.questions).toEqual(b.questions);
      expect(a.questions).toEqual(questionTexts((await duel.store.get(t.code))!.game!.questions));
      expect(await call(rejoining, 'rejoinRoom', { roomCode: t.code })).not.toHaveProperty('startsInMs');
      rejoining.disconnect();
      await runOut({ ...t, guest: { user: t.guest.user, socket: back } });
    });

    it('says when the clock of a first game starts to a player rejoining during its countdown, with no rematch event', async () => {
      const t = await seatTwo(1);
      const rematchEvents = record(t.guest.socket, 'rematchStarting');
      expect(await call(t.host.socket, 'startGame')).toEqual({});
      clock.advance(500);
      expect(await call(t.guest.socket, 'rejoinRoom', { roomCode: t.code })).toMatchObject({ status: 'playing', startsInMs: 2500, timeLeft: 60 });
      clock.advance(2500);
      await duel.tick();
      expect(await call(t.guest.socket, 'rejoinRoom', { roomCode: t.code })).not.toHaveProperty('startsInMs');
      await settle();
      expect(rematchEvents).toEqual([]);
    });

    it('is refused when the opponent has left the room', async () => {
      const t = await seatTwo(1);
      expect(await call(t.host.socket, 'rematch', {})).toEqual({ error: 'The game is not over yet', code: 'GAME_NOT_OVER' });
      await start(t);
      await runOut(t);
      expect(await call(t.guest.socket, 'leaveRoom')).toEqual({});
      expect(await call(t.host.socket, 'rematch', {})).toEqual({ error: 'Your opponent has left the room', code: 'OPPONENT_LEFT' });
    });
  });

  describe('rejoin and leaving mid-game', () => {
    it('restores a player after a dropped connection, by user id', async () => {
      const t = await seatTwo(2);
      await start(t);
      const q = await questionsOf(t.code);
      await call(t.guest.socket, 'submitAnswer', { answer: q.answers[0] });

      const gone = nextWhere(t.host.socket, 'roomUpdate', (players) => players.some((p) => !p.connected));
      t.guest.socket.disconnect();
      expect((await gone).find((p) => p.name === 'Bob')!.connected).toBe(false);

      clock.advance(10_500);
      // The server puts the new connection back in its room itself: a client that never sends
      // rejoinRoom after reconnecting shows connected and plays on.
      const returned = nextWhere(t.host.socket, 'roomUpdate', (players) => players.every((p) => p.connected));
      const back = await connect(t.guest.user.token);
      expect((await returned).every((p) => p.connected)).toBe(true);
      expect(await call(back, 'submitAnswer', { answer: q.answers[1] })).toMatchObject({ correct: true, currentQuestion: 2 });
      const timer = next(back, 'timerUpdate');
      clock.advance(1000);
      await duel.tick();
      expect(await timer).toEqual({ timeLeft: 109 });
      // rejoinRoom gives the snapshot a screen needs.
      const ack = await call(back, 'rejoinRoom', { roomCode: t.code, name: 'Bob' });
      expect(ack).toEqual({
        players: [
          { name: 'Alice', userId: t.host.user.user._id, score: 0, current: 0, connected: true },
          { name: 'Bob', userId: t.guest.user.user._id, score: q.points[0]! + q.points[1]!, current: 2, connected: true },
        ],
        timeLeft: 109,
        playerState: { current: 2, score: q.points[0]! + q.points[1]! },
        questions: q.texts,
        mode: 2,
        roomCode: t.code,
        status: 'playing',
        isHost: false,
      });

      // Another user cannot take the seat, whatever name they give.
      const mallory = await signup('Mallory');
      const sm = await connect(mallory.token);
      expect(await call(sm, 'rejoinRoom', { roomCode: t.code, name: 'Bob' })).toEqual({ error: 'You are not in this room', code: 'NOT_IN_ROOM' });
      expect(await call(sm, 'rejoinRoom', { roomCode: 'QQQQQQ' })).toEqual({ error: 'Room not found', code: 'ROOM_NOT_FOUND' });
      expect((await call(sm, 'rejoinRoom', {})).error).toBe('Room code required: room ≠ ∅');
      await runOut({ ...t, guest: { user: t.guest.user, socket: back } });
    });

    it('puts a reconnecting player back in their waiting room and finished game, but not in one they left', async () => {
      const t = await seatTwo(1);
      const gone = nextWhere(t.host.socket, 'roomUpdate', (players) => players.some((p) => !p.connected));
      t.guest.socket.disconnect();
      await gone;
      expect(await call(t.host.socket, 'startGame')).toEqual({ error: DUEL_ERRORS.opponentAway, code: 'OPPONENT_AWAY' });

      // A client that rejoins by itself (the web app, on its room screens) opts out: its dashboard
      // tab does not make the player look present.
      const elsewhere = await connect(t.guest.user.token, { autoRejoin: false });
      expect(await call(elsewhere, 'getTimer', {})).toEqual({ timeLeft: 0, error: 'You are not in a room', code: 'NOT_IN_ROOM' });
      expect(await call(t.host.socket, 'startGame')).toEqual({ error: DUEL_ERRORS.opponentAway, code: 'OPPONENT_AWAY' });

      const returned = nextWhere(t.host.socket, 'roomUpdate', (players) => players.length === 2 && players.every((p) => p.connected));
      const back = await connect(t.guest.user.token);
      await returned;
      const started = next(back, 'gameStarted');
      expect(await call(t.host.socket, 'startGame')).toEqual({});
      expect((await started).questions).toHaveLength((await questionsOf(t.code)).texts.length);
      clock.advance(3000);
      await runOut({ ...t, guest: { user: t.guest.user, socket: back } });

      // After the end, a new connection of either player still reaches the finished room: rematch works.
      back.disconnect();
      const again = await connect(t.guest.user.token);
      const asked = next(t.host.socket, 'rematchRequested');
      expect(await call(again, 'rematch')).toEqual({});
      expect(await asked).toEqual({ name: 'Bob' });

      // Once the player has left the room, a new connection is in no room.
      expect(await call(again, 'leaveRoom')).toEqual({});
      const later = await connect(t.guest.user.token);
      expect(await call(later, 'getTimer', {})).toEqual({ timeLeft: 0, error: 'You are not in a room', code: 'NOT_IN_ROOM' });
      expect(await call(later, 'rematch')).toEqual({ error: 'You are not in a room', code: 'NOT_IN_ROOM' });
    });

    it('runs a game to its end and records it when a player leaves mid-game', async () => {
      const t = await seatTwo(1);
      await start(t);
      const q = await questionsOf(t.code);
      await call(t.guest.socket, 'submitAnswer', { answer: q.answers[0] });
      t.guest.socket.disconnect();
      await settle();
      expect((await duel.store.get(t.code))!.status).toBe('playing');
      expect(await call(t.host.socket, 'submitAnswer', { answer: q.answers[0] })).toMatchObject({ correct: true });
      expect(await call(t.host.socket, 'submitAnswer', { answer: q.answers[1] })).toMatchObject({ correct: true });
      const over = await runOut(t);
      expect(over.winner).toBe('Alice');
      expect(over.players.map((p) => [p.name, p.connected])).toEqual([
        ['Alice', true],
        ['Bob', false],
      ]);
      await server.app.services.ratings.flush();
      const gameId = (await duel.store.get(t.code))!.game!.id;
      const seats = await server.database.db.select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId));
      expect(seats.map((s) => s.name).sort()).toEqual(['Alice', 'Bob']);
      // Whoever comes back after the end sees the final state.
      const back = await connect(t.guest.user.token);
      const ack = await call(back, 'rejoinRoom', { roomCode: t.code });
      expect(ack).toMatchObject({ status: 'finished', timeLeft: 0, playerState: { current: 1, score: q.points[0] } });
    });
  });

  describe('guests', () => {
    it('play a Math Challenge, recorded unrated', async () => {
      const [g1, g2] = await Promise.all([guest(), guest()]);
      const [s1, s2] = await Promise.all([connect(g1.token), connect(g2.token)]);
      const { roomCode } = await call(s1, 'createRoom', { mode: 1 });
      expect((await call(s2, 'joinRoom', { roomCode })).players.map((p: DuelPlayer) => p.name)).toEqual([g1.user.name, g2.user.name]);
      const t: Table = { host: { user: g1, socket: s1 }, guest: { user: g2, socket: s2 }, code: roomCode };
      await start(t);
      await call(s1, 'submitAnswer', { answer: (await questionsOf(roomCode)).answers[0] });
      expect((await runOut(t)).winner).toBe(g1.user.name);
      await server.app.services.ratings.flush();
      const [row] = await server.database.db.select().from(games).where(eq(games.roomCode, roomCode));
      expect(row).toMatchObject({ rated: false, winnerUserId: g1.user._id });
    });
  });
});
