/**
 * Daily practice end to end on the injected clock (issue #4), against the real server: rating
 * locks, opening and submitting sections, 409 on a second submission, validation, daily rankings,
 * streaks and badges over several days across a month boundary, and the season roll-over. Expected
 * points are recomputed from the shared domain rules, never copied from the server's answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practicePoints } from '@mathsprint/shared/domain';
import type {
  DailyLeaderboardResponse,
  DailySectionResponse,
  DailySeasonResponse,
  DailyStreakResponse,
  DailySubmitResponse,
  DailyTodayResponse,
} from '@mathsprint/shared/protocol';
import { guest, signup, type Account } from './helpers/accounts.js';
import { call, connectClient, correctAnswers, nextEvent, setRating, type Client } from './helpers/daily.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

/** Thursday 29 January 2026, 10:00 UTC. */
const JAN_29 = Date.UTC(2026, 0, 29, 10, 0);

describe('daily practice over several days on the clock', () => {
  let server: TestServer;
  let clock: ManualClock;
  let ann: Account;
  let bob: Account;
  let cid: Account;
  let visitor: Account;
  let watcher: Client;

  const get = <T>(path: string, token?: string) => call<T>(server, 'GET', path, token ? { token } : {});
  const post = <T>(path: string, body: unknown, token?: string) => call<T>(server, 'POST', path, { body, ...(token ? { token } : {}) });
  const open = (token: string, date: string, key: string) => get<DailySectionResponse>(`/api/daily/section/${date}/${key}`, token);
  const submit = (token: string, body: unknown) => post<DailySubmitResponse>('/api/daily/submit', body, token);
  /** Opens then submits every answer correctly after `seconds`. */
  async function solve(account: Account, date: string, key: 'basic' | 'intermediate' | 'advanced' | 'expert', seconds: number) {
    expect((await open(account.token, date, key)).status).toBe(200);
    clock.advance(seconds * 1000);
    const res = await submit(account.token, { date, sectionKey: key, answers: correctAnswers(date, key) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  beforeAll(async () => {
    clock = new ManualClock(JAN_29);
    server = await startTestServer({ clock });
    [ann, bob, cid] = await Promise.all([signup(server, 'Ann'), signup(server, 'Bob'), signup(server, 'Cid')]);
    visitor = await guest(server);
    await setRating(server, bob.id, 1850);
    watcher = await connectClient(server, cid.token);
  });
  afterAll(async () => {
    watcher?.disconnect();
    await server?.close();
  });

  it("refuses signed-out callers and guests with 401 on every daily call, in the spec's words where it has them (§5)", async () => {
    const loginRequired = 'Please log in to continue';
    const calls: Array<[method: 'GET' | 'POST', path: string, signedOut: string, body?: unknown]> = [
      ['GET', '/api/daily/today', loginRequired],
      ['GET', '/api/daily/section/2026-01-29/basic', loginRequired],
      ['POST', '/api/daily/submit', loginRequired, { date: '2026-01-29', sectionKey: 'basic', answers: [] }],
      ['GET', '/api/daily/leaderboard?date=2026-01-29&sectionKey=basic', loginRequired],
      ['GET', '/api/daily/season?year=2026&month=1&_ts=1', loginRequired],
      ['GET', '/api/daily/streak', loginRequired],
      ['POST', '/api/daily/comment', 'Please login to post comments.', { date: '2026-01-29', sectionKey: 'basic', text: 'hi' }],
      ['GET', '/api/daily/comments?date=2026-01-29&sectionKey=basic', loginRequired],
      ['POST', '/api/daily/comments/x/vote', 'Please login to vote', { voteType: 'up' }],
    ];
    for (const [method, path, signedOut, body] of calls) {
      for (const token of [undefined, visitor.token]) {
        const res = await call(server, method, path, { ...(token ? { token } : {}), ...(body ? { body } : {}) });
        expect(res.status, `${method} ${path}`).toBe(401);
        if (token) expect(res.body.error, `${method} ${path}`).toMatch(/sign in with an account/);
        else expect(res.body, `${method} ${path}`).toEqual({ error: signedOut, code: 'LOGIN_REQUIRED' });
      }
    }
  });

  it("lists today's four sections, unlocked by the caller's current rating", async () => {
    const annToday = await get<DailyTodayResponse>('/api/daily/today', ann.token);
    expect(annToday.status).toBe(200);
    expect(annToday.body.date).toBe('2026-01-29');
    expect(annToday.body.sections.map((s) => [s.key, s.unlocked, s.unlockRating, s.difficulty, s.count, s.submitted])).toEqual([
      ['basic', true, 0, 'easy', 10, false],
      ['intermediate', false, 1600, 'medium', 10, false],
      ['advanced', false, 1800, 'hard', 10, false],
      ['expert', false, 1900, 'mixed', 10, false],
    ]);
    const bobToday = await get<DailyTodayResponse>('/api/daily/today', bob.token);
    expect(bobToday.body.sections.map((s) => s.unlocked)).toEqual([true, true, true, false]);
  });

  it('refuses a locked section with 403 naming the rating needed', async () => {
    const res = await open(ann.token, '2026-01-29', 'advanced');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('The Advanced section unlocks at rating 1800 (yours is 1500)');
    const expert = await open(bob.token, '2026-01-29', 'expert');
    expect(expert.body.error).toBe('The Expert section unlocks at rating 1900 (yours is 1850)');
  });

  it('answers bad dates, future dates and unknown keys with 400', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/api/daily/section/2026-02-30/basic', /YYYY-MM-DD, got '2026-02-30'/],
      ['/api/daily/section/29-01-2026/basic', /YYYY-MM-DD/],
      ['/api/daily/section/2026-01-30/basic', /date 2026-01-30 is in the future \(today is 2026-01-29 UTC\)/],
      ['/api/daily/section/2026-01-29/master', /sectionKey must be one of basic, intermediate, advanced, expert/],
      ['/api/daily/leaderboard?date=2026-01-30&sectionKey=basic', /in the future/],
      ['/api/daily/leaderboard?date=2026-01-29&sectionKey=basic&limit=0', /limit must be at least 1/],
      ['/api/daily/season?month=13', /month must be 1–12/],
      ['/api/daily/comments?date=nope&sectionKey=basic', /YYYY-MM-DD/],
    ];
    for (const [path, message] of cases) {
      const res = await get(path, ann.token);
      expect(res.status, path).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    const textAnswer = await submit(ann.token, { date: '2026-01-29', sectionKey: 'basic', answers: [{ answer: 'twelve', timeMs: 5 }] });
    expect(textAnswer.status).toBe(400);
    expect(textAnswer.body.error).toBe("answers.0.answer: answer must be a number, got 'twelve'");
  });

  it('refuses a submission before the section was opened (nothing to time it from); a preview does not open it', async () => {
    // The home card's sample problems: the first 3 questions, and no opening (issues #4, #47: time from opening).
    const preview = await get<DailySectionResponse>('/api/daily/section/2026-01-29/basic?preview=1', ann.token);
    expect(preview.status).toBe(200);
    expect(preview.body.questions).toHaveLength(3);
    expect(preview.body.openedAt).toBeNull();
    const badPreview = await get<{ error: string }>('/api/daily/section/2026-01-29/basic?preview=maybe', ann.token);
    expect(badPreview.status).toBe(400);
    const res = await submit(ann.token, { date: '2026-01-29', sectionKey: 'basic', answers: correctAnswers('2026-01-29', 'basic') });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Open the section before submitting it');
  });

  it('serves question texts only, times the attempt on the server and scores it; a second submit gets 409', async () => {
    const opened = await open(ann.token, '2026-01-29', 'basic');
    expect(opened.status).toBe(200);
    expect(opened.body.questions).toHaveLength(10);
    expect(opened.body.submitted).toBe(false);
    expect(opened.body.result).toBeNull();
    expect(JSON.stringify(opened.body)).not.toMatch(/correctAnswer|explanation/);
    expect(opened.body.openedAt).toBe(new Date(JAN_29).toISOString());

    clock.advance(120_000);
    // Reopening keeps the first opening time.
    expect((await open(ann.token, '2026-01-29', 'basic')).body.openedAt).toBe(new Date(JAN_29).toISOString());
    const answers = correctAnswers('2026-01-29', 'basic', 12_000);
    answers[9] = { answer: answers[9]!.answer + 1, timeMs: 3 }; // one wrong
    answers.splice(8, 1, { answer: null as never, timeMs: 0 }); // one blank
    const watched = nextEvent(watcher, 'seasonUpdate');
    const res = await submit(ann.token, { date: '2026-01-29', sectionKey: 'basic', answers });
    expect(res.status).toBe(200);
    const expected = practicePoints(1, 8, 10, 120_000);
    expect(res.body).toMatchObject({ ...expected, correctCount: 8, total: 10, timeTakenSeconds: 120, awardedBadges: ['daily-first-solve'], currentStreak: 1 });
    expect(res.body.practicePoints).toBe(80 + 32);
    expect(res.body.answers[8]).toMatchObject({ userAnswer: null, isCorrect: false });
    expect(res.body.answers[9]!.isCorrect).toBe(false);
    expect(res.body.answers[0]).toMatchObject({ isCorrect: true, timeMs: 12_000 });
    expect(await watched).toEqual({ year: 2026, month: 1 });

    const again = await submit(ann.token, { date: '2026-01-29', sectionKey: 'basic', answers: correctAnswers('2026-01-29', 'basic') });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Already submitted today');

    const review = await open(ann.token, '2026-01-29', 'basic');
    expect(review.body.submitted).toBe(true);
    expect(review.body.result?.answers.map((a) => a.correctAnswer)).toEqual(correctAnswers('2026-01-29', 'basic').map((a) => a.answer));
    expect(review.body.result?.answers[9]?.explanation).toEqual(expect.any(String));
    expect((await get<DailyTodayResponse>('/api/daily/today', ann.token)).body.sections[0]).toMatchObject({ submitted: true, practicePoints: 112 });
  });

  it('ranks a section by points, then server-measured time', async () => {
    const perfect = await solve(bob, '2026-01-29', 'basic', 60);
    expect(perfect.awardedBadges).toEqual(['daily-first-solve', 'daily-perfect']);
    expect(perfect.practicePoints).toBe(practicePoints(1, 10, 10, 60_000).practicePoints);
    await solve(bob, '2026-01-29', 'advanced', 300);
    const board = await get<DailyLeaderboardResponse>('/api/daily/leaderboard?date=2026-01-29&sectionKey=basic', cid.token);
    expect(board.body.top.map((r) => [r.rank, r.user.name, r.practicePoints, r.timeTakenSeconds])).toEqual([
      [1, 'Bob', 145, 60],
      [2, 'Ann', 112, 120],
    ]);
    const limited = await get<DailyLeaderboardResponse>('/api/daily/leaderboard?date=2026-01-29&sectionKey=basic&limit=1', cid.token);
    expect(limited.body.top).toHaveLength(1);
  });

  it('only takes today\'s set; opening a past day\'s set starts no clock', async () => {
    clock.set(Date.UTC(2026, 0, 30, 9, 0));
    expect((await open(ann.token, '2026-01-29', 'basic')).status).toBe(200);
    const past = await open(cid.token, '2026-01-28', 'basic');
    expect(past.status).toBe(200);
    expect(past.body.questions).toHaveLength(10);
    expect(past.body.openedAt).toBeNull();
    const late = await submit(cid.token, { date: '2026-01-29', sectionKey: 'basic', answers: [] });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe("Only today's set (2026-01-30 UTC) can be submitted, not 2026-01-29");
  });

  it('keeps streaks over consecutive UTC days across the month boundary, awarding streak-3 once', async () => {
    // Ann: 29, 30, 31 January, 1 February.
    const day30 = await solve(ann, '2026-01-30', 'basic', 30);
    expect(day30.currentStreak).toBe(2);
    expect(day30.awardedBadges).toEqual(['daily-perfect']);

    clock.set(Date.UTC(2026, 0, 31, 23, 0));
    const day31 = await solve(ann, '2026-01-31', 'basic', 30);
    expect(day31).toMatchObject({ currentStreak: 3, awardedBadges: ['streak-3'] });

    clock.set(Date.UTC(2026, 1, 1, 0, 5));
    // Today unsolved does not break it.
    expect((await get<DailyStreakResponse>('/api/daily/streak', ann.token)).body.currentStreak).toBe(3);
    const feb1 = await solve(ann, '2026-02-01', 'basic', 30);
    expect(feb1).toMatchObject({ currentStreak: 4, awardedBadges: [] });

    const streak = await get<DailyStreakResponse>('/api/daily/streak', ann.token);
    // The record starts the day Ann's account was made (29 January), not 1 January two years back.
    expect(streak.body).toMatchObject({ currentStreak: 4, longestStreak: 4, from: '2026-01-29', to: '2026-02-01' });
    expect(streak.body.days.map((d) => [d.date, d.solved, d.count, d.streakCount])).toEqual([
      ['2026-01-29', true, 1, 1],
      ['2026-01-30', true, 1, 2],
      ['2026-01-31', true, 1, 3],
      ['2026-02-01', true, 1, 4],
    ]);

    // Missing 2 February breaks it on the 3rd (and the day is over, so it is gone).
    clock.set(Date.UTC(2026, 1, 3, 8, 0));
    expect((await get<DailyStreakResponse>('/api/daily/streak', ann.token)).body.currentStreak).toBe(0);
    const feb3 = await solve(ann, '2026-02-03', 'basic', 30);
    expect(feb3).toMatchObject({ currentStreak: 1, awardedBadges: [] });
    // Bob only played on the 29th.
    expect((await get<DailyStreakResponse>('/api/daily/streak', bob.token)).body).toMatchObject({ currentStreak: 0, longestStreak: 1 });
  });

  it('sums season points per UTC month and rolls over on the 1st, with the caller\'s own row', async () => {
    const january = await get<DailySeasonResponse>('/api/daily/season?year=2026&month=1&_ts=123', cid.token);
    expect(january.status).toBe(200);
    const annJanuary = 112 + practicePoints(1, 10, 10, 30_000).practicePoints * 2;
    const bobJanuary = 145 + practicePoints(3, 10, 10, 300_000).practicePoints;
    expect(january.body.top.map((r) => [r.rank, r.name, r.seasonPoints, r.rating])).toEqual([
      [1, 'Bob', bobJanuary, 1850],
      [2, 'Ann', annJanuary, 1500],
    ]);
    expect(january.body.me).toEqual({ rank: null, _id: cid.id, name: 'Cid', seasonPoints: 0, rating: 1500, rd: 350 });
    expect(january.body.participants).toBe(2);

    // The current month by default: February has Ann only.
    const february = await get<DailySeasonResponse>('/api/daily/season', ann.token);
    expect(february.body).toMatchObject({ year: 2026, month: 2, participants: 1 });
    expect(february.body.top.map((r) => [r.rank, r.name, r.seasonPoints])).toEqual([[1, 'Ann', practicePoints(1, 10, 10, 30_000).practicePoints * 2]]);
    const annFebruary = practicePoints(1, 10, 10, 30_000).practicePoints * 2;
    expect(february.body.me).toMatchObject({ rank: 1, seasonPoints: annFebruary });

    // A new submission shows at once in this process (its caches are cleared on submit).
    await solve(bob, '2026-02-03', 'basic', 0);
    const after = await get<DailySeasonResponse>('/api/daily/season?year=2026&month=2', bob.token);
    expect(after.body.top.map((r) => [r.rank, r.name, r.seasonPoints])).toEqual([
      [1, 'Ann', annFebruary],
      [2, 'Bob', 150],
    ]);
    expect(after.body.me).toMatchObject({ rank: 2, seasonPoints: 150 });
  });

  it('awards streak-7 and streak-30 at their milestones, each once', async () => {
    let last: DailySubmitResponse | undefined;
    const awarded: string[] = [];
    clock.set(Date.UTC(2026, 2, 1, 11, 0));
    // A new account: the others' 30-day session tokens expire during the month.
    const dee = await signup(server, 'Dee');
    for (let day = 0; day < 30; day++) {
      clock.set(Date.UTC(2026, 2, 1 + day, 12, 0));
      const date = new Date(clock.now()).toISOString().slice(0, 10);
      last = await solve(dee, date, 'basic', 600);
      awarded.push(...last.awardedBadges.map((b) => `${day + 1}:${b}`));
    }
    expect(awarded).toEqual(['1:daily-first-solve', '1:daily-perfect', '3:streak-3', '7:streak-7', '30:streak-30']);
    expect(last?.currentStreak).toBe(30);
    expect(last?.speedBonus).toBe(0);
  });
});
