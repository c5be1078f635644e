/**
 * Rating (issue #2 "Rating"): a finished Math Challenge between two signed-in players is stored once
 * and is one Glicko-2 rating period for both; ratingUpdate reaches both players' sockets and
 * leaderboardUpdate every connected client when the top list changes. Guest games are stored
 * unrated. Real server, real database, real socket.io-client.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateHeadToHead, rateContest, type Glicko2Rating } from '@mathsprint/shared/domain';
import type { LeaderboardEntry, RatingUpdateEntry, ServerToClientEvents, ClientToServerEvents } from '@mathsprint/shared/protocol';
import { gamePlayers, games, ratingHistory, users } from '../src/db/schema/index.js';
import type { Notifier } from '../src/platform/notifier.js';
import type { FinishedDuel } from '../src/duel/duel.service.js';
import { applyRatingPeriod } from '../src/rating/rating-period.js';
import { createRatingService } from '../src/rating/rating.service.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { signup, guest, type Account } from './helpers/accounts.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;




/** A socket.io-client connection, token in the handshake as the web client sends it (spec §7). */
async function connectClient(server: TestServer, token?: string): Promise<Client> {
  const socket: Client = connect(server.url, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Records every payload of event `name` that a socket receives from now on. */
function collect<E extends 'ratingUpdate' | 'leaderboardUpdate'>(socket: Client, name: E): Parameters<ServerToClientEvents[E]>[0][] {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  // Both events carry a single list; the untyped view only sidesteps the generic listener type.
  (socket as unknown as { on(event: string, listener: (payload: never) => void): void }).on(name, (payload) => {
    seen.push(payload);
  });
  return seen;
}

async function readRating(server: TestServer, id: string): Promise<Glicko2Rating> {
  const [row] = await server.database.db
    .select({ rating: users.rating, rd: users.rd, volatility: users.volatility })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

function duel(a: Account | { id: string | null; name: string; guest?: boolean }, b: typeof a, scores: [number, number]): FinishedDuel {
  const player = (p: typeof a, seat: number, score: number) => ({
    seat,
    userId: p.id,
    name: p.name,
    isGuest: 'guest' in p ? Boolean(p.guest) : false,
    score,
    solved: score / 10,
  });
  const startedAt = Date.now() - 60_000;
  return {
    gameId: randomUUID(),
    roomCode: 'ABCDEF',
    mode: 1,
    startedAt,
    endedAt: startedAt + 60_000,
    players: [player(a, 0, scores[0]), player(b, 1, scores[1])],
  };
}

describe('rating of finished Math Challenges', () => {
  let server: TestServer;
  let ann: Account;
  let bob: Account;
  let annSocket: Client;
  let bobSocket: Client;
  let watcher: Client;

  beforeAll(async () => {
    server = await startTestServer();
    ann = await signup(server, 'Ann');
    bob = await signup(server, 'Bob');
    annSocket = await connectClient(server, ann.token);
    bobSocket = await connectClient(server, bob.token);
    // No token: a visitor's dashboard still receives leaderboardUpdate.
    watcher = await connectClient(server);
  });
  afterAll(async () => {
    for (const s of [annSocket, bobSocket, watcher]) s?.disconnect();
    await server?.close();
  });

  it('stores a rated game once and applies one Glicko-2 period to both players', async () => {
    const annUpdates = collect(annSocket, 'ratingUpdate');
    const bobUpdates = collect(bobSocket, 'ratingUpdate');
    const boards = collect(watcher, 'leaderboardUpdate');
    const annBefore = await readRating(server, ann.id);
    const bobBefore = await readRating(server, bob.id);
    expect(annBefore).toEqual({ rating: 1500, rd: 350, volatility: 0.06 });

    const game = duel(ann, bob, [120, 90]);
    server.app.services.ratings.recordDuel(game);
    await server.app.services.ratings.flush();

    const db = server.database.db;
    const [row] = await db.select().from(games).where(eq(games.id, game.gameId));
    expect(row).toMatchObject({
      roomCode: 'ABCDEF',
      mode: 1,
      winnerUserId: ann.id,
      winnerName: 'Ann',
      tie: false,
      rated: true,
      startedAt: new Date(game.startedAt),
      endedAt: new Date(game.endedAt),
    });
    const players = await db.select().from(gamePlayers).where(eq(gamePlayers.gameId, game.gameId)).orderBy(gamePlayers.seat);
    expect(players).toEqual([
      { gameId: game.gameId, seat: 0, userId: ann.id, name: 'Ann', score: 120, solved: 12 },
      { gameId: game.gameId, seat: 1, userId: bob.id, name: 'Bob', score: 90, solved: 9 },
    ]);

    const [annExpected, bobExpected] = rateHeadToHead(annBefore, bobBefore, 1, { tau: server.config.GLICKO_TAU });
    const annAfter = await readRating(server, ann.id);
    const bobAfter = await readRating(server, bob.id);
    expect(annAfter.rating).toBeCloseTo(annExpected.rating, 9);
    expect(annAfter.rd).toBeCloseTo(annExpected.rd, 9);
    expect(annAfter.volatility).toBeCloseTo(annExpected.volatility, 12);
    expect(bobAfter.rating).toBeCloseTo(bobExpected.rating, 9);
    expect(bobAfter.rd).toBeCloseTo(bobExpected.rd, 9);
    expect(annAfter.rating).toBeGreaterThan(1500);
    expect(bobAfter.rating).toBeLessThan(1500);

    const history = await db.select().from(ratingHistory).where(eq(ratingHistory.sourceId, game.gameId));
    expect(history).toHaveLength(2);
    expect(history.find((h) => h.userId === ann.id)).toMatchObject({
      source: 'duel',
      ratingBefore: 1500,
      rdBefore: 350,
      volatilityBefore: 0.06,
      ratingAfter: annAfter.rating,
      rdAfter: annAfter.rd,
      volatilityAfter: annAfter.volatility,
    });

    const expectedUpdate: RatingUpdateEntry[] = [
      { _id: ann.id, name: 'Ann', rating: Math.round(annExpected.rating), rd: Math.round(annExpected.rd) },
      { _id: bob.id, name: 'Bob', rating: Math.round(bobExpected.rating), rd: Math.round(bobExpected.rd) },
    ];
    await expect.poll(() => annUpdates.length).toBe(1);
    await expect.poll(() => bobUpdates.length).toBe(1);
    expect(annUpdates[0]).toEqual(expectedUpdate);
    expect(bobUpdates[0]).toEqual(expectedUpdate);

    // Ann now leads and Bob trails: the top list changed, so every client hears it.
    await expect.poll(() => boards.length).toBeGreaterThanOrEqual(1);
    const board = boards.at(-1) as LeaderboardEntry[];
    expect(board.map((e) => e._id)).toEqual([ann.id, bob.id]);
    expect(board[0]).toEqual({ _id: ann.id, name: 'Ann', rating: Math.round(annExpected.rating), rd: Math.round(annExpected.rd) });
    const res = await fetch(`${server.url}/api/leaderboard`);
    expect(await res.json()).toEqual({ top: board });
  });

  it('ignores a second recordDuel with the same gameId, queued or already stored', async () => {
    const ratings = server.app.services.ratings;
    const annUpdates = collect(annSocket, 'ratingUpdate');
    const game = duel(ann, bob, [50, 70]);
    ratings.recordDuel(game);
    ratings.recordDuel({ ...game });
    await ratings.flush();
    const afterFirst = await readRating(server, ann.id);

    ratings.recordDuel({ ...game, players: game.players.map((p) => ({ ...p, score: p.score + 1000 })) });
    await ratings.flush();
    // A second service (as after a restart, or on another node) shares only the database.
    const notifier: Notifier = { toUser: () => {}, toAll: () => {}, toRoom: () => {} };
    const other = createRatingService({
      db: server.database.db,
      config: server.config,
      logger: pino({ level: 'silent' }),
      notifier,
      leaderboard: server.app.services.leaderboard,
    });
    other.recordDuel(game);
    await other.flush();

    const db = server.database.db;
    expect(await db.select().from(games).where(eq(games.id, game.gameId))).toHaveLength(1);
    const players = await db.select().from(gamePlayers).where(eq(gamePlayers.gameId, game.gameId));
    expect(players.map((p) => p.score).sort()).toEqual([50, 70]);
    expect(await db.select().from(ratingHistory).where(eq(ratingHistory.sourceId, game.gameId))).toHaveLength(2);
    expect(await readRating(server, ann.id)).toEqual(afterFirst);
    await new Promise((r) => setTimeout(r, 200));
    expect(annUpdates).toHaveLength(1);
  });

  it('treats equal scores as a draw (score 0.5 each) and stores a tie without a winner', async () => {
    const annBefore = await readRating(server, ann.id);
    const bobBefore = await readRating(server, bob.id);
    const game = duel(ann, bob, [80, 80]);
    server.app.services.ratings.recordDuel(game);
    await server.app.services.ratings.flush();
    const [row] = await server.database.db.select().from(games).where(eq(games.id, game.gameId));
    expect(row).toMatchObject({ tie: true, winnerUserId: null, winnerName: null, rated: true });
    const [annExpected, bobExpected] = rateHeadToHead(annBefore, bobBefore, 0.5, { tau: server.config.GLICKO_TAU });
    expect((await readRating(server, ann.id)).rating).toBeCloseTo(annExpected.rating, 9);
    expect((await readRating(server, bob.id)).rating).toBeCloseTo(bobExpected.rating, 9);
  });

  it('stores a game with a guest unrated: no rating change, no history, no ratingUpdate', async () => {
    const visitor = await guest(server);
    const guestSocket = await connectClient(server, visitor.token);
    const guestUpdates = collect(guestSocket, 'ratingUpdate');
    const annUpdates = collect(annSocket, 'ratingUpdate');
    const annBefore = await readRating(server, ann.id);
    const guestBefore = await readRating(server, visitor.id);
    const game = duel({ id: visitor.id, name: visitor.name, guest: true }, ann, [300, 10]);
    server.app.services.ratings.recordDuel(game);
    await server.app.services.ratings.flush();

    const db = server.database.db;
    const [row] = await db.select().from(games).where(eq(games.id, game.gameId));
    expect(row).toMatchObject({ rated: false, winnerUserId: visitor.id, winnerName: visitor.name, tie: false });
    expect(await db.select().from(gamePlayers).where(eq(gamePlayers.gameId, game.gameId))).toHaveLength(2);
    expect(await db.select().from(ratingHistory).where(eq(ratingHistory.sourceId, game.gameId))).toHaveLength(0);
    expect(await readRating(server, ann.id)).toEqual(annBefore);
    expect(await readRating(server, visitor.id)).toEqual(guestBefore);
    await new Promise((r) => setTimeout(r, 200));
    expect(guestUpdates).toHaveLength(0);
    expect(annUpdates).toHaveLength(0);
    guestSocket.disconnect();
  });

  it('does not rate a player against themself', async () => {
    const annBefore = await readRating(server, ann.id);
    const game = duel(ann, ann, [100, 0]);
    server.app.services.ratings.recordDuel(game);
    await server.app.services.ratings.flush();
    const [row] = await server.database.db.select().from(games).where(eq(games.id, game.gameId));
    expect(row?.rated).toBe(false);
    expect(await readRating(server, ann.id)).toEqual(annBefore);
  });

  it('writes a batch in one go and isolates a failing game, which is retried and logged', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const toUser: string[] = [];
    const notifier: Notifier = {
      toUser: (id, ..._event) => {
        toUser.push(id);
      },
      toAll: () => {},
      toRoom: () => {},
    };
    const service = createRatingService({
      db: server.database.db,
      config: server.config,
      logger,
      notifier,
      leaderboard: server.app.services.leaderboard,
    });
    const carl = await signup(server, 'Carl');
    const dora = await signup(server, 'Dora');
    const good = Array.from({ length: 5 }, (_, i) => duel(carl, dora, [i * 10 + 10, 0]));
    // A user id that does not exist: the foreign key refuses this game on every attempt.
    const bad = duel({ id: 'no-such-user', name: 'Nobody' }, carl, [10, 20]);
    for (const g of [good[0], bad, ...good.slice(1)]) service.recordDuel(g as FinishedDuel);
    await service.flush();

    const db = server.database.db;
    const stored = await db.select({ id: games.id }).from(games).where(inArray(games.id, [...good.map((g) => g.gameId), bad.gameId]));
    expect(stored.map((r) => r.id).sort()).toEqual(good.map((g) => g.gameId).sort());
    const history = await db
      .select()
      .from(ratingHistory)
      .where(and(eq(ratingHistory.userId, carl.id), eq(ratingHistory.source, 'duel')));
    expect(history).toHaveLength(5);
    // Five consecutive periods: each read the previous one's result under the row lock.
    let carlRating: Glicko2Rating = { rating: 1500, rd: 350, volatility: server.config.GLICKO_VOLATILITY };
    let doraRating: Glicko2Rating = { ...carlRating };
    for (let i = 0; i < 5; i++) [carlRating, doraRating] = rateHeadToHead(carlRating, doraRating, 1, { tau: server.config.GLICKO_TAU });
    expect((await readRating(server, carl.id)).rating).toBeCloseTo(carlRating.rating, 9);
    expect((await readRating(server, dora.id)).rating).toBeCloseTo(doraRating.rating, 9);
    expect(toUser.filter((id) => id === carl.id)).toHaveLength(5);

    const retries = lines.filter((l) => l.includes('will retry') && l.includes(bad.gameId));
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(lines.some((l) => l.includes('flush gave up') && l.includes(bad.gameId))).toBe(true);
  });

  it('writes queued games on its own, without flush(), in batches', async () => {
    const visitor = await guest(server);
    // 250 games: more than one batch (200) and more than the immediate-write trigger (100).
    const many = Array.from({ length: 250 }, () => duel({ id: visitor.id, name: visitor.name, guest: true }, bob, [0, 10]));
    for (const g of many) server.app.services.ratings.recordDuel(g);
    const ids = many.map((g) => g.gameId);
    await expect
      .poll(async () => (await server.database.db.select({ id: games.id }).from(games).where(inArray(games.id, ids))).length, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(250);
  });

  it('refuses a malformed record without throwing into the caller', async () => {
    const game = duel(ann, bob, [10, 5]);
    expect(() => server.app.services.ratings.recordDuel({ ...game, players: [] })).not.toThrow();
    expect(() =>
      server.app.services.ratings.recordDuel({ ...game, players: game.players.map((p) => ({ ...p, score: 1.5 })) }),
    ).not.toThrow();
    await server.app.services.ratings.flush();
    expect(await server.database.db.select().from(games).where(eq(games.id, game.gameId))).toHaveLength(0);
  });

  it('applyRatingPeriod serves other sources (a contest), exactly once per period', async () => {
    const players = [await signup(server, 'Eve'), await signup(server, 'Fay'), await signup(server, 'Gus')];
    const ids = players.map((p) => p.id);
    const ranks = [2, 1, 2];
    const tau = server.config.GLICKO_TAU;
    const before = await Promise.all(ids.map((id) => readRating(server, id)));
    const expected = rateContest(before, ranks, { tau });

    const changes = await server.database.db.transaction((tx) =>
      applyRatingPeriod(tx, { source: 'contest', sourceId: 'contest-1', userIds: ids, rate: (r) => rateContest(r, ranks, { tau }) }),
    );
    expect(changes?.map((c) => c.userId)).toEqual(ids);
    for (const [i, id] of ids.entries()) {
      expect((await readRating(server, id)).rating).toBeCloseTo((expected[i] as Glicko2Rating).rating, 9);
    }
    const again = await server.database.db.transaction((tx) =>
      applyRatingPeriod(tx, { source: 'contest', sourceId: 'contest-1', userIds: ids, rate: (r) => rateContest(r, ranks, { tau }) }),
    );
    expect(again).toBeNull();
    expect((await readRating(server, ids[1] as string)).rating).toBeCloseTo((expected[1] as Glicko2Rating).rating, 9);
    await expect(
      server.database.db.transaction((tx) =>
        applyRatingPeriod(tx, { source: 'contest', sourceId: 'contest-2', userIds: [ids[0] as string, 'ghost'], rate: (r) => [...r] }),
      ),
    ).rejects.toThrow(/does not exist/);
  });
});
