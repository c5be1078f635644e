/**
 * A contest's questions are regenerated from its stored seed by the generator version stored beside
 * it (contests.question_version), so a contest made before generator version 2 keeps, through the
 * start, answer checking, close and review, exactly the questions its players were given; contests
 * made now use version 2. Real server, real HTTP, PGlite, the injected clock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestQuestions, LATEST_GENERATOR_VERSION } from '@mathsprint/shared/domain';
import { contests } from '../src/db/schema/index.js';
import { signup, signupOperator, type Account } from './helpers/accounts.js';
import { contestApi, type ContestApi } from './helpers/contest.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

/** Wednesday 7 January 2026, 12:00 UTC. */
const WEDNESDAY = Date.UTC(2026, 0, 7, 12, 0);
const OLD_ID = 'contest-before-question-versions';
const OLD_SEED = 'seed-before-question-versions';

describe('contest question generator version', () => {
  let server: TestServer;
  let clock: ManualClock;
  let api: ContestApi;
  let admin: Account;
  let ann: Account;
  const v1 = contestQuestions(OLD_SEED, 20, 1);
  const v2 = contestQuestions(OLD_SEED, 20, 2);

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    server = await startTestServer({ clock, env: { CONTEST_SCHEDULER_INTERVAL_MS: '0', SIGNUP_RATE_LIMIT: '1000' } });
    api = contestApi(server);
    admin = await signupOperator(server, 'Admin');
    ann = await signup(server, 'Ann');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('stores version 2 with a contest made now', async () => {
    const openTime = new Date(clock.now() + 3_600_000).toISOString();
    const created = await api.create(admin.token, { title: 'New Rules', openTime, durationMinutes: 10, questionCount: 20 });
    expect(created.status).toBe(201);
    const [row] = await server.database.db.select().from(contests).where(eq(contests.id, created.body.contest._id));
    expect(row?.questionVersion).toBe(LATEST_GENERATOR_VERSION);
    expect(LATEST_GENERATOR_VERSION).toBe(2);
  });

  it('serves, checks and reviews a contest stored before versions by version 1', async () => {
    // The seed draws other questions under version 2, so serving the wrong version would show.
    expect(v1.map((q) => q.text)).not.toEqual(v2.map((q) => q.text));
    const openMs = clock.now() + 60_000;
    // A row as the migration leaves one made before it: no version written, the column default.
    await server.database.db.insert(contests).values({
      id: OLD_ID,
      title: 'Before Versions',
      openTime: new Date(openMs),
      closeTime: new Date(openMs + 10 * 60_000),
      durationMinutes: 10,
      questionCount: 20,
      seed: OLD_SEED,
      createdAt: new Date(clock.now()),
    });
    const [row] = await server.database.db.select().from(contests).where(eq(contests.id, OLD_ID));
    expect(row?.questionVersion).toBe(1);

    expect((await api.register(ann.token, OLD_ID)).status).toBe(200);
    clock.set(openMs);
    await server.app.services.contests.tick();
    const started = await api.start(ann.token, OLD_ID);
    expect(started.status).toBe(200);
    expect(started.body.questions.map((q) => q.question)).toEqual(v1.map((q) => q.text));
    for (const [i, q] of v1.entries()) {
      clock.advance(1_000);
      expect((await api.answer(ann.token, { contestId: OLD_ID, questionIndex: i, answer: q.answer, timeSpent: 1 })).status).toBe(200);
    }
    expect((await api.submit(ann.token, OLD_ID)).status).toBe(200);

    clock.set(openMs + 10 * 60_000 + 1);
    await server.app.services.contests.tick();
    const past = await api.past(ann.token, OLD_ID);
    expect(past.status).toBe(200);
    const review = past.body.contestDetails.questions;
    expect(review.map((q) => [q.question, q.correctAnswer, q.explanation])).toEqual(v1.map((q) => [q.text, q.answer, q.explanation]));
    expect(review.every((q) => q.isCorrect)).toBe(true);
    expect(past.body.contestDetails.attempt.correctAnswers).toBe(20);
  });
});
