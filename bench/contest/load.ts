/**
 * The load generator of bench/contest, forked by run.ts so that the players' client work never
 * runs on the server's CPU budget or event loop. Talks to run.ts over IPC (messages.ts):
 *
 *  - `setup` (LoadSetup): opens `connections` keep-alive connections a few seconds before the
 *    contest opens (warm-up GETs) and replies `ready`. Then, as the players:
 *      1. every player calls POST /contest/start, the starts spread evenly over the first
 *         `startSpreadMs` after openTime (a seeded random order); `starts-done` goes to run.ts
 *         when the last one is answered;
 *      2. each started player answers every question once, in a random order, at uniform random
 *         times in [open + firstAnswerAfterMs, close − lastAnswerBeforeMs], one answer at a time
 *         (the next waits for the previous acknowledgement, as a person would), with timeSpent the
 *         seconds since their previous answer. A share `correctShare` of answers is right (solved
 *         from the question text with the shared package's independent test evaluator, as a player
 *         would); the rest are wrong integers;
 *      3. a share `submitShare` of players presses submit 0.5–5 s after their last answer; the
 *         others are left to the server's auto-submit at close;
 *    and finally replies `result` (LoadResult) with every latency, error and acknowledged answer.
 *  - `stop`: closes the pool and exits.
 *
 * Latency is measured per request from handing it to the connection pool to the last byte of the
 * response (support/http-client.ts). `lateness` is how late the generator sent it against its plan
 * (timer lag, or a player's previous answer still in flight): a busy generator shows up there.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { solveQuestionText } from '../../packages/shared/src/domain/questions/testing/independent-evaluator.js';
import { createRng, type Rng } from '../../packages/shared/src/domain/rng.js';
import { createHttpClient, type HttpClient, type HttpResult } from '../support/http-client.js';
import type { LoadIncoming, LoadOutgoing, LoadSetup } from './messages.js';

/** The pool is opened this long before the contest opens: late enough that no connection idles
 * out (Fastify closes keep-alive connections idle for 72 s), early enough to be done by the open. */
const WARMUP_LEAD_MS = 5_000;
/** Submit this long after the last answer at the earliest / latest, ms. */
const SUBMIT_DELAY_MS: [number, number] = [500, 5_000];
/** A press of submit later than this before close is left to the auto-submit instead, ms. */
const SUBMIT_NOT_AFTER_CLOSE_MINUS_MS = 5_000;
/** Error bodies kept for the report. */
const MAX_ERROR_SAMPLES = 20;

const send = (message: LoadOutgoing): void => void process.send?.(message);
const loopDelay = monitorEventLoopDelay({ resolution: 1 });

/** Resolves once Date.now() ≥ epochMs (never early: a start sent before openTime would be refused). */
async function sleepUntil(epochMs: number): Promise<void> {
  for (let wait = epochMs - Date.now(); wait > 0; wait = epochMs - Date.now()) {
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

function shuffled(count: number, rng: Rng): number[] {
  const items = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j] as number, items[i] as number];
  }
  return items;
}

/** Growable parallel series of one endpoint's samples. */
class Series {
  readonly latencies: number[] = [];
  readonly lateness: number[] = [];
  readonly sentAfterOpen: number[] = [];
  constructor(private readonly openTimeMs: number) {}
  /** @param sentAtEpochMs - Date.now() when the request was sent. */
  add(result: HttpResult, latenessMs: number, sentAtEpochMs: number): void {
    this.latencies.push(result.ms);
    this.lateness.push(latenessMs);
    this.sentAfterOpen.push(sentAtEpochMs - this.openTimeMs);
  }
  toSamples() {
    return {
      latencies: Float64Array.from(this.latencies),
      lateness: Float64Array.from(this.lateness),
      sentAfterOpenMs: Float64Array.from(this.sentAfterOpen),
    };
  }
}

async function run(setup: LoadSetup): Promise<void> {
  const client: HttpClient = createHttpClient(setup.url, setup.connections);
  const count = setup.users.length;

  await sleepUntil(setup.openTimeMs - WARMUP_LEAD_MS);
  const warmFrom = performance.now();
  const warm = await Promise.all(Array.from({ length: setup.connections }, () => client.request('GET', '/api/auth/providers')));
  const warmFailures = warm.filter((r) => r.status !== 200).length;
  if (warmFailures) console.error(`load: ${warmFailures} of ${warm.length} warm-up requests failed`);
  send({ type: 'ready', sockets: client.openSockets(), warmupMs: performance.now() - warmFrom });
  loopDelay.enable();
  const cpuFrom = process.cpuUsage();
  const startLoopDelay = monitorEventLoopDelay({ resolution: 1 });
  void sleepUntil(setup.openTimeMs).then(() => startLoopDelay.enable());

  const start = new Series(setup.openTimeMs);
  const answer = new Series(setup.openTimeMs);
  const submit = new Series(setup.openTimeMs);
  const errors: Record<string, number> = {};
  const errorSamples: string[] = [];
  const ackedUser: number[] = [];
  const ackedQuestion: number[] = [];
  const ackedAnswer: number[] = [];
  const submitted: number[] = [];
  const expectedCorrect = new Int16Array(count);
  let started = 0;
  let queuedBehindPrevious = 0;

  const ok = (endpoint: string, result: HttpResult): boolean => {
    if (result.status >= 200 && result.status < 300) return true;
    const key = `${endpoint} ${result.status || result.error}`;
    errors[key] = (errors[key] ?? 0) + 1;
    if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(`${key}: ${result.body.slice(0, 200)}`);
    return false;
  };
  const badBody = (endpoint: string, body: string): void => {
    const key = `${endpoint} bad-body`;
    errors[key] = (errors[key] ?? 0) + 1;
    if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(`${key}: ${body.slice(0, 200)}`);
  };

  const rng = createRng(setup.seed);
  const startOrder = shuffled(count, rng);
  const answerFrom = setup.openTimeMs + setup.firstAnswerAfterMs;
  const answerTo = setup.closeTimeMs - setup.lastAnswerBeforeMs;
  const startsDone = { pending: count, firstSentMs: Number.POSITIVE_INFINITY, lastSentMs: 0 };

  const play = async (userIndex: number, startAt: number): Promise<void> => {
    const user = setup.users[userIndex];
    if (!user) return;
    // Each player's plan is drawn up front from its own seeded stream, so it does not depend on timing.
    const own = createRng(`${setup.seed}:${userIndex}`);
    const times = Array.from({ length: setup.questionCount }, () => answerFrom + own() * (answerTo - answerFrom)).sort((a, b) => a - b);
    const order = shuffled(setup.questionCount, own);
    const right = Array.from({ length: setup.questionCount }, () => own() < setup.correctShare);
    const wrongValues = Array.from({ length: setup.questionCount }, () => 1 + Math.floor(own() * 999));
    const presses = own() < setup.submitShare;
    const submitDelay = SUBMIT_DELAY_MS[0] + own() * (SUBMIT_DELAY_MS[1] - SUBMIT_DELAY_MS[0]);
    const headers = { 'x-forwarded-for': user.ip };
    const body = { contestId: setup.contestId };

    await sleepUntil(startAt);
    const startLateness = Date.now() - startAt;
    startsDone.firstSentMs = Math.min(startsDone.firstSentMs, Date.now() - setup.openTimeMs);
    startsDone.lastSentMs = Math.max(startsDone.lastSentMs, Date.now() - setup.openTimeMs);
    const startSentAt = Date.now();
    const res = await client.request('POST', '/contest/start', { json: body, token: user.token, headers });
    start.add(res, startLateness, startSentAt);
    let questions: string[] | null = null;
    if (ok('start', res)) {
      try {
        const parsed = JSON.parse(res.body) as { questions?: Array<{ questionIndex?: unknown; question?: unknown }> };
        const list = parsed.questions ?? [];
        questions = new Array<string>(setup.questionCount).fill('');
        for (const q of list) {
          if (typeof q.questionIndex === 'number' && typeof q.question === 'string') questions[q.questionIndex] = q.question;
        }
        if (list.length !== setup.questionCount || questions.some((q) => q === '')) {
          badBody('start', res.body);
          questions = null;
        }
      } catch {
        badBody('start', res.body);
      }
    }
    if (--startsDone.pending === 0) {
      startLoopDelay.disable();
      send({
        type: 'starts-done',
        firstSentMs: startsDone.firstSentMs,
        lastSentMs: startsDone.lastSentMs,
        lastAnsweredMs: Date.now() - setup.openTimeMs,
        loopP99Ms: startLoopDelay.percentile(99) / 1e6,
        loopMaxMs: startLoopDelay.max / 1e6,
      });
    }
    if (!questions) return;
    started++;

    let previousAt = Date.now();
    let answered = 0;
    for (let k = 0; k < setup.questionCount; k++) {
      const plannedAt = times[k] as number;
      const questionIndex = order[k] as number;
      if (previousAt > plannedAt) queuedBehindPrevious++;
      await sleepUntil(plannedAt);
      const lateness = Date.now() - Math.max(plannedAt, previousAt);
      let value = wrongValues[k] as number;
      let isRight = false;
      if (right[k]) {
        try {
          value = solveQuestionText(questions[questionIndex] as string);
          isRight = true;
        } catch {
          // The evaluator is test support; a question it cannot read just gets a wrong answer.
        }
      }
      const sentAt = Date.now();
      const timeSpent = Math.round((sentAt - previousAt) / 100) / 10;
      const r = await client.request('POST', '/contest/submit-answer', {
        json: { contestId: setup.contestId, questionIndex, answer: value, timeSpent },
        token: user.token,
        headers,
      });
      previousAt = Date.now();
      answer.add(r, lateness, sentAt);
      if (!ok('submit-answer', r)) continue;
      let saved = false;
      try {
        saved = (JSON.parse(r.body) as { saved?: unknown }).saved === true;
      } catch {
        // counted below
      }
      if (!saved) {
        badBody('submit-answer', r.body);
        continue;
      }
      ackedUser.push(userIndex);
      ackedQuestion.push(questionIndex);
      ackedAnswer.push(value);
      answered++;
      if (isRight || value === safeSolve(questions[questionIndex] as string)) expectedCorrect[userIndex]! += 1;
    }

    if (!presses || answered === 0) return;
    const submitAt = Math.min(previousAt + submitDelay, setup.closeTimeMs - SUBMIT_NOT_AFTER_CLOSE_MINUS_MS);
    if (Date.now() > submitAt) return;
    await sleepUntil(submitAt);
    const lateness = Date.now() - submitAt;
    const submitSentAt = Date.now();
    const r = await client.request('POST', '/contest/submit', { json: body, token: user.token, headers });
    submit.add(r, lateness, submitSentAt);
    if (ok('submit', r)) submitted.push(userIndex);
  };

  const players = startOrder.map((userIndex, position) => play(userIndex, setup.openTimeMs + (position * setup.startSpreadMs) / count));
  await Promise.all(players);
  loopDelay.disable();
  client.close();
  const cpu = process.cpuUsage(cpuFrom);

  send({
    type: 'result',
    start: start.toSamples(),
    answer: answer.toSamples(),
    submit: submit.toSamples(),
    errors,
    errorSamples,
    acked: { user: Int32Array.from(ackedUser), question: Int16Array.from(ackedQuestion), answer: Float64Array.from(ackedAnswer) },
    submitted: Int32Array.from(submitted),
    started,
    answersQueuedBehindPrevious: queuedBehindPrevious,
    loopP99Ms: loopDelay.percentile(99) / 1e6,
    loopMaxMs: loopDelay.max / 1e6,
    cpuMs: (cpu.user + cpu.system) / 1000,
    expectedCorrect,
  });
}

/** The right answer of a question text, or NaN when the evaluator cannot read it. */
function safeSolve(text: string): number {
  try {
    return solveQuestionText(text);
  } catch {
    return Number.NaN;
  }
}

process.on('message', (raw) => {
  const message = raw as LoadIncoming;
  if (message.type === 'setup') {
    run(message).catch((error: unknown) => {
      console.error('load generator failed', error);
      process.exit(1);
    });
  } else if (message.type === 'stop') {
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
