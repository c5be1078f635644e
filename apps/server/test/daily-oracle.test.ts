/**
 * No way round a daily set's clock or answers (issue #47), against the real server on the injected
 * clock over real HTTP and socket.io-client: a preview (`?preview=1`) hands out at most the home
 * card's 3 sample problems and starts no clock, so the time taken runs from the first opening that
 * hands out the whole set; a section's discussion, which can give its answers away, is read,
 * joined (the live room), posted and voted in only after the player has submitted that set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY } from '@mathsprint/shared/constants';
import { dailySectionQuestions } from '@mathsprint/shared/domain';
import type { DailyComment, DailyCommentResponse, DailyCommentsResponse, DailySectionResponse, DailySubmitResponse } from '@mathsprint/shared/protocol';
import { signup, type Account } from './helpers/accounts.js';
import { call, connectClient, correctAnswers, nextEvent, type Client } from './helpers/daily.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

const TODAY = '2026-02-03';
const T0 = Date.UTC(2026, 1, 3, 8, 0);
const SUBMIT_FIRST = 'Submit this set to read and join its discussion';

describe('daily sets without an oracle', () => {
  let server: TestServer;
  let clock: ManualClock;
  let solver: Account;
  let reader: Account;
  const sockets: Client[] = [];

  const section = (token: string, key: string, preview = false) =>
    call<DailySectionResponse>(server, 'GET', `/api/daily/section/${TODAY}/${key}${preview ? '?preview=1' : ''}`, { token });
  const submit = (token: string, key: 'basic' | 'intermediate') =>
    call<DailySubmitResponse>(server, 'POST', '/api/daily/submit', { token, body: { date: TODAY, sectionKey: key, answers: correctAnswers(TODAY, key) } });
  const comments = (token: string) => call<DailyCommentsResponse>(server, 'GET', `/api/daily/comments?date=${TODAY}&sectionKey=basic`, { token });
  const comment = (token: string, text: string) => call<DailyCommentResponse>(server, 'POST', '/api/daily/comment', { token, body: { date: TODAY, sectionKey: 'basic', text } });
  const vote = (token: string, id: string) => call<DailyCommentResponse>(server, 'POST', `/api/daily/comments/${id}/vote`, { token, body: { voteType: 'up' } });
  const join = (socket: Client) => socket.timeout(3000).emitWithAck('joinCommentRoom', { date: TODAY, sectionKey: 'basic' });
  const connect = async (token: string) => {
    const socket = await connectClient(server, token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    clock = new ManualClock(T0);
    server = await startTestServer({ clock });
    [solver, reader] = await Promise.all([signup(server, 'Sol'), signup(server, 'Rea')]);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
  });

  it('hands out at most the 3 sample problems in a preview, without starting the clock', async () => {
    const full = dailySectionQuestions(TODAY, 'basic').map((q) => q.text);
    const preview = await section(solver.token, 'basic', true);
    expect(preview.status).toBe(200);
    expect(preview.body.questions.length).toBeLessThanOrEqual(DAILY.homeSampleProblems);
    expect(preview.body.questions).toEqual(full.slice(0, DAILY.homeSampleProblems));
    expect(preview.body).toMatchObject({ openedAt: null, submitted: false, result: null });

    // 20 s of reading the preview, then the whole set: its clock starts now.
    clock.advance(20_000);
    const opened = await section(solver.token, 'basic');
    expect(opened.body.questions).toEqual(full);
    expect(opened.body.openedAt).toBe(new Date(T0 + 20_000).toISOString());
    clock.advance(30_000);
    const submitted = await submit(solver.token, 'basic');
    expect(submitted.status).toBe(200);
    expect(submitted.body.timeTakenSeconds).toBe(30);

    // After submitting, a preview is still a preview: 3 problems, no review of the set.
    const after = await section(solver.token, 'basic', true);
    expect(after.body).toMatchObject({ questions: full.slice(0, DAILY.homeSampleProblems), submitted: true, result: null });
  });

  it('refuses the discussion to a player who has not submitted the set: reads, the live room, posts and votes', async () => {
    const posted = await comment(solver.token, 'Question 4 is 7 × 8');
    expect(posted.status).toBe(201);
    const watching = await connect(reader.token);
    let heard = 0;
    watching.on('newComment', () => heard++);
    watching.on('commentVoted', () => heard++);

    expect(await comments(reader.token)).toMatchObject({ status: 403, body: { error: SUBMIT_FIRST, code: 'SUBMIT_TO_DISCUSS' } });
    expect(await join(watching)).toEqual({ error: SUBMIT_FIRST, code: 'SUBMIT_TO_DISCUSS' });
    expect(await join(watching)).toEqual({ error: SUBMIT_FIRST, code: 'SUBMIT_TO_DISCUSS' });
    expect(await comment(reader.token, 'what is question 4?')).toMatchObject({ status: 403, body: { error: SUBMIT_FIRST, code: 'SUBMIT_TO_DISCUSS' } });
    expect(await vote(reader.token, posted.body.comment._id)).toMatchObject({ status: 403, body: { error: SUBMIT_FIRST, code: 'SUBMIT_TO_DISCUSS' } });
    // Opening the set is not enough.
    expect((await section(reader.token, 'basic')).status).toBe(200);
    expect(await comments(reader.token)).toMatchObject({ status: 403, body: { error: SUBMIT_FIRST, code: 'SUBMIT_TO_DISCUSS' } });

    // The solver's next comment and vote reach the room, but not the socket that was refused.
    const solverSocket = await connect(solver.token);
    expect(await join(solverSocket)).toEqual({});
    const live = nextEvent(solverSocket, 'newComment');
    expect((await comment(solver.token, 'and question 5 is 12')).status).toBe(201);
    await live;
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toBe(0);
    expect((await comments(solver.token)).body.comments.map((c) => c.text)).not.toContain('what is question 4?');
  });

  it('opens the discussion once the player has submitted the set', async () => {
    clock.advance(60_000);
    expect((await submit(reader.token, 'basic')).status).toBe(200);
    const listed = await comments(reader.token);
    expect(listed.status).toBe(200);
    expect(listed.body.comments.map((c) => c.text).sort()).toEqual(['Question 4 is 7 × 8', 'and question 5 is 12']);

    const watching = await connect(reader.token);
    expect(await join(watching)).toEqual({});
    const live = nextEvent(watching, 'newComment');
    expect((await comment(solver.token, 'welcome')).status).toBe(201);
    expect((await live).text).toBe('welcome');
    expect((await comment(reader.token, 'thanks')).status).toBe(201);
    const target = listed.body.comments[0] as DailyComment;
    expect((await vote(reader.token, target._id)).body.comment.votes).toEqual({ [reader.id]: 'up' });
  });
});
