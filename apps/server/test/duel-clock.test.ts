/**
 * A Math Challenge whose two players sit on two server processes sharing Redis (issue #5): each
 * process announces the game clock (timerUpdate every second) to its own player, so no per-second
 * timerUpdate crosses Redis; the process that drives the room ends the game on time, with the last
 * timerUpdate 0 and gameOver reaching both players, and the other process stops announcing; a
 * process that hears of a rematch (duelClock, by Redis pub/sub) only after its clock started
 * announces it to its player at once, and one that never hears of a start (its subscriber was down)
 * finds the game at its next catch-up; after its Redis connection comes back, the catch-up also
 * finds a followed game's unheard early end and its rematch's start. A user's two tabs on the two processes creating rooms at
 * once are seated in one room (the seat lock goes through Redis). Needs TEST_REDIS_URL (skipped
 * without it, saying so).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duelHandleOf, type DuelHandle } from '../src/duel/duel.socket.js';
import { signup } from './helpers/accounts.js';
import { NO_REDIS, dropPrefix, freshPrefix, testRedisUrl } from './helpers/redis.js';
import { emitForAck } from './helpers/socket-ack.js';
import { connectPlayer, type Client } from './helpers/socket-client.js';
import { ManualClock, startServerPair, type ServerPair, type TestServer } from './helpers/test-server.js';

const prefix = freshPrefix();
let pair: ServerPair | undefined;
let clock: ManualClock;
let a: TestServer;
let b: TestServer;
const clients: Client[] = [];

async function connect(server: TestServer, token: string): Promise<Client> {
  const socket = await connectPlayer(server.url, token);
  clients.push(socket);
  return socket;
}

const call = (socket: Client, event: string, payload?: unknown) => emitForAck(socket, event, payload, 5_000);

/** Waits until `check` passes (broadcasts through Redis arrive after the acknowledgements). */
async function eventually(check: () => void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/** Every `event` written to the adapter's Redis stream (its entries are MessagePack: the event name
 * stands in them as plain bytes). */
async function throughRedis(event: 'timerUpdate' | 'rematchStarted'): Promise<number> {
  const redis = new Redis(testRedisUrl!);
  try {
    const entries = await redis.xrangeBuffer(`${prefix}socket.io`, '-', '+');
    return entries.filter(([, fields]) => fields.some((field) => field.includes(event))).length;
  } finally {
    redis.disconnect();
  }
}

/** A 1-minute game of Ann (host, on A) and Bob (on B), started (Bob heard gameStarted): its
 * players' sockets, its room, both processes' duel handles and `tick`, which moves the manual
 * clock and visits both. */
async function startedGame(names: string) {
  const [ann, bob] = await Promise.all([signup(a, `Ann ${names}`), signup(b, `Bob ${names}`)]);
  const [host, guest] = await Promise.all([connect(a, ann.token), connect(b, bob.token)]);
  const { roomCode } = await call(host, 'createRoom', { mode: 1 });
  expect((await call(guest, 'joinRoom', { roomCode })).error).toBeUndefined();
  const started = new Promise((resolve) => guest.once('gameStarted', resolve));
  expect(await call(host, 'startGame')).toEqual({});
  await started;
  const duels = [duelHandleOf(a.app.io)!, duelHandleOf(b.app.io)!] as const;
  const tick = async (ms: number) => {
    clock.advance(ms);
    await Promise.all(duels.map((d) => d.tick()));
  };
  return { host, guest, roomCode: roomCode as string, duels, tick };
}

/** Runs a started game's clock out (63 s: the countdown and the minute); resolves on both gameOvers. */
async function runOut({ host, guest, tick }: Awaited<ReturnType<typeof startedGame>>): Promise<void> {
  const over = Promise.all([host, guest].map((s) => new Promise((resolve) => s.once('gameOver', resolve))));
  await tick(63_000);
  await over;
}

/** startedGame, then its clock run out. */
async function playedGame(names: string) {
  const game = await startedGame(names);
  await runOut(game);
  return game;
}

/** Bob, then Ann, ask for a rematch; resolves once Bob heard rematchStarting, with the
 * rematchStarted payloads each player hears from then on. */
async function bothAskRematch(host: Client, guest: Client): Promise<{ host: unknown[]; guest: unknown[] }> {
  const heard = { host: [] as unknown[], guest: [] as unknown[] };
  host.on('rematchStarted', (p) => heard.host.push(p));
  guest.on('rematchStarted', (p) => heard.guest.push(p));
  const asked = new Promise((resolve) => host.once('rematchRequested', resolve));
  const counting = new Promise((resolve) => guest.once('rematchStarting', resolve));
  expect(await call(guest, 'rematch', {})).toEqual({});
  await asked;
  expect(await call(host, 'rematch', {})).toEqual({});
  await counting;
  return heard;
}

/** Stops process B hearing duelClock, as while its pub/sub subscriber is disconnected; returns
 * what undoes it. */
function deafenB(): () => void {
  const nsp = b.app.io.of('/');
  const listeners = nsp.listeners('duelClock') as ((clock: unknown) => void)[];
  nsp.removeAllListeners('duelClock');
  return () => {
    for (const listener of listeners) nsp.on('duelClock', listener);
  };
}

describe.skipIf(!testRedisUrl)(`one game, its players on two processes (needs ${NO_REDIS})`, () => {
  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 4, 4, 9));
    // The catch-up runs when a test calls it (catchUp()), not on its own timer. A player who solves
    // all 150 questions of a minute sends them within a second of real time, past the socket's
    // default 100 events per 20 s.
    const env = {
      REDIS_URL: testRedisUrl!,
      REDIS_KEY_PREFIX: prefix,
      SIGNUP_RATE_LIMIT: '1000',
      DUEL_CATCH_UP_INTERVAL_MS: '0',
      SOCKET_RATE_LIMIT_EVENTS: '1000',
    };
    pair = await startServerPair({ clock, env });
    ({ a, b } = pair);
  });
  afterAll(async () => {
    for (const c of clients.splice(0)) c.disconnect();
    await pair?.close();
    await dropPrefix(prefix);
  });

  it("seats a user in one room when their tabs on the two processes create rooms at the same time", async () => {
    const cleo = await signup(a, 'Cleo Tabs');
    const [tabA, tabB] = await Promise.all([connect(a, cleo.token), connect(b, cleo.token)]);
    const store = duelHandleOf(a.app.io)!.store;
    for (let round = 0; round < 3; round++) {
      const created = await Promise.all([call(tabA, 'createRoom', { mode: 1 }), call(tabB, 'createRoom', { mode: 2 })]);
      for (const reply of created) expect(reply.isHost).toBe(true);
      const seatedIn: string[] = [];
      for (const { roomCode } of created) {
        const room = await store.get(roomCode);
        if (room?.seats.some((seat) => seat.userId === cleo.id && !seat.left)) seatedIn.push(roomCode);
      }
      expect(seatedIn, `round ${round}`).toEqual([(await store.findByUser(cleo.id))!.code]);
    }
    expect(await call(tabA, 'leaveRoom')).toEqual({});
  });

  it('each process announces the clock to its own player; the driving process ends the game for both', async () => {
    const [ann, bob] = await Promise.all([signup(a, 'Ann Clock'), signup(b, 'Bob Clock')]);
    const [host, guest] = await Promise.all([connect(a, ann.token), connect(b, bob.token)]);
    const seen = { host: [] as number[], guest: [] as number[] };
    host.on('timerUpdate', ({ timeLeft }) => seen.host.push(timeLeft));
    guest.on('timerUpdate', ({ timeLeft }) => seen.guest.push(timeLeft));
    const over = { host: false, guest: false };
    host.on('gameOver', () => (over.host = true));
    guest.on('gameOver', () => (over.guest = true));

    const created = await call(host, 'createRoom', { mode: 1 });
    expect((await call(guest, 'joinRoom', { roomCode: created.roomCode })).error).toBeUndefined();
    const started = new Promise((resolve) => guest.once('gameStarted', resolve));
    expect(await call(host, 'startGame')).toEqual({});
    await started;
    const [duelA, duelB] = [duelHandleOf(a.app.io)!, duelHandleOf(b.app.io)!] as [DuelHandle, DuelHandle];
    expect(duelA.driven()).toEqual([created.roomCode]);
    expect(duelB.driven()).toEqual([]);
    // B hears of the start by pub/sub (duelClock), which may come after gameStarted reached Bob.
    const { game } = (await duelB.store.get(created.roomCode))!;
    await eventually(() => expect(duelB.keepsClock(created.roomCode, game!.id)).toBe(true));

    // The countdown shows the whole minute, then the clock runs: 60, 59, 58 to each player.
    for (const step of [0, 3_000, 1_000, 1_000]) {
      clock.advance(step);
      await Promise.all([duelA.tick(), duelB.tick()]);
    }
    await eventually(() => {
      expect(seen.host).toEqual([60, 59, 58]);
      expect(seen.guest).toEqual([60, 59, 58]);
    });
    expect(await throughRedis('timerUpdate')).toBe(0);

    // Time is up: A ends the game; timerUpdate 0 and gameOver reach Bob on B through Redis.
    clock.advance(58_000);
    await Promise.all([duelA.tick(), duelB.tick()]);
    await eventually(() => {
      expect(over).toEqual({ host: true, guest: true });
      expect(seen.host.at(-1)).toBe(0);
      expect(seen.guest.at(-1)).toBe(0);
    });
    expect(await throughRedis('timerUpdate')).toBe(1);
    // B let go of the clock: no more announcements to Bob.
    const heard = seen.guest.length;
    clock.advance(5_000);
    await duelB.tick();
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.guest).toHaveLength(heard);
  });

  it('a rematch across the processes: rematchStarting at once, then rematchStarted to each player once, when its clock starts', async () => {
    const { host, guest, roomCode, duels, tick } = await playedGame('Rematch');

    const heard = { host: [] as unknown[], guest: [] as unknown[] };
    const countdown = { host: [] as unknown[], guest: [] as unknown[] };
    host.on('rematchStarted', (p) => heard.host.push(p));
    guest.on('rematchStarted', (p) => heard.guest.push(p));
    host.on('rematchStarting', (p) => countdown.host.push(p));
    guest.on('rematchStarting', (p) => countdown.guest.push(p));
    const asked = new Promise((resolve) => host.once('rematchRequested', resolve));
    expect(await call(guest, 'rematch', {})).toEqual({});
    await asked;
    expect(await call(host, 'rematch', {})).toEqual({});
    await eventually(() => expect(countdown).toEqual({ host: [{ seconds: 3 }], guest: [{ seconds: 3 }] }));
    // B hears of the rematch by pub/sub (duelClock), which may come after rematchStarting reached Bob.
    const rematch = (await duels[1].store.get(roomCode))!.game!;
    await eventually(() => expect(duels[1].keepsClock(roomCode, rematch.id)).toBe(true));
    await tick(2_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toEqual({ host: [], guest: [] });

    await tick(1_000);
    await eventually(() => {
      expect(heard.host).toHaveLength(1);
      expect(heard.guest).toHaveLength(1);
    });
    expect(heard.host[0]).toEqual(heard.guest[0]);
    expect(heard.host[0]).toMatchObject({ mode: 1, questions: expect.arrayContaining([expect.any(String)]) });
    // Each process told its own player: nothing crossed Redis.
    expect(await throughRedis('rematchStarted')).toBe(0);
    await tick(1_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.host).toHaveLength(1);
    expect(heard.guest).toHaveLength(1);
    // The clock runs: Bob's first answer counts, on the other process than the one that started it.
    const room = (await duels[1].store.get(roomCode))!;
    expect(await call(guest, 'submitAnswer', { answer: room.game!.questions.answers[0] })).toMatchObject({ correct: true, currentQuestion: 1 });
  });

  it("announces a rematch to the other process's player at once when that process hears of it only after its clock started", async () => {
    const { host, guest, roomCode, duels, tick } = await playedGame('Late');

    // B's duelClock messages (Redis pub/sub) are held back, as a Redis stall past the countdown would.
    const nsp = b.app.io.of('/');
    const listeners = nsp.listeners('duelClock') as ((clock: unknown) => void)[];
    const held: unknown[] = [];
    nsp.removeAllListeners('duelClock');
    const hold = (message: unknown) => held.push(message);
    nsp.on('duelClock', hold);

    const heard = await bothAskRematch(host, guest);
    await eventually(() => expect(held).toHaveLength(1));
    const rematch = (await duels[1].store.get(roomCode))!.game!;
    await tick(3_000);
    await eventually(() => expect(heard.host).toHaveLength(1));
    expect(heard.guest).toHaveLength(0);

    // The start comes late: Bob hears rematchStarted now, once, and B announces the clock to him.
    nsp.off('duelClock', hold);
    for (const listener of listeners) nsp.on('duelClock', listener);
    for (const message of held) for (const listener of listeners) listener(message);
    expect(duels[1].keepsClock(roomCode, rematch.id)).toBe(true);
    await eventually(() => expect(heard.guest).toHaveLength(1));
    expect(heard.guest[0]).toEqual(heard.host[0]);
    const timer: number[] = [];
    guest.on('timerUpdate', ({ timeLeft }) => timer.push(timeLeft));
    await tick(1_000);
    await eventually(() => expect(timer).toEqual([59]));
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.guest).toHaveLength(1);
  });

  it('finds the games whose duelClock a process never heard (its subscriber was down) at its next catch-up: the clock, then a rematch', async () => {
    // B hears no duelClock at all, as while its pub/sub subscriber is disconnected.
    const restore = deafenB();
    try {
      const game = await startedGame('Missed');
      const { host, guest, roomCode, duels, tick } = game;
      const timer = { host: [] as number[], guest: [] as number[] };
      host.on('timerUpdate', ({ timeLeft }) => timer.host.push(timeLeft));
      guest.on('timerUpdate', ({ timeLeft }) => timer.guest.push(timeLeft));

      // The clock runs for Ann; B has none, so Bob hears nothing.
      await tick(3_000);
      await tick(1_000);
      await eventually(() => expect(timer.host.at(-1)).toBe(59));
      await new Promise((r) => setTimeout(r, 100));
      expect(timer.guest).toEqual([]);
      const first = (await duels[1].store.get(roomCode))!.game!;
      expect(duels[1].keepsClock(roomCode, first.id)).toBe(false);

      // B's catch-up reads the room, which has a socket on B and no clock there: Bob hears the clock.
      await duels[1].catchUp();
      expect(duels[1].keepsClock(roomCode, first.id)).toBe(true);
      await tick(1_000);
      await eventually(() => expect(timer.guest).toEqual([58]));
      expect(timer.host.at(-1)).toBe(58);

      // The game ends on A's clock; a rematch starts, and B misses its start too.
      await runOut(game);
      const heard = await bothAskRematch(host, guest);
      await tick(3_000);
      await eventually(() => expect(heard.host).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 100));
      expect(heard.guest).toHaveLength(0);

      // The catch-up finds the rematch running: Bob hears rematchStarted once, then the clock.
      await duels[1].catchUp();
      await eventually(() => expect(heard.guest).toHaveLength(1));
      expect(heard.guest[0]).toEqual(heard.host[0]);
      await duels[1].catchUp();
      timer.guest.length = 0;
      await tick(1_000);
      await eventually(() => expect(timer.guest).toEqual([59]));
      expect(heard.guest).toHaveLength(1);
    } finally {
      restore();
    }
  });

  /** A started game that B follows; then B hears no duelClock (as while its pub/sub subscriber is
   * disconnected) until `restore` is called, and the game ends early on A: Bob (on B) solves every
   * question, then Ann (on A). Resolves once both heard gameOver. */
  async function endedEarlyUnheard(names: string) {
    clock.advance(10_000); // past the re-read window of an earlier test's reconnection
    const game = await startedGame(names);
    const { host, guest, roomCode, duels, tick } = game;
    const first = (await duels[0].store.get(roomCode))!.game!;
    await eventually(() => expect(duels[1].keepsClock(roomCode, first.id)).toBe(true));
    await tick(3_000);
    const restore = deafenB();
    try {
      for (const answer of first.questions.answers) expect(await call(guest, 'submitAnswer', { answer })).toMatchObject({ correct: true });
      const over = Promise.all([host, guest].map((s) => new Promise((resolve) => s.once('gameOver', resolve))));
      for (const answer of first.questions.answers) expect(await call(host, 'submitAnswer', { answer })).toMatchObject({ correct: true });
      await over;
    } catch (error) {
      restore(); // the later tests need B to hear duelClock
      throw error;
    }
    return { ...game, first, restore };
  }

  /** Drops B's Redis connection (ioredis reconnects on its own); resolves once it is back. */
  async function reconnectB(): Promise<void> {
    const redis = b.app.redis!.client;
    const back = new Promise((resolve) => redis.once('ready', resolve));
    redis.disconnect(true);
    await back;
  }

  it("after its Redis connection comes back, a process drops the clock of a game whose early end it never heard", async () => {
    const { guest, roomCode, duels, tick, first, restore } = await endedEarlyUnheard('Ended');
    try {
      const timer: number[] = [];
      guest.on('timerUpdate', ({ timeLeft }) => timer.push(timeLeft));
      // B still follows the ended game, and a catch-up of the rooms without a clock skips the room.
      await duels[1].catchUp();
      expect(duels[1].keepsClock(roomCode, first.id)).toBe(true);

      await reconnectB();
      await duels[1].catchUp();
      expect(duels[1].keepsClock(roomCode, first.id)).toBe(false);
      await tick(1_000);
      await new Promise((r) => setTimeout(r, 100));
      expect(timer).toEqual([]);
    } finally {
      restore();
    }
  });

  it("after its Redis connection comes back, a process announces a rematch whose start it never heard while it followed the game before", async () => {
    const { host, guest, roomCode, duels, tick, first, restore } = await endedEarlyUnheard('Rematch');
    try {
      const heard = await bothAskRematch(host, guest);
      await tick(3_000);
      await eventually(() => expect(heard.host).toHaveLength(1));
      // B still follows the ended game, so a catch-up of the rooms without a clock skips the room.
      await duels[1].catchUp();
      await new Promise((r) => setTimeout(r, 100));
      expect(heard.guest).toHaveLength(0);
      expect(duels[1].keepsClock(roomCode, first.id)).toBe(true);

      await reconnectB();
      await duels[1].catchUp();
      await eventually(() => expect(heard.guest).toHaveLength(1));
      expect(heard.guest[0]).toEqual(heard.host[0]);
      expect(duels[1].keepsClock(roomCode, first.id)).toBe(false);
      const timer: number[] = [];
      guest.on('timerUpdate', ({ timeLeft }) => timer.push(timeLeft));
      await tick(1_000);
      await eventually(() => expect(timer).toEqual([59]));
    } finally {
      restore();
    }
  });
});
