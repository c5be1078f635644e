/**
 * Process-local cache lifetimes run on the injected timer (platform/clock.ts `MonotonicClock`),
 * not on the game's clock nor on `Date.now()`: a test moves the timer by hand and sees a cached
 * answer kept before its lifetime ends and read again after. Here: GET /contest/stats, kept 2 s
 * while the contest is not finalized (contest.service.ts STATS_TTL_MS). A registration does not
 * drop the cached statistics (only a submit on this process does), so the count it adds shows only
 * once the lifetime has run out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContestView } from '@mathsprint/shared/protocol';
import { signup, signupOperator, type Account } from './helpers/accounts.js';
import { contestApi, type ContestApi } from './helpers/contest.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

/** Wednesday 7 January 2026, 12:00 UTC. */
const WEDNESDAY = Date.UTC(2026, 0, 7, 12, 0);

describe('cache lifetimes on the injected timer', () => {
  let server: TestServer;
  let clock: ManualClock;
  let timer: ManualClock;
  let api: ContestApi;
  let admin: Account;
  let ann: Account;
  let bob: Account;
  let contest: ContestView;

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    timer = new ManualClock(0);
    server = await startTestServer({ clock, timer, env: { CONTEST_SCHEDULER_INTERVAL_MS: '0' } });
    api = contestApi(server);
    admin = await signupOperator(server, 'Admin');
    ann = await signup(server, 'Ann');
    bob = await signup(server, 'Bob');
    const openTime = new Date(clock.now() + 60_000).toISOString();
    const created = await api.create(admin.token, { title: 'Timer Sprint', openTime, durationMinutes: 10, questionCount: 20 });
    expect(created.status).toBe(201);
    contest = created.body.contest;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('keeps contest statistics for 2 s of the timer, whatever the game clock does', async () => {
    expect((await api.register(ann.token, contest._id)).status).toBe(200);
    expect((await api.stats(contest._id)).body.stats.totalRegistered).toBe(1);

    expect((await api.register(bob.token, contest._id)).status).toBe(200);
    // Within the lifetime: the statistics read before Bob registered.
    expect((await api.stats(contest._id)).body.stats.totalRegistered).toBe(1);
    // The game clock is not what the lifetime is measured on (the contest is still upcoming).
    clock.advance(10_000);
    timer.advance(1_999);
    expect((await api.stats(contest._id)).body.stats.totalRegistered).toBe(1);

    // The lifetime has run out on the timer: read again, Bob counted.
    timer.advance(1);
    expect((await api.stats(contest._id)).body.stats.totalRegistered).toBe(2);
  });
});
