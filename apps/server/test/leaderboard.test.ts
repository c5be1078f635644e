/**
 * GET /api/leaderboard (spec §7 "Global leaderboard"): `{ top: [{ _id, name, rating, rd }] }`, the
 * top non-guest players by rating, served from the in-memory snapshot and changed by refresh().
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { createLeaderboardService, LEADERBOARD_SIZE } from '../src/leaderboard/leaderboard.service.js';
import { ManualClock } from '../src/platform/clock.js';
import { createLogger } from '../src/platform/logger.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { signup, guest, type Account } from './helpers/accounts.js';
import { connectPlayer, nextWhere } from './helpers/socket-client.js';




async function getLeaderboard(server: TestServer): Promise<{ status: number; headers: Headers; body: unknown }> {
  const res = await fetch(`${server.url}/api/leaderboard`);
  return { status: res.status, headers: res.headers, body: await res.json() };
}

describe('GET /api/leaderboard', () => {
  let server: TestServer;
  let ann: Account;
  let bob: Account;
  let cat: Account;
  let ghost: Account;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers { top: [] } on an empty database, as JSON with the security headers', async () => {
    const { status, headers, body } = await getLeaderboard(server);
    expect(status).toBe(200);
    expect(body).toEqual({ top: [] });
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('lists non-guests by rating descending, equal ratings by name, rounded, after a refresh', async () => {
    bob = await signup(server, 'Bob');
    ann = await signup(server, 'Ann');
    cat = await signup(server, 'Cat');
    ghost = await guest(server);
    const db = server.database.db;
    await db.update(users).set({ rating: 1612.6, rd: 80.4 }).where(eq(users.id, cat.id));
    await db.update(users).set({ rating: 1500.2, rd: 349.5 }).where(eq(users.id, bob.id));
    await db.update(users).set({ rating: 1500.4, rd: 200 }).where(eq(users.id, ann.id));
    // The guest is rated highest and must still not appear (spec §3: guests are unrated).
    await db.update(users).set({ rating: 2400 }).where(eq(users.id, ghost.id));

    expect(await server.app.services.leaderboard.refresh()).toBe(true);
    const { body } = await getLeaderboard(server);
    expect(body).toEqual({
      top: [
        { _id: cat.id, name: 'Cat', rating: 1613, rd: 80 },
        // 1500.4 and 1500.2 are both shown as 1500; the board orders by the stored rating.
        { _id: ann.id, name: 'Ann', rating: 1500, rd: 200 },
        { _id: bob.id, name: 'Bob', rating: 1500, rd: 350 },
      ],
    });
  });

  it('orders equal stored ratings by name', async () => {
    const db = server.database.db;
    await db.update(users).set({ rating: 1500 }).where(eq(users.id, ann.id));
    await db.update(users).set({ rating: 1500 }).where(eq(users.id, bob.id));
    await server.app.services.leaderboard.refresh();
    const { body } = (await getLeaderboard(server)) as { body: { top: { name: string }[] } };
    expect(body.top.map((e) => e.name)).toEqual(['Cat', 'Ann', 'Bob']);
  });

  it('keeps serving the snapshot until refresh(), which reports whether the list changed', async () => {
    const lb = server.app.services.leaderboard;
    expect(await lb.refresh()).toBe(false);
    await server.database.db.update(users).set({ rating: 1700 }).where(eq(users.id, bob.id));
    const before = (await getLeaderboard(server)).body as { top: { name: string }[] };
    expect(before.top[0]?.name).toBe('Cat');

    expect(await lb.refresh()).toBe(true);
    const after = (await getLeaderboard(server)).body as { top: { name: string; rating: number }[] };
    expect(after.top[0]).toMatchObject({ name: 'Bob', rating: 1700 });
    expect(lb.top()).toEqual((after as { top: unknown }).top);
    // A change below display precision is not a change of the list.
    await server.database.db.update(users).set({ rating: 1700.3 }).where(eq(users.id, bob.id));
    expect(await lb.refresh()).toBe(false);
  });

  it('coalesces concurrent refreshes: callers during a read share one more read after it', async () => {
    const lb = server.app.services.leaderboard;
    await server.database.db.update(users).set({ rating: 1800 }).where(eq(users.id, ann.id));
    const first = lb.refresh();
    const second = lb.refresh();
    const third = lb.refresh();
    expect(second).toBe(third);
    expect(second).not.toBe(first);
    expect(await first).toBe(true);
    expect(await second).toBe(false);
    expect(lb.top()[0]).toMatchObject({ name: 'Ann', rating: 1800 });
  });

  it(`holds at most ${LEADERBOARD_SIZE} players`, async () => {
    const db = server.database.db;
    await db.insert(users).values(
      Array.from({ length: 60 }, (_, i) => ({ id: `bulk-${i}`, name: `Bulk ${String(i).padStart(2, '0')}`, rating: 1000 + i })),
    );
    await server.app.services.leaderboard.refresh();
    const { body } = (await getLeaderboard(server)) as { body: { top: { _id: string; rating: number }[] } };
    expect(body.top).toHaveLength(LEADERBOARD_SIZE);
    const ratings = body.top.map((e) => e.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(body.top.some((e) => e._id === ghost.id)).toBe(false);
    // The three real accounts are above every bulk row (1000..1059), which fill the rest.
    expect(body.top.slice(0, 3).map((e) => e._id).sort()).toEqual([ann.id, bob.id, cat.id].sort());
    expect(body.top[3]?._id).toBe('bulk-59');
  });

  it('lists a new player, and pushes the board to every client, before answering their sign-up', async () => {
    const watcher = await connectPlayer(server.url, ghost.token);
    try {
      const pushed = nextWhere(watcher, 'leaderboardUpdate', (top) => top.some((e) => e.name === 'Eve'));
      // Rated 1500, above the bulk rows: she enters the full board at 4th place.
      const eve = await signup(server, 'Eve');
      const { body } = (await getLeaderboard(server)) as { body: { top: { _id: string }[] } };
      expect(body.top.findIndex((e) => e._id === eve.id)).toBe(3);
      expect(body.top).toHaveLength(LEADERBOARD_SIZE);
      const top = await pushed;
      expect(top.map((e) => e._id)).toEqual(body.top.map((e) => e._id));
      // A guest never enters it, so no second push follows a guest's arrival.
      expect(await server.app.services.leaderboard.refresh()).toBe(false);
    } finally {
      watcher.disconnect();
    }
  });

  it('refreshes a stale snapshot in the background when it is read (picks up sign-ups)', async () => {
    const timer = new ManualClock(1_000_000);
    const lb = createLeaderboardService({
      db: server.database.db,
      logger: createLogger('silent'),
      staleAfterMs: 5_000,
      timer,
    });
    await lb.refresh();
    const before = JSON.parse(lb.body().toString()) as { top: unknown[] };
    const dan = await signup(server, 'Dan');
    await server.database.db.update(users).set({ rating: 2100 }).where(eq(users.id, dan.id));
    timer.advance(4_000);
    expect(JSON.parse(lb.body().toString())).toEqual(before);
    timer.advance(2_000);
    lb.body(); // stale: starts a background read and still answers with the old snapshot
    await expect.poll(() => lb.top()[0]?._id, { timeout: 5_000 }).toBe(dan.id);
  });
});
