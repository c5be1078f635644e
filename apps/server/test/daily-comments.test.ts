/**
 * The daily discussion (issue #4 "Discussion") against the real server: comments and votes over
 * HTTP, their live broadcast to the room 'comments:{date}:{sectionKey}' through two socket.io
 * clients, forged client events that are never relayed, validation, the per-user rate limit, and
 * the rule that a discussion is a player's only once they submitted its set (issue #47; the
 * submission keeps a player whose rating fell in). daily-oracle.test.ts covers the refusals before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyComment, DailyCommentResponse, DailyCommentsResponse } from '@mathsprint/shared/protocol';
import { guest, signup, type Account } from './helpers/accounts.js';
import { call, connectClient, correctAnswers, nextEvent, setRating, submitSection, type Client } from './helpers/daily.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

const TODAY = '2026-01-29';
const RATE_LIMIT = 4;
/** The rate limit's window: real time (the limiter's clock is the library's, not the injected one), long enough for five posts. */
const RATE_WINDOW_MS = 3000;

describe('daily discussion', () => {
  let server: TestServer;
  let clock: ManualClock;
  let ann: Account;
  let bob: Account;
  let annSocket: Client;
  let bobSocket: Client;
  const sockets: Client[] = [];

  const comment = (token: string, text: unknown, sectionKey = 'basic', date = TODAY) =>
    call<DailyCommentResponse>(server, 'POST', '/api/daily/comment', { token, body: { date, sectionKey, text } });
  const vote = (token: string, id: string, voteType: unknown) =>
    call<DailyCommentResponse>(server, 'POST', `/api/daily/comments/${id}/vote`, { token, body: { voteType } });
  const list = (token: string, sectionKey = 'basic', date = TODAY) =>
    call<DailyCommentsResponse>(server, 'GET', `/api/daily/comments?date=${date}&sectionKey=${sectionKey}&limit=200`, { token });
  const join = (socket: Client, payload: unknown) => socket.timeout(3000).emitWithAck('joinCommentRoom', payload);
  /** Opens and submits today's `sectionKey` as `account`: the discussion is theirs from then on. */
  const submitSet = async (account: Account, sectionKey: 'basic' | 'intermediate') => {
    expect((await call(server, 'GET', `/api/daily/section/${TODAY}/${sectionKey}`, { token: account.token })).status).toBe(200);
    const res = await call(server, 'POST', '/api/daily/submit', { token: account.token, body: { date: TODAY, sectionKey, answers: correctAnswers(TODAY, sectionKey) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const connect = async (token?: string) => {
    const socket = await connectClient(server, token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 0, 29, 9, 0));
    // The rate limit is tested on a server of its own below; here it must not get in the way.
    server = await startTestServer({ clock, env: { DAILY_COMMENT_RATE_LIMIT: '1000' } });
    [ann, bob] = await Promise.all([signup(server, 'Ann'), signup(server, 'Bob')]);
    await setRating(server, bob.id, 1650);
    for (const [account, key] of [[ann, 'basic'], [bob, 'basic'], [bob, 'intermediate']] as const) await submitSet(account, key);
    [annSocket, bobSocket] = await Promise.all([connect(ann.token), connect(bob.token)]);
    expect(await join(annSocket, { date: TODAY, sectionKey: 'basic' })).toEqual({});
    expect(await join(bobSocket, { date: TODAY, sectionKey: 'basic' })).toEqual({});
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
  });

  it('sends a stored comment live to the room, as plain text', async () => {
    clock.advance(60_000);
    const markup = '<img src=x onerror="alert(1)"> is 7 × 8 = 56?';
    const live = nextEvent(bobSocket, 'newComment');
    const res = await comment(ann.token, `  ${markup}  `);
    expect(res.status).toBe(201);
    const expected: DailyComment = {
      _id: res.body.comment._id,
      text: markup,
      user: { _id: ann.id, name: 'Ann' },
      createdAt: new Date(clock.now()).toISOString(),
      votes: {},
      date: TODAY,
      sectionKey: 'basic',
    };
    expect(res.body.comment).toEqual(expected);
    expect(await live).toEqual(expected);
    const list = await call<DailyCommentsResponse>(server, 'GET', `/api/daily/comments?date=${TODAY}&sectionKey=basic`, { token: bob.token });
    expect(list.body.comments[0]).toEqual(expected);
  });

  it('applies votes (same direction removes, other switches) and sends each live', async () => {
    clock.advance(60_000);
    const { body } = await comment(bob.token, 'Vote on me');
    const id = body.comment._id;
    const steps: Array<['up' | 'down', Record<string, string>]> = [
      ['up', { [ann.id]: 'up' }],
      ['up', {}],
      ['down', { [ann.id]: 'down' }],
      ['up', { [ann.id]: 'up' }],
    ];
    for (const [voteType, votes] of steps) {
      const live = nextEvent(bobSocket, 'commentVoted');
      const res = await vote(ann.token, id, voteType);
      expect(res.status).toBe(200);
      expect(res.body.comment.votes).toEqual(votes);
      expect((await live).votes).toEqual(votes);
    }
    const both = await vote(bob.token, id, 'down');
    expect(both.body.comment.votes).toEqual({ [ann.id]: 'up', [bob.id]: 'down' });
  });

  it('sends nothing to other sections\' rooms, nor after leaving', async () => {
    clock.advance(60_000);
    const elsewhere = await connect(bob.token);
    expect(await join(elsewhere, { date: TODAY, sectionKey: 'intermediate' })).toEqual({});
    let leaked = 0;
    elsewhere.on('newComment', () => leaked++);
    expect(await annSocket.timeout(3000).emitWithAck('leaveCommentRoom', { date: TODAY, sectionKey: 'basic' })).toEqual({});
    annSocket.on('newComment', () => leaked++);
    const live = nextEvent(bobSocket, 'newComment');
    await comment(bob.token, 'only basic');
    await live;
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(0);
    annSocket.off('newComment');
    expect(await join(annSocket, { date: TODAY, sectionKey: 'basic' })).toEqual({});
  });

  it("also joins and leaves by the room's name as spec §7 writes it, 'comments:{date}:{sectionKey}'", async () => {
    clock.advance(60_000);
    const byName = await connect(bob.token);
    expect(await join(byName, `comments:${TODAY}:basic`)).toEqual({});
    const live = nextEvent(byName, 'newComment');
    await comment(ann.token, 'heard by name');
    expect(await live).toMatchObject({ text: 'heard by name', sectionKey: 'basic' });
    expect(await byName.timeout(3000).emitWithAck('leaveCommentRoom', `comments:${TODAY}:basic`)).toEqual({});
    let after = 0;
    byName.on('newComment', () => after++);
    const stillLive = nextEvent(bobSocket, 'newComment');
    clock.advance(60_000);
    await comment(ann.token, 'not heard after leaving');
    await stillLive;
    await new Promise((r) => setTimeout(r, 200));
    expect(after).toBe(0);
  });

  it('never relays newComment or commentVoted sent by a client', async () => {
    let relayed = 0;
    bobSocket.on('newComment', () => relayed++);
    bobSocket.on('commentVoted', () => relayed++);
    const forged = { _id: 'forged', text: 'fake', user: { _id: bob.id, name: 'Bob' }, createdAt: new Date().toISOString(), votes: {}, date: TODAY, sectionKey: 'basic' };
    const raw = annSocket as unknown as { timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> } };
    expect(await raw.timeout(3000).emitWithAck('newComment', forged)).toEqual({ error: 'Unknown event: newComment', code: 'UNKNOWN_EVENT' });
    expect(await raw.timeout(3000).emitWithAck('commentVoted', forged)).toEqual({ error: 'Unknown event: commentVoted', code: 'UNKNOWN_EVENT' });
    await new Promise((r) => setTimeout(r, 200));
    expect(relayed).toBe(0);
    bobSocket.off('newComment');
    bobSocket.off('commentVoted');
    const list = await call<DailyCommentsResponse>(server, 'GET', `/api/daily/comments?date=${TODAY}&sectionKey=basic&limit=50`, { token: ann.token });
    expect(list.body.comments.map((c) => c._id)).not.toContain('forged');
  });

  it('validates room joins: payload, future date, guests and signed-out sockets', async () => {
    expect(await join(annSocket, { date: '2026-01-30', sectionKey: 'basic' })).toEqual({ error: 'date 2026-01-30 is in the future (today is 2026-01-29 UTC)', code: 'INVALID_INPUT' });
    expect(await join(annSocket, { date: TODAY, sectionKey: 'nope' })).toMatchObject({ error: expect.stringMatching(/sectionKey must be one of/), code: 'INVALID_INPUT' });
    expect(await join(annSocket, 'comments:2026-01-30:basic')).toEqual({ error: 'date 2026-01-30 is in the future (today is 2026-01-29 UTC)', code: 'INVALID_INPUT' });
    expect(await join(annSocket, 'comments:2026-01-29:nope')).toMatchObject({ error: expect.stringMatching(/sectionKey must be one of/), code: 'INVALID_INPUT' });
    expect(await join(annSocket, 'room-1')).toEqual({
      error: "Name the comment room 'comments:{date}:{sectionKey}' or send {date, sectionKey}, got 'room-1'",
      code: 'INVALID_INPUT',
    });
    const visitor = await guest(server);
    expect(await join(await connect(visitor.token), { date: TODAY, sectionKey: 'basic' })).toEqual({
      error: 'Please sign in with an account to use daily practice',
      code: 'LOGIN_REQUIRED',
    });
    expect(await join(await connect(), { date: TODAY, sectionKey: 'basic' })).toEqual({ error: 'Please log in to play', code: 'LOGIN_REQUIRED' });
  });

  it('enforces 1–500 trimmed characters, known comments and voteType', async () => {
    clock.advance(60_000);
    for (const text of ['', '   \n ', undefined, 42]) {
      const res = await comment(ann.token, text);
      expect(res.status).toBe(400);
    }
    expect((await comment(ann.token, '  ')).body.error).toBe("Comment can't be empty.");
    const long = await comment(ann.token, 'x'.repeat(501));
    expect(long).toMatchObject({ status: 400, body: { error: 'Comment must be at most 500 characters', code: 'INVALID_INPUT' } });
    const max = await comment(ann.token, `  ${'y'.repeat(500)}  `);
    expect(max.status).toBe(201);
    expect(max.body.comment.text).toHaveLength(500);
    expect((await comment(ann.token, 'future', 'basic', '2026-01-30')).status).toBe(400);

    const unknown = await vote(ann.token, 'no-such-comment', 'up');
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Comment not found', code: 'COMMENT_NOT_FOUND' } });
    const bad = await vote(ann.token, max.body.comment._id, 'sideways');
    expect(bad).toMatchObject({ status: 400, body: { error: "voteType must be 'up' or 'down', got 'sideways'", code: 'INVALID_INPUT' } });
  });

  it('refuses reading, posting and voting in a section locked for the caller with the 403 opening it gives, storing nothing', async () => {
    clock.advance(60_000);
    const [low, high] = await Promise.all([signup(server, 'Lou'), signup(server, 'Hal')]);
    await setRating(server, low.id, 1599);
    await setRating(server, high.id, 1650);
    const opening = await call<{ error: string }>(server, 'GET', `/api/daily/section/${TODAY}/intermediate`, { token: low.token });
    expect(opening).toMatchObject({ status: 403, body: { error: 'The Intermediate section unlocks at rating 1600 (yours is 1599)', code: 'SECTION_LOCKED' } });

    await submitSet(high, 'intermediate');
    const target = await comment(high.token, 'How did you do question 3?', 'intermediate');
    expect(target.status).toBe(201);
    const id = target.body.comment._id;
    const before = await list(high.token, 'intermediate');

    const posted = await comment(low.token, 'let me in', 'intermediate');
    expect(posted).toMatchObject({ status: 403, body: { error: opening.body.error, code: 'SECTION_LOCKED' } });
    const voted = await vote(low.token, id, 'down');
    expect(voted).toMatchObject({ status: 403, body: { error: opening.body.error, code: 'SECTION_LOCKED' } });
    // Reading is refused the same way (issue #47), and the discussion is unchanged.
    expect(await list(low.token, 'intermediate')).toMatchObject({ status: 403, body: { error: opening.body.error, code: 'SECTION_LOCKED' } });
    const after = await list(high.token, 'intermediate');
    expect(after.body.comments).toEqual(before.body.comments);
    expect(after.body.comments.find((c) => c._id === id)?.votes).toEqual({});
    expect(after.body.comments.map((c) => c.text)).not.toContain('let me in');

    // The open section is theirs once they submit it.
    await submitSet(low, 'basic');
    const basic = await comment(low.token, 'basic is fine', 'basic');
    expect(basic.status).toBe(201);
    expect((await vote(low.token, basic.body.comment._id, 'up')).body.comment.votes).toEqual({ [low.id]: 'up' });
  });

  it("keeps the discussion open to a player who submitted the section that day, after their rating falls below it", async () => {
    clock.advance(60_000);
    const [fallen, author] = await Promise.all([signup(server, 'Flo'), signup(server, 'Ada')]);
    await setRating(server, fallen.id, 1620);
    await setRating(server, author.id, 1700);
    await submitSet(fallen, 'intermediate');
    await submitSet(author, 'intermediate');
    const target = await comment(author.token, 'Question 7 was tricky', 'intermediate');
    expect(target.status).toBe(201);

    await setRating(server, fallen.id, 1540); // a lost duel later in the day
    const reopened = await call<{ error: string }>(server, 'GET', `/api/daily/section/${TODAY}/intermediate`, { token: fallen.token });
    expect(reopened).toMatchObject({ status: 403, body: { error: 'The Intermediate section unlocks at rating 1600 (yours is 1540)', code: 'SECTION_LOCKED' } });

    const posted = await comment(fallen.token, 'I used the difference of squares', 'intermediate');
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const voted = await vote(fallen.token, target.body.comment._id, 'up');
    expect(voted.status, JSON.stringify(voted.body)).toBe(200);
    expect(voted.body.comment.votes).toEqual({ [fallen.id]: 'up' });
    const listed = await list(fallen.token, 'intermediate');
    expect(listed.body.comments.map((c) => c.text)).toContain('I used the difference of squares');

    // The submission counts for its own date only: yesterday's discussion of the section is locked.
    const yesterday = await comment(fallen.token, 'and yesterday?', 'intermediate', '2026-01-28');
    expect(yesterday).toMatchObject({ status: 403, body: { error: 'The Intermediate section unlocks at rating 1600 (yours is 1540)', code: 'SECTION_LOCKED' } });
    // Nor for another locked section.
    const advanced = await comment(fallen.token, 'advanced?', 'advanced');
    expect(advanced).toMatchObject({ status: 403, body: { error: 'The Advanced section unlocks at rating 1800 (yours is 1540)', code: 'SECTION_LOCKED' } });
  });
});

describe('daily discussion rate limit', () => {
  let server: TestServer;
  afterAll(async () => server?.close());

  it('rate-limits posting per user with 429, and lets them post again after the window', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 29, 9, 0));
    server = await startTestServer({
      clock,
      env: { DAILY_COMMENT_RATE_LIMIT: String(RATE_LIMIT), DAILY_COMMENT_RATE_LIMIT_WINDOW_MS: String(RATE_WINDOW_MS) },
    });
    const [ann, bob] = await Promise.all([signup(server, 'Ann'), signup(server, 'Bob')]);
    // The discussion is readable and writable only after the set is submitted.
    for (const account of [ann, bob]) await submitSection(server, account.token, TODAY, 'basic');
    const comment = (token: string, text: string) =>
      call<DailyCommentResponse>(server, 'POST', '/api/daily/comment', { token, body: { date: TODAY, sectionKey: 'basic', text } });
    const opened = Date.now();
    for (let i = 0; i < RATE_LIMIT; i++) expect((await comment(bob.token, `message ${i}`)).status).toBe(201);
    const limited = await comment(bob.token, 'one too many');
    expect(limited).toMatchObject({ status: 429, body: { error: 'You are posting comments too quickly. Please wait a moment.', code: 'RATE_LIMITED' } });
    // Another user is not affected.
    expect((await comment(ann.token, 'still fine')).status).toBe(201);
    await new Promise((r) => setTimeout(r, opened + RATE_WINDOW_MS + 100 - Date.now()));
    expect((await comment(bob.token, 'after the window')).status).toBe(201);
  });
});
