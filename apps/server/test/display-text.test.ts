/**
 * Text that lies about itself (issue #46 part 5), through the real HTTP API and a real socket: a
 * name, an operator's contest title or a daily comment holding a control or format character
 * (a right-to-left override U+202E, a zero-width space U+200B, a line break in a name) is refused
 * with 400 and a message naming the field and the character, and nothing is stored or broadcast;
 * emoji ZWJ sequences and a comment's line breaks stay.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, ContestResponse, DailyComment, DailyCommentsResponse } from '@mathsprint/shared/protocol';
import { contests, dailyComments, users } from '../src/db/schema/index.js';
import { signup, signupOperator, type Account } from './helpers/accounts.js';
import { call, connectClient, nextEvent, submitSection, type Client } from './helpers/daily.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

const TODAY = '2026-01-29';

describe('control and format characters in text other players see', () => {
  let server: TestServer;
  let operator: Account;
  let ann: Account;
  let bobSocket: Client;

  beforeAll(async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 29, 9, 0));
    server = await startTestServer({ clock, env: { CONTEST_SCHEDULER_INTERVAL_MS: '0', SIGNUP_RATE_LIMIT: '1000' } });
    operator = await signupOperator(server, 'Olga');
    ann = await signup(server, 'Ann');
    const bob = await signup(server, 'Bob');
    // A section's discussion opens to a player once they have submitted it.
    for (const account of [ann, bob]) await submitSection(server, account.token, TODAY, 'basic');
    bobSocket = await connectClient(server, bob.token);
    expect(await bobSocket.timeout(3000).emitWithAck('joinCommentRoom', { date: TODAY, sectionKey: 'basic' })).toEqual({});
  });
  afterAll(async () => {
    bobSocket?.disconnect();
    await server?.close();
  });

  const usersWith = async (email: string) => (await server.database.db.select({ n: count() }).from(users).where(eq(users.email, email)))[0]!.n;

  it.each([
    ['Ann\u202EeeL', 'U+202E'],
    ['Ann\u200BLee', 'U+200B'],
    ['Ann\nLee', 'U+000A'],
    ['\u2067Ann', 'U+2067'],
  ])('refuses the sign-up name %j and stores no account', async (name, found) => {
    const email = `${randomUUID()}@example.com`;
    const reply = await call(server, 'POST', '/signup', { body: { name, email, password: 'password123' } });
    expect([reply.status, reply.body]).toEqual([400, { error: `Name must not contain control or format characters (${found})`, code: 'INVALID_INPUT' }]);
    expect(await usersWith(email)).toBe(0);
  });

  it('keeps a name with an emoji ZWJ sequence as typed', async () => {
    const reply = await call<AuthResponse>(server, 'POST', '/signup', { body: { name: 'Zoë 👩🏽‍💻', email: `${randomUUID()}@example.com`, password: 'password123' } });
    expect(reply.status).toBe(201);
    expect(reply.body.user.name).toBe('Zoë 👩🏽‍💻');
  });

  it('refuses a contest title with a right-to-left override or a zero-width space and schedules nothing', async () => {
    const before = (await server.database.db.select({ n: count() }).from(contests))[0]!.n;
    const body = (title: string) => ({ title, openTime: new Date(server.clock.now() + 3_600_000).toISOString(), durationMinutes: 10, questionCount: 5 });
    for (const [title, found] of [
      ['Weekly \u202Etsetnoc', 'U+202E'],
      ['Weekly\u200B Contest', 'U+200B'],
    ]) {
      const reply = await call(server, 'POST', '/admin/contests', { token: operator.token, body: body(title!) });
      expect([reply.status, reply.body]).toEqual([400, { error: `Contest title must not contain control or format characters (${found})`, code: 'INVALID_INPUT' }]);
    }
    expect((await server.database.db.select({ n: count() }).from(contests))[0]!.n).toBe(before);

    const pride = await call<ContestResponse>(server, 'POST', '/admin/contests', { token: operator.token, body: body('🏳️‍🌈 Pride Cup') });
    expect(pride.status).toBe(201);
    expect(pride.body.contest.title).toBe('🏳️‍🌈 Pride Cup');
  });

  it('refuses a comment with a bidi override or a zero-width space, storing and broadcasting nothing; keeps line breaks', async () => {
    const post = (text: string) => call<{ comment: DailyComment }>(server, 'POST', '/api/daily/comment', { token: ann.token, body: { date: TODAY, sectionKey: 'basic', text } });
    const live = nextEvent(bobSocket, 'newComment');
    for (const [text, found] of [
      ['7 × 8 = \u202E65', 'U+202E'],
      ['try\u200Bthis', 'U+200B'],
      ['line one\r\nline two', 'U+000D'],
    ]) {
      const reply = await post(text!);
      expect([reply.status, reply.body]).toEqual([400, { error: `Comment must not contain control or format characters (${found})`, code: 'INVALID_INPUT' }]);
    }
    expect((await server.database.db.select({ n: count() }).from(dailyComments))[0]!.n).toBe(0);

    // The first comment the room hears is the one accepted after the refusals.
    const accepted = await post('Split it:\n7 × 8 = 7 × 4 × 2 👨‍👩‍👧');
    expect(accepted.status).toBe(201);
    expect((await live).text).toBe('Split it:\n7 × 8 = 7 × 4 × 2 👨‍👩‍👧');
    const listed = await call<DailyCommentsResponse>(server, 'GET', `/api/daily/comments?date=${TODAY}&sectionKey=basic`, { token: ann.token });
    expect(listed.body.comments.map((c) => c.text)).toEqual(['Split it:\n7 × 8 = 7 × 4 × 2 👨‍👩‍👧']);
  });
});
