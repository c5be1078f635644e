/**
 * The Redis room store as two processes use it (issue #5): two RedisRoomStore instances on their own
 * connections share one Redis, each answering for its own player. A right answer that leaves the
 * player questions to go is one round trip (a progress-only write checked against the room's
 * structure and the player's seat, redis-room-store.ts), and nothing is lost or counted twice when
 * a process's copy of the room is stale: the other seat moved, the room's structure moved, or the
 * same player answered through the other process.
 * Needs TEST_REDIS_URL (skipped without it, saying so).
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { isCorrectAnswer } from '@mathsprint/shared/domain';
import * as m from '../src/duel/duel.machine.js';
import type { DuelRoom, Outcome } from '../src/duel/duel.machine.js';
import { DUEL_ROOM_IDLE_MS } from '../src/duel/duel.machine.js';
import { RedisRoomStore, duelKeys } from '../src/duel/redis-room-store.js';
import { ManualClock, systemClock } from '../src/platform/clock.js';
import { createLogger } from '../src/platform/logger.js';
import { openRedis, type RedisHandle } from '../src/platform/redis.js';
import { NO_REDIS, dropPrefix, freshPrefix, testRedisUrl } from './helpers/redis.js';

const T0 = Date.UTC(2026, 10, 25, 12);
const clockStart = T0 + 3_000;
const alice = { userId: 'u-alice', name: 'Alice', isGuest: false };
const bob = { userId: 'u-bob', name: 'Bob', isGuest: false };

const prefix = freshPrefix();
const handles: RedisHandle[] = [];

/** A store on its own connection: one process. */
async function aProcess(): Promise<{ store: RedisRoomStore; commands: () => number }> {
  const handle = await openRedis(testRedisUrl!, { prefix, logger: createLogger('silent') });
  handles.push(handle);
  const sent = vi.spyOn(handle.client, 'sendCommand');
  return { store: new RedisRoomStore(handle, systemClock), commands: () => sent.mock.calls.length };
}

function ok<T extends { ok: boolean }>(outcome: T | undefined): Extract<T, { ok: true }> {
  if (!outcome?.ok) throw new Error(`expected success, got ${JSON.stringify(outcome)}`);
  return outcome as Extract<T, { ok: true }>;
}

/** Creates a room on `a`, joins Bob through `b`, starts through `a`: a 1-minute game. */
async function startedRoom(a: RedisRoomStore, b: RedisRoomStore, code: string): Promise<DuelRoom> {
  expect(await a.create(m.createRoom({ code, mode: 1, host: alice }))).toBe(true);
  ok((await b.update(code, (room) => m.joinRoom(room, bob, T0)))?.result);
  return ok((await a.update(code, (room) => m.startGame(room, alice.userId, { id: `game-${code}`, seed: code }, T0)))?.result).room;
}

const answer = (store: RedisRoomStore, code: string, userId: string, value: number, now: number) =>
  store.update(code, (room) => m.submitAnswer(room, userId, value, now)).then((o) => o?.result as Outcome<{ reply: m.AnswerReply }>);

describe.skipIf(!testRedisUrl)(`two processes sharing Redis rooms (needs ${NO_REDIS})`, () => {
  let a: Awaited<ReturnType<typeof aProcess>>;
  let b: Awaited<ReturnType<typeof aProcess>>;
  let reader: Awaited<ReturnType<typeof aProcess>>;

  beforeAll(async () => {
    [a, b, reader] = await Promise.all([aProcess(), aProcess(), aProcess()]);
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await dropPrefix(prefix);
  });

  it('scores every right answer of both players, each in one round trip once the process has seen the room', async () => {
    const started = await startedRoom(a.store, b.store, 'ROUND1');
    const { answers, points } = started.game!.questions;
    // One answer each so that both processes hold a copy of the game.
    ok(await answer(a.store, 'ROUND1', alice.userId, answers[0]!, clockStart + 10));
    ok(await answer(b.store, 'ROUND1', bob.userId, answers[0]!, clockStart + 20));

    const [fromA, fromB] = [a.commands(), b.commands()];
    const rounds = 10;
    for (let i = 1; i <= rounds; i++) {
      const byAlice = ok(await answer(a.store, 'ROUND1', alice.userId, answers[i]!, clockStart + 100 * i));
      expect(byAlice.reply).toMatchObject({ correct: true, currentQuestion: i + 1 });
      // The room as written carries the other player's progress, made by the other process.
      expect(m.seatOf(byAlice.room, bob.userId)).toMatchObject({ current: i, score: sum(points.slice(0, i)) });
      const byBob = ok(await answer(b.store, 'ROUND1', bob.userId, answers[i]!, clockStart + 100 * i + 50));
      expect(m.seatOf(byBob.room, alice.userId)).toMatchObject({ current: i + 1, score: sum(points.slice(0, i + 1)) });
    }
    expect(a.commands() - fromA).toBe(rounds);
    expect(b.commands() - fromB).toBe(rounds);

    const stored = (await reader.store.get('ROUND1'))!;
    for (const player of [alice, bob]) {
      expect(m.seatOf(stored, player.userId)).toMatchObject({ current: rounds + 1, score: sum(points.slice(0, rounds + 1)) });
    }
    // One version per change: create, join, start, then 2 × (rounds + 1) answers.
    expect(stored.version).toBe(started.version + 2 * (rounds + 1));
  });

  it('scores an answer once when the same player answers through both processes', async () => {
    const started = await startedRoom(a.store, b.store, 'TWOTAB');
    const { answers } = started.game!.questions;
    ok(await answer(a.store, 'TWOTAB', bob.userId, answers[0]!, clockStart + 10));
    // b's copy of Bob's seat is at question 0: its answer to question 1 must run on question 1.
    const second = ok(await answer(b.store, 'TWOTAB', bob.userId, answers[1]!, clockStart + 20));
    expect(second.reply).toMatchObject({ correct: true, currentQuestion: 2 });
    // And a's copy, now stale in turn, cannot score question 1 again.
    const replay = ok(await answer(a.store, 'TWOTAB', bob.userId, answers[1]!, clockStart + 30));
    expect(replay.reply.currentQuestion).toBe(isCorrectAnswer({ answer: answers[2]! }, answers[1]!) ? 3 : 2);
    expect(m.seatOf((await reader.store.get('TWOTAB'))!, bob.userId)!.current).toBe(replay.reply.currentQuestion);
  });

  it('runs a stale copy against the room as it is once its structure moved: a rematch is never scored with the old game', async () => {
    const started = await startedRoom(a.store, b.store, 'REMTCH');
    const old = started.game!.questions;
    // b reads the running game (a rejoin would), Bob's seat at question 0.
    expect((await b.store.get('REMTCH'))!.status).toBe('playing');
    // Through a, both players solve every question (the duel ends early) and ask for a rematch,
    // all before the old game's clock would have run out: b's copy still shows the old game.
    let t = clockStart;
    for (const player of [alice, bob]) {
      for (const value of old.answers) ok(await answer(a.store, 'REMTCH', player.userId, value, (t += 10)));
    }
    expect((await a.store.get('REMTCH'))!.status).toBe('finished');
    ok((await a.store.update('REMTCH', (room) => m.requestRematch(room, alice.userId, { id: 'game-2', seed: 'two' }, t)))?.result);
    const rematch = ok((await a.store.update('REMTCH', (room) => m.requestRematch(room, bob.userId, { id: 'game-2', seed: 'two' }, t)))?.result).room;
    const fresh = rematch.game!.questions;
    const now = rematch.game!.startsAt + 1_000;
    expect(now).toBeLessThan(started.game!.endsAt);

    // Right for the old game's question 0, where b's copy shows Bob.
    const value = old.answers[0]!;
    const outcome = ok(await answer(b.store, 'REMTCH', bob.userId, value, now));
    const rightForNewGame = isCorrectAnswer({ answer: fresh.answers[0]! }, value);
    expect(outcome.reply).toMatchObject({ correct: rightForNewGame, currentQuestion: rightForNewGame ? 1 : 0 });
    const stored = (await reader.store.get('REMTCH'))!;
    expect(stored.game!.id).toBe('game-2');
    expect(m.seatOf(stored, bob.userId)).toMatchObject({ current: rightForNewGame ? 1 : 0, score: rightForNewGame ? fresh.points[0] : 0 });
  });

  it('ends the duel early when the last question is solved on a process whose copy of the other seat is stale', async () => {
    const started = await startedRoom(a.store, b.store, 'FINISH');
    const { answers, points } = started.game!.questions;
    let t = clockStart;
    for (let i = 0; i < answers.length - 1; i++) ok(await answer(b.store, 'FINISH', bob.userId, answers[i]!, (t += 10)));
    // Alice solves everything through a; her last answer is a whole-room write, Bob not done yet.
    for (let i = 0; i < answers.length; i++) ok(await answer(a.store, 'FINISH', alice.userId, answers[i]!, (t += 10)));
    expect((await reader.store.get('FINISH'))!.status).toBe('playing');
    // b last saw Alice mid-way: its answer to Bob's last question must still see her done.
    const last = ok(await answer(b.store, 'FINISH', bob.userId, answers.at(-1)!, t + 10));
    expect(last.room.status).toBe('finished');
    const over = last.effects.find((e) => e.type === 'gameOver');
    expect(over).toMatchObject({ result: { players: [{ score: sum(points) }, { score: sum(points) }] } });
    expect((await reader.store.get('FINISH'))!.status).toBe('finished');
  });
});

function sum(values: number[]): number {
  return values.reduce((n, v) => n + v, 0);
}

describe.skipIf(!testRedisUrl)(`an idle room's expiry in Redis (needs ${NO_REDIS})`, () => {
  it("counts from idleSince on the server's clock, the one the machine stamped it with", async () => {
    const handle = await openRedis(testRedisUrl!, { prefix, logger: createLogger('silent') });
    onTestFinished(async () => {
      await handle.close();
      await dropPrefix(prefix);
    });
    // The server clock is 4 minutes past the moment the last player went away.
    const clock = new ManualClock(T0 + 4 * 60_000);
    const store = new RedisRoomStore(handle, clock);
    expect(await store.create(m.createRoom({ code: 'IDLE01', mode: 1, host: alice }))).toBe(true);
    ok((await store.update('IDLE01', (room) => m.setConnected(room, alice.userId, false, T0)))?.result);
    expect((await store.get('IDLE01'))!.idleSince).toBe(T0);

    const ttl = await handle.client.pttl(duelKeys(prefix).room('IDLE01'));
    // DUEL_ROOM_IDLE_MS (10 min) from T0, seen at T0 + 4 min: 6 minutes left, less the test's own time.
    expect(ttl).toBeLessThanOrEqual(DUEL_ROOM_IDLE_MS - 4 * 60_000);
    expect(ttl).toBeGreaterThan(DUEL_ROOM_IDLE_MS - 4 * 60_000 - 10_000);
  });
});
