import { describe, expect, it } from 'vitest';
import { DUEL_ERRORS, DUEL_REFUSALS } from '@mathsprint/shared/protocol';
import { duelDifficulty, generateQuestions, LATEST_RULES, pointsForDifficulty } from '@mathsprint/shared/domain';
import * as m from './duel.machine.js';
import type { DuelRoom, Outcome, Transition } from './duel.machine.js';
import { MemoryRoomStore } from './room-store.js';
import { SLOT_MS, TickWheel } from './tick-wheel.js';

const T0 = Date.UTC(2026, 0, 1, 12);
const alice = { userId: 'u-alice', name: 'Alice', isGuest: false };
const bob = { userId: 'u-bob', name: 'Bob', isGuest: false };
const carol = { userId: 'u-carol', name: 'Carol', isGuest: true };

function ok<E>(outcome: Outcome<E>): Transition & E {
  if (!outcome.ok) throw new Error(`expected success, got "${outcome.error}"`);
  return outcome;
}
function refusal(outcome: Outcome<unknown>): string {
  if (outcome.ok) throw new Error('expected a refusal');
  return outcome.error;
}

/** A two-player room, started at T0 (clock running from T0 + 3 s). */
function startedRoom(mode: 1 | 2 | 3 | 5 = 1, seed = 'seed-1'): DuelRoom {
  const room = m.createRoom({ code: 'ABCDEF', mode, host: alice });
  const joined = ok(m.joinRoom(room, bob, T0)).room;
  return ok(m.startGame(joined, alice.userId, { id: 'game-1', seed }, T0)).room;
}
const clockStart = T0 + 3000;

describe('waiting room', () => {
  it('creates a room with its creator as host and connected', () => {
    const room = m.createRoom({ code: 'ABCDEF', mode: 2, host: alice });
    expect(room.status).toBe('waiting');
    expect(m.publicPlayers(room)).toEqual([{ name: 'Alice', userId: 'u-alice', score: 0, current: 0, connected: true }]);
    expect(m.isHost(room, alice.userId)).toBe(true);
    expect(m.timeLeft(room, T0)).toBe(120);
  });

  it('admits a second player, refuses a third, and treats a repeated join as a no-op', () => {
    const room = m.createRoom({ code: 'ABCDEF', mode: 1, host: alice });
    const joined = ok(m.joinRoom(room, bob, T0));
    expect(joined.effects).toEqual([{ type: 'roomUpdate' }]);
    expect(joined.room.seats.map((s) => s.name)).toEqual(['Alice', 'Bob']);
    expect(joined.room.version).toBe(room.version + 1);
    expect(m.isHost(joined.room, bob.userId)).toBe(false);

    expect(refusal(m.joinRoom(joined.room, carol, T0))).toBe(DUEL_ERRORS.roomFull);
    // A refusal carries its rule's code beside the sentence: the socket acknowledges both as they are.
    expect(m.joinRoom(joined.room, carol, T0)).toEqual({ ok: false, error: 'Room is full', code: 'ROOM_FULL' });
    expect(m.startGame(joined.room, bob.userId, { id: 'g', seed: 's' }, T0)).toEqual({ ok: false, ...DUEL_REFUSALS.notHost });
    const again = ok(m.joinRoom(joined.room, bob, T0));
    expect(again.room).toBe(joined.room);
    expect(again.effects).toEqual([]);
  });

  it('lets only the host start, only with two connected players', () => {
    const room = m.createRoom({ code: 'ABCDEF', mode: 1, host: alice });
    const game = { id: 'g', seed: 's' };
    expect(refusal(m.startGame(room, alice.userId, game, T0))).toBe(DUEL_ERRORS.needOpponent);
    const joined = ok(m.joinRoom(room, bob, T0)).room;
    expect(refusal(m.startGame(joined, bob.userId, game, T0))).toBe(DUEL_ERRORS.notHost);
    expect(refusal(m.startGame(joined, carol.userId, game, T0))).toBe(DUEL_ERRORS.notInRoom);
    const away = m.setConnected(joined, bob.userId, false, T0).room;
    expect(refusal(m.startGame(away, alice.userId, game, T0))).toBe(DUEL_ERRORS.opponentAway);
    const started = ok(m.startGame(joined, alice.userId, game, T0));
    expect(started.effects).toEqual([{ type: 'gameStarted', rematch: false }]);
    expect(refusal(m.startGame(started.room, alice.userId, game, T0))).toBe(DUEL_ERRORS.alreadyStarted);
  });

  it('passes the host to the other player when the host leaves, and closes an empty room', () => {
    const room = ok(m.joinRoom(m.createRoom({ code: 'ABCDEF', mode: 1, host: alice }), bob, T0)).room;
    const left = ok(m.leaveRoom(room, alice.userId, T0));
    expect(left.closed).toBe(false);
    expect(left.effects).toEqual([{ type: 'roomUpdate' }]);
    expect(left.room.seats.map((s) => s.name)).toEqual(['Bob']);
    expect(m.isHost(left.room, bob.userId)).toBe(true);
    const empty = ok(m.leaveRoom(left.room, bob.userId, T0));
    expect(empty.closed).toBe(true);
    expect(empty.room.seats).toEqual([]);
  });

  it('tracks connections and when the room went idle', () => {
    const room = ok(m.joinRoom(m.createRoom({ code: 'ABCDEF', mode: 1, host: alice }), bob, T0)).room;
    const aliceGone = m.setConnected(room, alice.userId, false, T0 + 10);
    expect(aliceGone.effects).toEqual([{ type: 'roomUpdate' }]);
    expect(aliceGone.room.idleSince).toBeNull();
    const bothGone = m.setConnected(aliceGone.room, bob.userId, false, T0 + 20).room;
    expect(bothGone.idleSince).toBe(T0 + 20);
    expect(m.isAbandoned(bothGone, T0 + 20 + m.DUEL_ROOM_IDLE_MS - 1)).toBe(false);
    expect(m.isAbandoned(bothGone, T0 + 20 + m.DUEL_ROOM_IDLE_MS)).toBe(true);
    const back = m.setConnected(bothGone, bob.userId, true, T0 + 30).room;
    expect(back.idleSince).toBeNull();
    expect(m.setConnected(back, bob.userId, true, T0 + 40).room).toBe(back);
  });
});

describe('a game', () => {
  it('prepares 150 questions per minute from the seed (issue #47: at least 90), worth 10 × difficulty', () => {
    const room = startedRoom(2, 'seed-q');
    const game = room.game!;
    const expected = generateQuestions('seed-q', 300, duelDifficulty, LATEST_RULES);
    expect(m.questionTexts(game.questions)).toEqual(expected.map((q) => q.text));
    expect(expected.map((_, i) => m.questionText(game.questions, i))).toEqual(expected.map((q) => q.text));
    expect(m.questionText(game.questions, 300)).toBeNull();
    expect(game.questions.answers).toEqual(expected.map((q) => q.answer));
    expect(game.questions.points).toEqual(expected.map((q) => pointsForDifficulty(q.difficulty)));
    expect(game.startsAt).toBe(clockStart);
    expect(game.endsAt).toBe(clockStart + 120_000);
    expect(m.questionTexts(m.buildQuestions('seed-q', 5))).toHaveLength(750);
    // Points go on rising past level 10 (mixed questions): 200 from question 77 on.
    expect(game.questions.points.slice(0, 1).concat(game.questions.points.slice(76, 77))).toEqual([10, 200]);
  });

  it('runs the clock after the 3 s countdown, in whole seconds rounded up', () => {
    const room = startedRoom(1);
    expect(m.timeLeft(room, T0)).toBe(60);
    expect(m.timeLeft(room, clockStart + 1)).toBe(60);
    expect(m.timeLeft(room, clockStart + 1000)).toBe(59);
    expect(m.timeLeft(room, clockStart + 59_001)).toBe(1);
    expect(m.timeLeft(room, clockStart + 60_000)).toBe(0);
  });

  it('refuses answers during the countdown and after time is up', () => {
    const room = startedRoom(1);
    const right = room.game!.questions.answers[0]!;
    expect(refusal(m.submitAnswer(room, alice.userId, right, T0 + 2999))).toBe(DUEL_ERRORS.notStarted);
    expect(refusal(m.submitAnswer(room, alice.userId, right, clockStart + 60_000))).toBe(DUEL_ERRORS.timeUp);
    expect(refusal(m.submitAnswer(room, carol.userId, right, clockStart))).toBe(DUEL_ERRORS.notInRoom);
    const waiting = m.createRoom({ code: 'ABCDEF', mode: 1, host: alice });
    expect(refusal(m.submitAnswer(waiting, alice.userId, 1, T0))).toBe(DUEL_ERRORS.notStarted);
  });

  it('leaves a wrong answer in place and scores a right one', () => {
    const room = startedRoom(1);
    const q = { ...room.game!.questions, texts: m.questionTexts(room.game!.questions) };
    const wrong = ok(m.submitAnswer(room, alice.userId, q.answers[0]! + 1, clockStart));
    expect(wrong.room).toBe(room);
    expect(wrong.effects).toEqual([]);
    expect(wrong.reply).toEqual({ correct: false, score: 0, currentQuestion: 0, nextQuestion: q.texts[0] });

    const right = ok(m.submitAnswer(room, alice.userId, q.answers[0]!, clockStart + 10));
    expect(right.reply).toEqual({ correct: true, score: q.points[0], currentQuestion: 1, nextQuestion: q.texts[1] });
    expect(right.effects).toEqual([{ type: 'progressUpdate' }]);
    expect(m.seatOf(right.room, alice.userId)).toMatchObject({ score: q.points[0], current: 1 });
    expect(m.seatOf(right.room, bob.userId)).toMatchObject({ score: 0, current: 0 });
    expect(right.room.game).toBe(room.game);
  });

  it('ends on time, dated at the end of the clock, with the higher score winning', () => {
    let room = startedRoom(1);
    const q = room.game!.questions;
    room = ok(m.submitAnswer(room, bob.userId, q.answers[0]!, clockStart + 5)).room;
    expect(m.tick(room, clockStart + 59_999)).toBeNull();
    const ended = m.tick(room, clockStart + 60_400)!;
    expect(ended.room.status).toBe('finished');
    expect(ended.room.game!.endedAt).toBe(clockStart + 60_000);
    expect(ended.effects[0]).toEqual({ type: 'progressUpdate' });
    const over = ended.effects[1];
    expect(over).toEqual({
      type: 'gameOver',
      winner: 'Bob',
      result: {
        gameId: 'game-1',
        roomCode: 'ABCDEF',
        mode: 1,
        startedAt: clockStart,
        endedAt: clockStart + 60_000,
        players: [
          { seat: 0, userId: 'u-alice', name: 'Alice', isGuest: false, score: 0, solved: 0 },
          { seat: 1, userId: 'u-bob', name: 'Bob', isGuest: false, score: q.points[0], solved: 1 },
        ],
      },
    });
    expect(m.rankedPlayers(ended.room).map((p) => p.name)).toEqual(['Bob', 'Alice']);
    expect(m.timeLeft(ended.room, clockStart + 60_400)).toBe(0);
    expect(m.tick(ended.room, clockStart + 70_000)).toBeNull();
    expect(refusal(m.submitAnswer(ended.room, bob.userId, q.answers[1]!, clockStart + 60_500))).toBe(DUEL_ERRORS.timeUp);
  });

  it('calls equal scores a tie', () => {
    const ended = m.tick(startedRoom(1), clockStart + 60_000)!;
    expect(ended.effects[1]).toMatchObject({ type: 'gameOver', winner: null });
  });

  it('ends early when both players have solved every question', () => {
    let room = startedRoom(1);
    const { answers, points } = room.game!.questions;
    const texts = m.questionTexts(room.game!.questions);
    let t = clockStart;
    for (let i = 0; i < answers.length; i++) room = ok(m.submitAnswer(room, alice.userId, answers[i]!, (t += 10))).room;
    expect(room.status).toBe('playing');
    expect(refusal(m.submitAnswer(room, alice.userId, 1, (t += 10)))).toBe(DUEL_ERRORS.allSolved);
    let last: ReturnType<typeof m.submitAnswer> | undefined;
    for (let i = 0; i < answers.length; i++) {
      last = m.submitAnswer(room, bob.userId, answers[i]!, (t += 10));
      room = ok(last).room;
    }
    const final = ok(last!);
    expect(final.reply).toEqual({ correct: true, score: sum(points), currentQuestion: texts.length, nextQuestion: null });
    expect(final.room.status).toBe('finished');
    expect(final.effects.map((e) => e.type)).toEqual(['progressUpdate', 'gameOver']);
    expect(final.room.game!.endedAt).toBe(t);
  });

  it('cannot be left while it runs', () => {
    expect(refusal(m.leaveRoom(startedRoom(1), bob.userId, T0))).toBe(DUEL_ERRORS.finishCurrent);
  });

  it('snapshots the room for a rejoining player without answers', () => {
    let room = startedRoom(1);
    const q = { ...room.game!.questions, texts: m.questionTexts(room.game!.questions) };
    room = ok(m.submitAnswer(room, bob.userId, q.answers[0]!, clockStart + 5)).room;
    const snap = m.snapshotFor(room, bob.userId, clockStart + 10_500);
    expect(snap).toEqual({
      players: m.publicPlayers(room),
      timeLeft: 50,
      playerState: { current: 1, score: q.points[0] },
      questions: q.texts,
      mode: 1,
      roomCode: 'ABCDEF',
      status: 'playing',
      isHost: false,
    });
    expect(JSON.stringify(snap)).not.toContain('answers');
  });
});

describe('progressOnlySeat', () => {
  it("names the seat of a right answer that leaves the player questions to go", () => {
    const room = startedRoom(1);
    const { answers } = room.game!.questions;
    const alicesRight = ok(m.submitAnswer(room, alice.userId, answers[0]!, clockStart + 10)).room;
    expect(m.progressOnlySeat(room, alicesRight)).toBe(0);
    const bobsRight = ok(m.submitAnswer(alicesRight, bob.userId, answers[0]!, clockStart + 20)).room;
    expect(m.progressOnlySeat(alicesRight, bobsRight)).toBe(1);
  });

  it('refuses every other change: structure, two seats, the last question, an end, a skipped version', () => {
    const room = startedRoom(1);
    const { answers } = room.game!.questions;
    const right = ok(m.submitAnswer(room, alice.userId, answers[0]!, clockStart + 10)).room;
    // A connection change moves the seat's structure, not its progress.
    expect(m.progressOnlySeat(room, m.setConnected(room, bob.userId, false, clockStart).room)).toBe(-1);
    // Two answers at once are two changes (and a version skipped).
    const both = ok(m.submitAnswer(right, bob.userId, answers[0]!, clockStart + 20)).room;
    expect(m.progressOnlySeat(room, both)).toBe(-1);
    expect(m.progressOnlySeat(room, { ...right, version: right.version + 1 })).toBe(-1);
    // The clock ending the game.
    expect(m.progressOnlySeat(room, m.tick(room, clockStart + 60_000)!.room)).toBe(-1);
    // Any field of the room beside the seats, even one the machine does not know yet.
    expect(m.progressOnlySeat(room, { ...right, idleSince: clockStart })).toBe(-1);
    expect(m.progressOnlySeat(room, { ...right, extra: 1 } as DuelRoom)).toBe(-1);
    // The answer to the last question: whether the duel ends then depends on the other seat.
    let solving = room;
    for (let i = 0; i < answers.length - 1; i++) solving = ok(m.submitAnswer(solving, alice.userId, answers[i]!, clockStart + 10 + i)).room;
    const last = ok(m.submitAnswer(solving, alice.userId, answers.at(-1)!, clockStart + 500)).room;
    expect(m.seatOf(last, alice.userId)!.current).toBe(answers.length);
    expect(m.progressOnlySeat(solving, last)).toBe(-1);
  });
});

describe('rematch', () => {
  const finished = () => m.tick(startedRoom(1, 'first'), clockStart + 60_000)!.room;
  const next = { id: 'game-2', seed: 'second' };
  const later = clockStart + 70_000;

  it('is refused before the game is over', () => {
    expect(refusal(m.requestRematch(startedRoom(1), alice.userId, next, later))).toBe(DUEL_ERRORS.notOver);
  });

  it('tells the other player, then starts a new game with new questions when both asked', () => {
    const room = finished();
    const asked = ok(m.requestRematch(room, bob.userId, next, later));
    expect(asked.effects).toEqual([{ type: 'rematchRequested', byUserId: bob.userId, name: 'Bob' }]);
    expect(ok(m.requestRematch(asked.room, bob.userId, next, later)).room).toBe(asked.room);

    const started = ok(m.requestRematch(asked.room, alice.userId, next, later));
    expect(started.effects).toEqual([{ type: 'gameStarted', rematch: true }]);
    const r = started.room;
    expect(r.status).toBe('playing');
    expect(r.game!.id).toBe('game-2');
    expect(r.game!.startsAt).toBe(later + 3000);
    expect(m.questionTexts(r.game!.questions)).not.toEqual(m.questionTexts(room.game!.questions));
    expect(r.seats.map((s) => [s.score, s.current, s.rematch])).toEqual([
      [0, 0, false],
      [0, 0, false],
    ]);
  });

  it('is refused when the opponent left or has no connection', () => {
    const room = finished();
    const left = ok(m.leaveRoom(room, bob.userId, later));
    expect(left.closed).toBe(false);
    expect(m.seatOf(left.room, bob.userId)).toBeUndefined();
    expect(left.room.seats).toHaveLength(2);
    expect(refusal(m.requestRematch(left.room, alice.userId, next, later))).toBe(DUEL_ERRORS.opponentLeft);
    const away = m.setConnected(room, bob.userId, false, later).room;
    expect(refusal(m.requestRematch(away, alice.userId, next, later))).toBe(DUEL_ERRORS.opponentLeft);
    expect(ok(m.leaveRoom(left.room, alice.userId, later)).closed).toBe(true);
  });

  it('is announced again to a player back during its countdown or after its clock started, only while they have not scored', () => {
    const first = startedRoom(1, 'first');
    // The first game of a room is announced by gameStarted, not by the rematch's events.
    expect(m.missedRematch(first, bob.userId, clockStart - 1000)).toBeNull();
    expect(m.missedRematch(first, bob.userId, clockStart + 1000)).toBeNull();
    const asked = ok(m.requestRematch(finished(), bob.userId, next, later)).room;
    expect(m.missedRematch(asked, bob.userId, later)).toBeNull(); // asked, not started
    const r = ok(m.requestRematch(asked, alice.userId, next, later)).room;
    const starts = r.game!.startsAt;
    expect(m.missedRematch(r, bob.userId, later)).toEqual({ event: 'rematchStarting', seconds: 3 });
    expect(m.missedRematch(r, bob.userId, starts - 2001)).toEqual({ event: 'rematchStarting', seconds: 3 });
    expect(m.missedRematch(r, bob.userId, starts - 2000)).toEqual({ event: 'rematchStarting', seconds: 2 });
    expect(m.missedRematch(r, bob.userId, starts - 1)).toEqual({ event: 'rematchStarting', seconds: 1 });
    expect(m.missedRematch(r, bob.userId, starts)).toEqual({ event: 'rematchStarted' });
    expect(m.missedRematch(r, carol.userId, starts)).toBeNull();
    const scored = ok(m.submitAnswer(r, bob.userId, r.game!.questions.answers[0]!, starts + 500)).room;
    expect(m.missedRematch(scored, bob.userId, starts + 1000)).toBeNull();
    expect(m.missedRematch(scored, alice.userId, starts + 1000)).toEqual({ event: 'rematchStarted' });
    expect(m.rematchStartedPayload(r)).toEqual({ questions: m.questionTexts(r.game!.questions), mode: 1, players: m.publicPlayers(r) });
  });

  it('tells a rejoining player how long the start countdown still runs, and nothing once the clock started', () => {
    const room = startedRoom(1);
    const starts = room.game!.startsAt;
    expect(m.snapshotFor(room, bob.userId, starts - 1200).startsInMs).toBe(1200);
    expect(m.snapshotFor(room, bob.userId, starts)).not.toHaveProperty('startsInMs');
    expect(m.snapshotFor(m.tick(room, starts + 60_000)!.room, bob.userId, starts + 60_000)).not.toHaveProperty('startsInMs');
  });
});

describe('MemoryRoomStore', async () => {
  it('indexes rooms by the users sitting in them', async () => {
    const store = new MemoryRoomStore();
    const room = m.createRoom({ code: 'ABCDEF', mode: 1, host: alice });
    store.save(room);
    expect(await store.findByUser(alice.userId)).toBe(room);
    const joined = ok(m.joinRoom(room, bob, T0)).room;
    store.save(joined);
    expect(await store.findByUser(bob.userId)).toBe(joined);
    const left = ok(m.leaveRoom(joined, bob.userId, T0)).room;
    store.save(left);
    expect(await store.findByUser(bob.userId)).toBeUndefined();
    expect(await store.findByUser(alice.userId)).toBe(left);
    await store.delete('ABCDEF');
    expect(await store.findByUser(alice.userId)).toBeUndefined();
    expect(await store.size()).toBe(0);
  });

  it('drops a user who left a finished room from the index', async () => {
    const store = new MemoryRoomStore();
    const finished = m.tick(startedRoom(1), clockStart + 60_000)!.room;
    store.save(finished);
    store.save(ok(m.leaveRoom(finished, bob.userId, clockStart + 61_000)).room);
    expect(await store.findByUser(bob.userId)).toBeUndefined();
    expect((await store.findByUser(alice.userId))?.code).toBe('ABCDEF');
  });
});

describe('TickWheel', () => {
  it('visits each room once per second, just after its own whole seconds', () => {
    const wheel = new TickWheel();
    const start = 1_000_000;
    // A room is visited in the slot after the one holding its start (and each whole second after).
    wheel.add('A', start + SLOT_MS / 2);
    wheel.add('B', start + 500 + SLOT_MS / 2);
    const visits: Array<[string, number]> = [];
    for (let t = start; t < start + 3000; t += SLOT_MS) wheel.due(t, (code) => visits.push([code, t - start]));
    expect(visits).toEqual([
      ['A', SLOT_MS],
      ['B', 500 + SLOT_MS],
      ['A', 1000 + SLOT_MS],
      ['B', 1500 + SLOT_MS],
      ['A', 2000 + SLOT_MS],
      ['B', 2500 + SLOT_MS],
    ]);
  });

  it('catches up at most one turn after a stall, and forgets removed rooms', () => {
    const wheel = new TickWheel();
    wheel.add('A', 0);
    wheel.add('B', 500);
    const seen: string[] = [];
    wheel.due(0, (c) => seen.push(c));
    wheel.due(60_000, (c) => seen.push(c));
    expect(seen.sort()).toEqual(['A', 'B']);
    wheel.remove('A');
    seen.length = 0;
    wheel.all((c) => seen.push(c));
    expect(seen).toEqual(['B']);
    expect(wheel.size).toBe(1);
  });
});

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
