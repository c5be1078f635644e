/**
 * Daily sets are regenerated from their date whenever read, by the generator version of that date
 * (DAILY.generatorVersion2From): a set from before the cut-over is served, checked and reviewed
 * exactly as version 1 drew it, one from the cut-over on by version 2. Real server, real HTTP,
 * PGlite, the injected clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY } from '@mathsprint/shared/constants';
import { addDays, dailySectionQuestions } from '@mathsprint/shared/domain';
import type { DailySectionResponse, DailySubmitResponse } from '@mathsprint/shared/protocol';
import { signup, type Account } from './helpers/accounts.js';
import { call, setRating } from './helpers/daily.js';
import { ManualClock, startTestServer, type TestServer } from './helpers/test-server.js';

const CUT_OVER = DAILY.generatorVersion2From;
const BEFORE = addDays(CUT_OVER, -1);

describe('daily question generator version by date', () => {
  let server: TestServer;
  let clock: ManualClock;
  let ann: Account;
  const open = (date: string) => call<DailySectionResponse>(server, 'GET', `/api/daily/section/${date}/intermediate`, { token: ann.token });

  beforeAll(async () => {
    // Noon of the day before the cut-over: its set is today's and may be submitted.
    clock = new ManualClock(Date.parse(`${BEFORE}T12:00:00Z`));
    server = await startTestServer({ clock });
    ann = await signup(server, 'Ann');
    await setRating(server, ann.id, 1650);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves and checks the day before the cut-over by version 1, and reviews it so after the cut-over', async () => {
    const v1 = dailySectionQuestions(BEFORE, 'intermediate', 1);
    expect(v1.map((q) => q.text)).not.toEqual(dailySectionQuestions(BEFORE, 'intermediate', 2).map((q) => q.text));
    const opened = await open(BEFORE);
    expect(opened.status).toBe(200);
    expect(opened.body.questions).toEqual(v1.map((q) => q.text));
    const submitted = await call<DailySubmitResponse>(server, 'POST', '/api/daily/submit', {
      token: ann.token,
      body: { date: BEFORE, sectionKey: 'intermediate', answers: v1.map((q) => ({ answer: q.answer, timeMs: 1000 })) },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.correctCount).toBe(10);

    clock.set(Date.parse(`${addDays(CUT_OVER, 1)}T12:00:00Z`));
    const review = await open(BEFORE);
    expect(review.body.questions).toEqual(v1.map((q) => q.text));
    expect(review.body.result?.correctCount).toBe(10);
    expect(review.body.result?.answers.map((a) => [a.question, a.correctAnswer, a.explanation, a.isCorrect])).toEqual(
      v1.map((q) => [q.text, q.answer, q.explanation, true]),
    );
  });

  it('serves the cut-over date by version 2', async () => {
    const v2 = dailySectionQuestions(CUT_OVER, 'intermediate', 2);
    expect(v2.map((q) => q.text)).not.toEqual(dailySectionQuestions(CUT_OVER, 'intermediate', 1).map((q) => q.text));
    const opened = await open(CUT_OVER);
    expect(opened.status).toBe(200);
    expect(opened.body.questions).toEqual(v2.map((q) => q.text));
  });
});
