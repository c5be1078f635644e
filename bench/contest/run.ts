/**
 * bench/contest (issue #3 "Tests and benchmark"): the 15:30-on-Friday burst of a weekly contest
 * against the real server on the embedded database, end to end, with every acknowledged answer
 * checked in the database afterwards.
 *
 * Targets on the 2-core machine: POST /contest/start p99 ≤ 500 ms, POST /contest/submit-answer
 * p99 ≤ 25 ms (the answer committed before the response), no errors, no lost answer,
 * finalization (ranks, badges, Glicko-2 for every participant) within 5 s of close.
 *
 * Steps:
 *  1. seeds N players and an admin straight into a fresh PGlite DATA_DIR (server migrations and
 *     schema; no argon2 sign-ups) and mints their session tokens with the server's token code;
 *  2. starts the real server (apps/server/src/main.ts through tsx, NODE_ENV=production,
 *     LOG_LEVEL=info: request logging is off in production, so info adds only the contest lifecycle
 *     lines, whose times and durations the report quotes) inside server-entry.ts, which measures event-loop delay, CPU, PGlite and GC
 *     time per phase of the run;
 *  3. the admin schedules a contest (POST /admin/contests) opening after a registration lead;
 *     every player registers (POST /contest/register, 50 at a time) before it opens;
 *  4. a separate load process (load.ts) has every player call POST /contest/start within the first
 *     second after opening, answer their 20 questions at random times over the contest, and ~90 %
 *     of them submit (the rest are auto-submitted at close);
 *  5. from closeTime, GET /contest/leaderboard?limit=1 every 50 ms until `finalized`;
 *  6. stops the server (SIGTERM) and checks the database (verify.ts);
 *  7. prints latencies, errors, lost answers, finalization time, the server's phases, and PASS/FAIL.
 *
 * Finalization alone at a larger field (20,000 participants, issue #47) is bench/contest/finalize.ts:
 * it seeds a contest whose attempts are all submitted instead of playing one, and times the same
 * lifecycle pass at close.
 *
 * Run from the repository root:
 *   npx tsx bench/contest/run.ts                      # 5,000 players, the real 10-minute contest
 *   npx tsx bench/contest/run.ts --users 5000 --minutes 2
 *
 * Options: --users N (5000), --minutes M (10), --questions Q (20), --lead S (seconds from creating
 *   the contest to its opening; default 20 + N/100), --connections C (1000, the load generator's
 *   keep-alive pool), --register-concurrency R (50), --submit-share (0.9), --correct-share (0.7),
 *   --log-level (info; warn hides the server's lifecycle lines), --profile PHASES (comma-separated of registration,waiting,start,answers,
 *   finalize: writes <dir>/<phase>.cpuprofile of the server for those phases), --profile-dir
 *   (default ./bench-contest-profiles), --keep (keep the DATA_DIR).
 * Env: BENCH_SERVER_FLAGS, extra node flags for the server process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"),
 *   after the production server's own (apps/server/node-flags.json).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { freePort } from '../support/free-port.js';
import { LOAD_GENERATOR_FLAGS } from '../support/load-generator.js';
import { serverNodeFlags } from '../support/server-flags.js';
import { createHttpClient, type HttpClient } from '../support/http-client.js';
import { fmt, summarize, type LatencySummary } from '../support/stats.js';
import {
  PHASES,
  type HarnessReply,
  type LoadOutgoing,
  type LoadReady,
  type LoadResult,
  type LoadSetup,
  type LoadStartsDone,
  type Phase,
  type PhaseStats,
} from './messages.js';
import { seedPlayers } from './seed.js';
import { verify, type Verification } from './verify.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '5000' },
    minutes: { type: 'string', default: '10' },
    questions: { type: 'string', default: '20' },
    lead: { type: 'string' },
    connections: { type: 'string', default: '1000' },
    'register-concurrency': { type: 'string', default: '50' },
    'submit-share': { type: 'string', default: '0.9' },
    'correct-share': { type: 'string', default: '0.7' },
    'log-level': { type: 'string', default: 'info' },
    profile: { type: 'string', default: '' },
    'profile-dir': { type: 'string', default: 'bench-contest-profiles' },
    keep: { type: 'boolean', default: false },
  },
});

const USERS = Number(args.users);
const MINUTES = Number(args.minutes);
const QUESTIONS = Number(args.questions);
/** Registration of 5,000 at 50 at a time took well under a minute; the lead leaves room for it. */
const LEAD_S = args.lead ? Number(args.lead) : Math.ceil(20 + USERS / 100);
const CONNECTIONS = Math.min(Number(args.connections), USERS);
const REGISTER_CONCURRENCY = Number(args['register-concurrency']);
const SUBMIT_SHARE = Number(args['submit-share']);
const CORRECT_SHARE = Number(args['correct-share']);
const PROFILE_PHASES = args.profile.split(',').filter(Boolean);
const PROFILE_DIR = path.resolve(args['profile-dir']);
for (const phase of PROFILE_PHASES) {
  if (!(PHASES as readonly string[]).includes(phase)) throw new Error(`--profile: unknown phase '${phase}' (one of ${PHASES.join(', ')})`);
}
if (!(USERS >= 1 && MINUTES >= 1 && QUESTIONS >= 1 && LEAD_S >= 10)) throw new Error('need --users ≥ 1, --minutes ≥ 1, --questions ≥ 1, --lead ≥ 10');

/** Issue #3 targets. */
const TARGETS = { startP99Ms: 500, answerP99Ms: 25, finalizationMs: 5_000 } as const;
/** Starts are spread over the first second after opening (issue #3: "within the first second"). */
const START_SPREAD_MS = 1_000;
/** Answers go out between open + 2 s and close − 15 s. */
const FIRST_ANSWER_AFTER_MS = 2_000;
const LAST_ANSWER_BEFORE_MS = 15_000;
/** Leaderboard poll period while waiting for finalization, ms. */
const POLL_MS = 50;
/** Give up waiting for finalization after this long, ms. */
const FINALIZATION_TIMEOUT_MS = 180_000;
const ADMIN_EMAIL = 'bench-admin@bench.invalid';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A forked child speaking our IPC messages: request/reply by `id`, and a stream of the rest. */
class Child<Out> {
  private nextId = 1;
  private readonly waiting = new Map<number, (reply: HarnessReply) => void>();
  private readonly listeners = new Set<(message: Out) => void>();
  readonly exited: Promise<number | null>;

  constructor(readonly process: ChildProcess) {
    process.on('message', (raw) => {
      const message = raw as Out | HarnessReply;
      const id = (message as { id?: unknown }).id;
      if (typeof id === 'number' && this.waiting.has(id)) {
        this.waiting.get(id)?.(message as HarnessReply);
        this.waiting.delete(id);
        return;
      }
      for (const listener of this.listeners) listener(message as Out);
    });
    this.exited = new Promise((resolve) => process.once('exit', (code) => resolve(code)));
  }

  request(message: { type: string; [k: string]: unknown }): Promise<HarnessReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.process.send({ ...message, id });
    });
  }

  /** The first message of `type` from now on. */
  next<T extends Out>(type: string): Promise<T> {
    return new Promise((resolve) => {
      const listener = (message: Out) => {
        if ((message as { type?: unknown }).type !== type) return;
        this.listeners.delete(listener);
        resolve(message as T);
      };
      this.listeners.add(listener);
    });
  }

  send(message: object): void {
    this.process.send(message);
  }
}

function forkTsx<Out>(file: string, env: Record<string, string>, execArgv: string[] = [], pipeOutput = false): Child<Out> {
  const child = fork(path.join(here, file), [], {
    cwd: root,
    env: { ...process.env, ...env },
    execArgv: [...execArgv, '--import', 'tsx'],
    stdio: ['ignore', pipeOutput ? 'pipe' : 'inherit', pipeOutput ? 'pipe' : 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  return new Child<Out>(child);
}

async function waitForHttp(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** The parts of a ContestView (packages/shared/src/protocol/contest.ts) the bench uses. */
const contestViewSchema = z.object({ _id: z.string(), openTime: z.string(), closeTime: z.string(), questionCount: z.number() });
/** POST /admin/contests "creates one and returns it": accepted bare or as { contest }. */
const createdSchema = z.union([z.object({ contest: contestViewSchema }).transform((v) => v.contest), contestViewSchema]);
const leaderboardSchema = z.object({ finalized: z.boolean(), leaderboard: z.array(z.unknown()) });

interface Registration {
  wallMs: number;
  latency: LatencySummary;
  errors: Record<string, number>;
  samples: string[];
}

async function registerAll(client: HttpClient, contestId: string, players: LoadSetup['users']): Promise<Registration> {
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const samples: string[] = [];
  let next = 0;
  const began = performance.now();
  const worker = async () => {
    while (next < players.length) {
      const player = players[next++];
      if (!player) break;
      const res = await client.request('POST', '/contest/register', {
        json: { contestId },
        token: player.token,
        headers: { 'x-forwarded-for': player.ip },
      });
      latencies.push(res.ms);
      if (res.status < 200 || res.status >= 300) {
        const key = `register ${res.status || res.error}`;
        errors[key] = (errors[key] ?? 0) + 1;
        if (samples.length < 5) samples.push(`${key}: ${res.body.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: REGISTER_CONCURRENCY }, worker));
  return { wallMs: performance.now() - began, latency: summarize(latencies), errors, samples };
}

interface Finalization {
  /** First poll answering finalized, minus closeTime, ms; null on timeout. */
  ms: number | null;
  polls: number;
  pollLatency: LatencySummary;
  pollErrors: Record<string, number>;
}

async function waitForFinalization(client: HttpClient, contestId: string, closeTimeMs: number, token: string): Promise<Finalization> {
  const latencies: number[] = [];
  const pollErrors: Record<string, number> = {};
  while (Date.now() < closeTimeMs) await sleep(Math.min(POLL_MS, closeTimeMs - Date.now()));
  for (;;) {
    const sentAt = Date.now();
    const res = await client.request('GET', `/contest/leaderboard?contestId=${encodeURIComponent(contestId)}&limit=1`, { token });
    latencies.push(res.ms);
    if (res.status === 200) {
      const parsed = leaderboardSchema.safeParse(JSON.parse(res.body));
      if (parsed.success && parsed.data.finalized) {
        // Receipt time, not send time: a poll sent while finalization blocks the server's event
        // loop is only answered once it is over, so its send time would understate the duration.
        return { ms: Date.now() - closeTimeMs, polls: latencies.length, pollLatency: summarize(latencies), pollErrors };
      }
    } else {
      const key = String(res.status || res.error);
      pollErrors[key] = (pollErrors[key] ?? 0) + 1;
    }
    if (Date.now() - closeTimeMs > FINALIZATION_TIMEOUT_MS) {
      return { ms: null, polls: latencies.length, pollLatency: summarize(latencies), pollErrors };
    }
    await sleep(Math.max(0, sentAt + POLL_MS - Date.now()));
  }
}

/** A contest lifecycle line of the server's log (pino JSON, domain 'contest'): its time (epoch ms), message and fields. */
interface LifecycleLog {
  time: number;
  msg: string;
  /** The duration the server measured itself, when the line carries one (`ms`), ms. */
  ms?: number;
}
const lifecycleLogs: LifecycleLog[] = [];
const logLineSchema = z.object({ time: z.number(), msg: z.string(), domain: z.string().optional(), ms: z.number().optional() });

function pipeServerOutput(child: ChildProcess): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      console.log(`  [server] ${line}`);
      try {
        const parsed = logLineSchema.safeParse(JSON.parse(line));
        if (parsed.success && parsed.data.domain === 'contest') lifecycleLogs.push(parsed.data);
      } catch {
        // not a JSON log line
      }
    });
  }
}

async function stopServer(server: Child<never>): Promise<number | null> {
  if (server.process.exitCode !== null) return server.process.exitCode;
  server.process.kill('SIGTERM');
  const code = await Promise.race([server.exited, sleep(30_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    console.error('  server did not stop within 30 s of SIGTERM; killing it');
    server.process.kill('SIGKILL');
    return server.exited;
  }
  return code;
}

async function main(): Promise<void> {
  const load = () => loadavg().map((v) => v.toFixed(2)).join(' ');
  console.log(
    `bench/contest: ${USERS} players, ${MINUTES}-minute contest of ${QUESTIONS} questions, registration lead ${LEAD_S} s, ` +
      `${CONNECTIONS} load connections; machine load average ${load()}`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ms-bench-contest-'));
  const jwtSecret = randomBytes(32).toString('hex');
  let server: Child<never> | null = null;
  let loader: Child<LoadOutgoing> | null = null;
  // Interrupted: stop the children and drop the data directory, as the normal end does.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the server and the load generator`);
      loader?.process.kill('SIGTERM');
      server?.process.kill('SIGTERM');
      const exited = server ? server.exited : Promise.resolve(null);
      void Promise.race([exited, sleep(15_000)]).finally(() => {
        if (!args.keep) rmSync(dataDir, { recursive: true, force: true });
        process.exit(130);
      });
    });
  }
  try {
    let t0 = performance.now();
    const { admin, players } = await seedPlayers(dataDir, USERS, ADMIN_EMAIL, jwtSecret);
    console.log(`  seeded ${USERS} players + admin and minted their tokens in ${((performance.now() - t0) / 1000).toFixed(1)} s (${dataDir})`);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    t0 = performance.now();
    server = forkTsx<never>(
      'server-entry.ts',
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: args['log-level'],
        SERVE_WEB: 'false',
        JWT_SECRET: jwtSecret,
        // Each player sends from its own X-Forwarded-For address, as if behind the one nginx hop.
        TRUST_PROXY_HOPS: '1',
        // Generous limits for whatever per-IP or per-socket limiting the server applies.
        SIGNUP_RATE_LIMIT: '1000000',
        LOGIN_RATE_LIMIT: '1000000',
        SOCKET_RATE_LIMIT_EVENTS: '1000000',
        MAX_CONNECTIONS_PER_IP: '1000000',
        // The load's players answer as fast as a script: the pace rule would flag every attempt
        // and leave the rating step out of what finalization measures.
        PACE_EASY_FLOOR_MS: '0',
        PACE_FLOOR_STEP_MS: '0',
        ...(PROFILE_PHASES.length ? { BENCH_CPU_PROFILE_DIR: PROFILE_DIR, BENCH_CPU_PROFILE_PHASES: PROFILE_PHASES.join(',') } : {}),
      },
      serverNodeFlags(),
      true,
    );
    pipeServerOutput(server.process);
    await waitForHttp(`${url}/api/leaderboard`);
    console.log(`  server ready in ${((performance.now() - t0) / 1000).toFixed(1)} s at ${url}`);

    const client = createHttpClient(url, REGISTER_CONCURRENCY + 2);
    await server.request({ type: 'phase', phase: 'registration' satisfies Phase });
    const created = await client.request('POST', '/admin/contests', {
      json: {
        title: 'Bench Contest',
        openTime: new Date(Date.now() + LEAD_S * 1000).toISOString(),
        durationMinutes: MINUTES,
        questionCount: QUESTIONS,
      },
      token: admin.token,
    });
    if (created.status < 200 || created.status >= 300) throw new Error(`POST /admin/contests answered ${created.status}: ${created.body}`);
    const contest = createdSchema.parse(JSON.parse(created.body));
    const openTimeMs = Date.parse(contest.openTime);
    const closeTimeMs = Date.parse(contest.closeTime);
    console.log(`  contest ${contest._id}: opens ${contest.openTime}, closes ${contest.closeTime}`);

    const registration = await registerAll(client, contest._id, players);
    console.log(
      `  registered ${USERS} players in ${(registration.wallMs / 1000).toFixed(1)} s (${REGISTER_CONCURRENCY} at a time; ` +
        `p50 ${fmt(registration.latency.p50)} ms, p99 ${fmt(registration.latency.p99)} ms)` +
        (Object.keys(registration.errors).length ? `; errors ${JSON.stringify(registration.errors)} ${registration.samples.join(' | ')}` : ''),
    );
    const spareS = (openTimeMs - Date.now()) / 1000;
    if (spareS < 7) throw new Error(`registration ended ${spareS.toFixed(1)} s before the opening; rerun with a longer --lead`);

    await server.request({ type: 'phase', phase: 'waiting' satisfies Phase });
    loader = forkTsx<LoadOutgoing>('load.ts', {}, [...LOAD_GENERATOR_FLAGS]);
    const setup: LoadSetup = {
      type: 'setup',
      url,
      contestId: contest._id,
      openTimeMs,
      closeTimeMs,
      questionCount: contest.questionCount,
      users: players,
      connections: CONNECTIONS,
      startSpreadMs: START_SPREAD_MS,
      firstAnswerAfterMs: FIRST_ANSWER_AFTER_MS,
      lastAnswerBeforeMs: LAST_ANSWER_BEFORE_MS,
      submitShare: SUBMIT_SHARE,
      correctShare: CORRECT_SHARE,
      seed: 'bench-contest',
    };
    const ready = loader.next<LoadReady>('ready');
    const startsDone = loader.next<LoadStartsDone>('starts-done');
    const result = loader.next<LoadResult>('result');
    loader.send(setup);
    const r = await ready;
    console.log(`  load generator: ${r.sockets} keep-alive connections open (warm-up ${fmt(r.warmupMs, 0)} ms); waiting for the opening`);

    // Phase changes at open and close run on the server's own timers, set now: the server answers
    // IPC on the very event loop the bench measures, and may be too busy to read a message then.
    const srv = server;
    await srv.request({ type: 'phase', phase: 'start' satisfies Phase, atMs: openTimeMs });
    await srv.request({ type: 'phase', phase: 'finalize' satisfies Phase, atMs: closeTimeMs });
    await sleep(Math.max(0, openTimeMs - Date.now()));
    const done = await startsDone;
    void srv.request({ type: 'phase', phase: 'answers' satisfies Phase });
    console.log(
      `  starts sent from +${done.firstSentMs} to +${done.lastSentMs} ms after opening; last one answered at +${done.lastAnsweredMs} ms`,
    );
    console.log(`  players answering until close − ${LAST_ANSWER_BEFORE_MS / 1000} s (${new Date(closeTimeMs).toISOString()}) …`);

    const finalizationPromise = (async () => {
      await sleep(Math.max(0, closeTimeMs - Date.now()));
      const poller = createHttpClient(url, 2);
      try {
        return await waitForFinalization(poller, contest._id, closeTimeMs, admin.token);
      } finally {
        poller.close();
      }
    })();
    const loadResult = await result;
    const finalization = await finalizationPromise;
    await sleep(500);
    const report = await server.request({ type: 'report' });
    loader.send({ type: 'stop' });
    client.close();

    const exitCode = await stopServer(server);
    console.log(`  server stopped (exit code ${exitCode}); checking the database …`);
    const verification = await verify(dataDir, contest._id, players, loadResult);
    print({ registration, loadResult, finalization, verification, phases: report.phases ?? [], startsDone: done, machineLoad: load(), closeTimeMs });
  } finally {
    if (loader && loader.process.exitCode === null) loader.process.kill('SIGTERM');
    if (server) await stopServer(server);
    if (args.keep) console.log(`  kept DATA_DIR ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Outcome {
  registration: Registration;
  loadResult: LoadResult;
  finalization: Finalization;
  verification: Verification;
  phases: PhaseStats[];
  startsDone: LoadStartsDone;
  machineLoad: string;
  closeTimeMs: number;
}

function print(o: Outcome): void {
  const { loadResult: l, verification: v, finalization: f } = o;
  const start = summarize(l.start.latencies);
  const answer = summarize(l.answer.latencies);
  const submit = summarize(l.submit.latencies);
  const errors: Record<string, number> = { ...o.registration.errors, ...l.errors };
  const errorCount = Object.values(errors).reduce((n, c) => n + c, 0);

  console.log('');
  const rows: Array<[string, LatencySummary, LatencySummary]> = [
    ['POST /contest/start', start, summarize(l.start.lateness)],
    ['POST /contest/submit-answer', answer, summarize(l.answer.lateness)],
    ['POST /contest/submit', submit, summarize(l.submit.lateness)],
    ['POST /contest/register (before open)', o.registration.latency, summarize([])],
    ['GET /contest/leaderboard (finalization polls)', f.pollLatency, summarize([])],
  ];
  const head = ['latency (ms)', 'count', 'p50', 'p90', 'p99', 'max', 'sent late p99'];
  const lines = [head, ...rows.map(([name, s, late]) => [name, String(s.count), fmt(s.p50, 2), fmt(s.p90, 2), fmt(s.p99, 2), fmt(s.max, 1), fmt(late.p99, 1)])];
  const widths = head.map((_, i) => Math.max(...lines.map((line) => (line[i] ?? '').length)));
  for (const line of lines) console.log(line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '));

  // Diagnostic, not a target: the answers sent while the start burst was still being served wait
  // behind it; this separates "answers are slow" from "answers queue behind the starts".
  const afterBurst = o.startsDone.lastAnsweredMs;
  const lateAnswers = l.answer.latencies.filter((_, i) => (l.answer.sentAfterOpenMs[i] ?? 0) > afterBurst);
  const earlyAnswers = l.answer.latencies.filter((_, i) => (l.answer.sentAfterOpenMs[i] ?? 0) <= afterBurst);
  const late = summarize(lateAnswers);
  const early = summarize(earlyAnswers);
  console.log(
    `submit-answer sent before the last start was answered (+${afterBurst} ms): ${early.count}, p50 ${fmt(early.p50, 1)} ms, p99 ${fmt(early.p99, 1)} ms; ` +
      `sent after: ${late.count}, p50 ${fmt(late.p50, 2)} ms, p99 ${fmt(late.p99, 2)} ms, max ${fmt(late.max, 1)} ms`,
  );
  console.log(`\nusers: ${USERS}; started: ${l.started}; starts sent +${o.startsDone.firstSentMs}…+${o.startsDone.lastSentMs} ms after opening, all answered by +${o.startsDone.lastAnsweredMs} ms`);
  console.log(`answers acknowledged: ${l.acked.user.length} (${v.ackedPairs} player-question pairs); ${l.answersQueuedBehindPrevious} waited for the player's previous answer`);
  console.log(`submits acknowledged: ${l.submitted.length}; attempts submitted by players ${v.submittedByPlayer}, auto-submitted at close ${v.autoSubmitted}`);
  console.log(`errors: ${errorCount}${errorCount ? ` ${JSON.stringify(errors)}` : ''}`);
  for (const sample of l.errorSamples.slice(0, 8)) console.log(`  e.g. ${sample}`);
  console.log(`lost answers: ${v.lostAnswers} of ${v.ackedPairs}${v.lostExamples.length ? ` (${v.lostExamples.join('; ')})` : ''}; stored but never acknowledged: ${v.unacknowledgedStored}`);
  console.log(
    `finalization: ${f.ms === null ? `NOT finalized within ${FINALIZATION_TIMEOUT_MS / 1000} s` : `${f.ms} ms after close`} (receipt of the first finalized poll, ` +
      `${f.polls} polls every ${POLL_MS} ms; poll errors ${JSON.stringify(f.pollErrors)}); stage '${v.stage}'; ` +
      `closed_at / finalized_at stamps (the server's pass start) ${v.dbClosedMs ?? 'n/a'} / ${v.dbFinalizationMs ?? 'n/a'} ms after close`,
  );
  const closeTimeMs = o.closeTimeMs;
  for (const log of lifecycleLogs.filter((l) => /closed|finali[sz]ed/i.test(l.msg))) {
    console.log(`  server log at close ${log.time - closeTimeMs >= 0 ? '+' : ''}${log.time - closeTimeMs} ms: "${log.msg}"${log.ms !== undefined ? ` (its own measure: ${log.ms} ms)` : ''}`);
  }
  if (!lifecycleLogs.length) console.log('  (no contest lifecycle lines in the server log: they are at level info; run with --log-level info to see them)');
  console.log(
    `ranks: ${v.rankedParticipants} ranked of ${v.startedAttempts} started (${v.startedWithoutRank} started without submission/rank); ` +
      `rating_history 'contest' rows ${v.ratingRows} (${v.ratingRowsMissing} ranked players without exactly one; ${v.ratingMismatches} users.rating ≠ rating_after); ` +
      `acknowledged submits marked auto ${v.acknowledgedSubmitsMarkedAuto}; correct counts differing from the bench's ${v.scoreMismatches}`,
  );
  for (const problem of v.problems) console.log(`  problem: ${problem}`);

  console.log('\nserver by phase:');
  const ph = ['phase', 'wall s', 'CPU %', 'machine %', 'loop p50', 'loop p99', 'loop max', 'gaps > 20 ms', 'PGlite ms', 'PGlite calls', 'fs sync ms', 'GC ms', 'RSS MB'];
  const phLines = [
    ph,
    ...o.phases.map((p) => [
      p.phase,
      fmt(p.wallMs / 1000, 1),
      fmt(p.cpuPercent, 0),
      fmt(p.machineBusyPercent, 0),
      fmt(p.loopP50Ms, 1),
      fmt(p.loopP99Ms, 1),
      fmt(p.loopMaxMs, 0),
      `${p.gaps.count} / ${p.gaps.ms} ms`,
      fmt(p.dbMs, 0),
      String(p.dbCalls),
      fmt(p.fsSyncMs, 0),
      fmt(p.gcMs, 0),
      fmt(p.rssMb, 0),
    ]),
  ];
  const phWidths = ph.map((_, i) => Math.max(...phLines.map((line) => (line[i] ?? '').length)));
  for (const line of phLines) console.log('  ' + line.map((cell, i) => (i === 0 ? cell.padEnd(phWidths[i] ?? 0) : cell.padStart(phWidths[i] ?? 0))).join('  '));
  for (const p of o.phases) {
    const at = (ms: number) => (ms < 0 ? `${ms} ms (began before the phase message got through)` : `+${ms} ms`);
    if (p.stalls.length) console.log(`  ${p.phase} longest stalls: ${p.stalls.map((s) => `${s.gapMs} ms at ${at(s.atMs)} (cpu ${s.cpuMs} ms)`).join(', ')}`);
  }
  const startPhase = o.phases.find((p) => p.phase === 'start');
  const answersWindow = o.phases.find((p) => p.phase === 'answers');
  if (startPhase && answersWindow) {
    // Phase CPU over the requests of the phase: what one request costs the server, all in (GC and PGlite included).
    const perStart = startPhase.cpuMs / Math.max(1, start.count);
    const perAnswer = answersWindow.cpuMs / Math.max(1, answer.count + submit.count);
    console.log(
      // N starts arriving over the first second finish by N × cost; the last one then waited N × cost − 1 s.
      `  server CPU per request (phase CPU / requests): start ≈ ${fmt(perStart, 2)} ms (p99 ≤ ${TARGETS.startP99Ms} ms for ${USERS} starts over ${START_SPREAD_MS / 1000} s needs ≤ ${fmt((START_SPREAD_MS + TARGETS.startP99Ms) / USERS, 2)} ms), ` +
        `submit-answer ≈ ${fmt(perAnswer, 2)} ms; PGlite share of it: ${fmt((startPhase.dbMs / startPhase.cpuMs) * 100, 0)} % / ${fmt((answersWindow.dbMs / answersWindow.cpuMs) * 100, 0)} %; ` +
        `answers offered ≈ ${fmt(answer.count / (MINUTES * 60 - (FIRST_ANSWER_AFTER_MS + LAST_ANSWER_BEFORE_MS) / 1000), 0)}/s`,
    );
  }
  for (const p of o.phases.filter((x) => ['start', 'answers', 'finalize'].includes(x.phase))) {
    console.log(`  ${p.phase}: PGlite time by statement (statements run, ms):`);
    for (const q of p.topSql.slice(0, 6)) console.log(`    ${String(q.statements).padStart(7)} ${fmt(q.ms, 0).padStart(7)} ms  ${q.sql}`);
  }
  console.log(
    `(CPU % is the server process, of one core; machine % is every process on the ${cpus().length}-core machine, server and load generator included)\n` +
      `load generator: CPU ${fmt(l.cpuMs / 1000, 1)} s over the contest; event-loop delay p99 ${fmt(l.loopP99Ms, 1)} ms, max ${fmt(l.loopMaxMs, 0)} ms ` +
      `(during the starts: p99 ${fmt(o.startsDone.loopP99Ms, 1)} ms, max ${fmt(o.startsDone.loopMaxMs, 0)} ms); machine load average after: ${o.machineLoad}`,
  );

  const answersPhase = o.phases.find((p) => p.phase === 'answers');
  const serverFinalized = lifecycleLogs.find((l) => /finali[sz]ed/i.test(l.msg));
  const checks: Array<[string, boolean, string]> = [
    [`start p99 ≤ ${TARGETS.startP99Ms} ms`, start.p99 <= TARGETS.startP99Ms, `${fmt(start.p99, 1)} ms`],
    [`submit-answer p99 ≤ ${TARGETS.answerP99Ms} ms`, answer.p99 <= TARGETS.answerP99Ms, `${fmt(answer.p99, 2)} ms`],
    ['errors 0', errorCount === 0, String(errorCount)],
    ['lost answers 0', v.lostAnswers === 0 && v.ackedPairs > 0, `${v.lostAnswers} of ${v.ackedPairs}`],
    [`finalization ≤ ${TARGETS.finalizationMs / 1000} s`, f.ms !== null && f.ms <= TARGETS.finalizationMs, f.ms === null ? 'never' : `${f.ms} ms`],
    ['every started attempt ranked', v.startedWithoutRank === 0 && v.startedAttempts === l.started, `${v.startedWithoutRank} unranked; ${v.startedAttempts} started in db vs ${l.started} acknowledged`],
    ['one contest rating row per ranked participant', v.ratingRowsMissing === 0 && v.ratingRows === v.rankedParticipants, `${v.ratingRows} rows / ${v.rankedParticipants} ranked`],
  ];
  console.log('\ntargets:');
  for (const [name, pass, value] of checks) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${name}: ${value}`);
  const allPass = checks.every(([, pass]) => pass);
  console.log(`\n${allPass ? 'PASS' : 'FAIL'} (${USERS} users, ${MINUTES} min)`);

  console.log(
    `\nJSON ${JSON.stringify({
      users: USERS,
      minutes: MINUTES,
      start,
      submitAnswer: answer,
      submitAnswerAfterStartBurst: late,
      submit,
      register: o.registration.latency,
      errors,
      lostAnswers: v.lostAnswers,
      ackedAnswers: v.ackedPairs,
      finalizationMs: f.ms,
      serverFinalizedLogMs: serverFinalized ? serverFinalized.time - o.closeTimeMs : null,
      serverFinalizeStepMs: serverFinalized?.ms ?? null,
      serverAnswersLoopP99Ms: answersPhase?.loopP99Ms,
      phases: o.phases.map(({ stalls: _stalls, topSql: _topSql, ...rest }) => rest),
      pass: allPass,
    })}`,
  );
  process.exitCode = allPass ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
