/**
 * bench/leaderboard (issue #2 "Benchmarks"): GET /api/leaderboard on the real server with 100
 * concurrent connections (autocannon), beside bare Fastify baselines in the same run, because this
 * machine is shared and noisy and only same-run comparisons hold.
 *
 * Targets: ≥ 20,000 requests/s and p99 ≤ 10 ms for the real server.
 *
 * Steps:
 *  1. seeds a fresh embedded database (PGlite in a temp DATA_DIR) with SEED_USERS players and
 *     SEED_GUESTS guests, directly through the server's own migrations and schema;
 *  2. starts the real server in a child process (NODE_ENV=production, LOG_LEVEL=warn, that DATA_DIR);
 *  3. saves its leaderboard body and starts two baselines in child processes, each sending those
 *     same bytes: bare Fastify, and bare Fastify + the server's security headers (what the headers
 *     alone cost);
 *  4. autocannon, in this process (relaunched with support/load-generator.ts's young-generation
 *     flag, as every load generator of ours), with CONNECTIONS connections: a warm-up per target,
 *     then DURATION_S seconds per target split into ROUNDS interleaved slices; prints requests/s,
 *     p50, p99 (medians of the rounds), each target's CPU time per request (from /proc, robust to
 *     other load), and ratios.
 *
 * Run from the repository root: `npx tsx bench/leaderboard/run.ts`
 * Env: DURATION_S (default 10), ROUNDS (5), CONNECTIONS (100), SEED_USERS (1000), SEED_GUESTS (200),
 *      SERVER_ENTRY (default apps/server/src/main.ts run through tsx; set apps/server/dist/main.js
 *      to measure the production bundle).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// autocannon ships no type declarations; the few fields used are typed below.
// @ts-expect-error -- no types
import autocannon from 'autocannon';
import { users } from '../../apps/server/src/db/schema/index.js';
import { openDatabase } from '../../apps/server/src/platform/db.js';
import { createRng } from '../../packages/shared/src/domain/rng.js';
import { freePort } from '../support/free-port.js';
import { relaunchAsLoadGenerator } from '../support/load-generator.js';
import { processCpuMs, serverChildren } from '../support/server-children.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DURATION_S = Number(process.env.DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const SEED_USERS = Number(process.env.SEED_USERS ?? 1000);
const SEED_GUESTS = Number(process.env.SEED_GUESTS ?? 200);
const WARMUP_S = 2;
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SERVER_ENTRY = process.env.SERVER_ENTRY ?? 'apps/server/src/main.ts';

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram & { max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
const run = autocannon as (opts: Record<string, unknown>) => Promise<AutocannonResult>;

const children = serverChildren(root);

async function waitForOk(url: string, timeoutMs = 60_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  const rng = createRng('bench-leaderboard');
  const rows = [];
  for (let i = 0; i < SEED_USERS + SEED_GUESTS; i++) {
    const guest = i >= SEED_USERS;
    rows.push({
      id: randomUUID(),
      name: guest ? `Guest-${i}` : `Player ${String(i).padStart(4, '0')}`,
      email: guest ? null : `player${i}@bench.invalid`,
      isGuest: guest,
      rating: 800 + rng() * 1600,
      rd: 50 + rng() * 300,
    });
  }
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(users).values(rows.slice(i, i + 500));
  await database.close();
}

interface Measurement {
  requestsPerSecond: number;
  /** Median over the rounds of each round's latency percentile, ms. */
  p50: number;
  p99: number;
  /** Worst latency seen in any round, ms. */
  max: number;
  requests: number;
  /** Every round's p99, ms, to show the spread. */
  p99s: number[];
  /** Server CPU time per request in µs (user + system, all rounds). */
  cpuUsPerRequest: number;
}

interface Target {
  label: string;
  url: string;
  pid: number | undefined;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/**
 * Measures every target for DURATION_S seconds in ROUNDS interleaved slices (A B C D A B C D …), so
 * a burst of load from another process on this shared machine hits all targets alike instead of
 * whichever happened to be running. Each target first gets a WARMUP_S warm-up.
 */
async function measureAll(targets: Target[]): Promise<Map<string, Measurement>> {
  for (const { url } of targets) await run({ url, connections: CONNECTIONS, duration: WARMUP_S });
  const slice = DURATION_S / ROUNDS;
  const rounds = new Map<string, AutocannonResult[]>(targets.map(({ label }) => [label, []]));
  const cpu = new Map<string, number>(targets.map(({ label }) => [label, 0]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const { label, url, pid } of targets) {
      const cpuBefore = processCpuMs(pid);
      const result = await run({ url, connections: CONNECTIONS, duration: slice });
      cpu.set(label, (cpu.get(label) ?? 0) + processCpuMs(pid) - cpuBefore);
      if (result.errors || result.timeouts || result.non2xx) {
        console.error(`${label}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx responses`);
      }
      rounds.get(label)?.push(result);
    }
  }
  const out = new Map<string, Measurement>();
  for (const [label, results] of rounds) {
    const requests = results.reduce((n, r) => n + r.requests.total, 0);
    out.set(label, {
      requestsPerSecond: requests / DURATION_S,
      p50: median(results.map((r) => r.latency.p50)),
      p99: median(results.map((r) => r.latency.p99)),
      max: Math.max(...results.map((r) => r.latency.max)),
      requests,
      p99s: results.map((r) => r.latency.p99),
      cpuUsPerRequest: ((cpu.get(label) ?? Number.NaN) * 1000) / requests,
    });
  }
  return out;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ms-bench-lb-'));
  try {
    console.log(`seeding ${SEED_USERS} players and ${SEED_GUESTS} guests into ${dataDir} …`);
    await seed(dataDir);

    // The load generator's connections all come from 127.0.0.1.
    const serverEnv = { NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', MAX_CONNECTIONS_PER_IP: '1000000' };
    const appPort = await freePort();
    const server = children.start('server', SERVER_ENTRY, { ...serverEnv, PORT: String(appPort), DATA_DIR: dataDir });
    const appUrl = `http://127.0.0.1:${appPort}/api/leaderboard`;

    const first = await waitForOk(appUrl);
    const body = Buffer.from(await first.arrayBuffer());
    const top = (JSON.parse(body.toString()) as { top: { rating: number }[] }).top;
    if (top.length !== 50) throw new Error(`expected 50 leaderboard entries, got ${top.length}`);
    const headerBytes = [...first.headers].reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
    console.log(`leaderboard body: ${body.length} bytes, ${top.length} entries; response headers ≈ ${headerBytes} bytes`);

    const bodyFile = path.join(dataDir, 'leaderboard.json');
    writeFileSync(bodyFile, body);
    const baselines: Target[] = [];
    for (const [label, helmet] of [
      ['bare Fastify', ''],
      ['bare + security headers', 'precomputed'],
    ] as const) {
      const port = await freePort();
      const child = children.start(label, 'bench/leaderboard/bare-server.ts', { PORT: String(port), BODY_FILE: bodyFile, HELMET: helmet });
      baselines.push({ label, url: `http://127.0.0.1:${port}/api/leaderboard`, pid: child.pid });
    }
    for (const { label, url } of baselines) {
      const res = await waitForOk(url);
      const b = Buffer.from(await res.arrayBuffer());
      if (!b.equals(body)) throw new Error(`${label} does not serve the same body`);
      if (label !== 'bare Fastify' && res.headers.get('content-security-policy') !== first.headers.get('content-security-policy')) {
        throw new Error(`${label} does not send the server's Content-Security-Policy`);
      }
    }

    console.log(
      `autocannon: ${CONNECTIONS} connections; ${WARMUP_S} s warm-up, then ${DURATION_S} s per target in ${ROUNDS} interleaved rounds\n`,
    );
    const targets: Target[] = [
      ...baselines,
      { label: 'MathSprint server', url: appUrl, pid: server.pid },
    ];
    const results = await measureAll(targets);

    const pad = (s: string, n: number) => s.padEnd(n);
    console.log(
      `${pad('target', 28)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('max ms', 8)}${pad('requests', 10)}${pad('CPU µs/req', 12)}p99 per round (ms)`,
    );
    for (const { label } of targets) {
      const r = results.get(label) as Measurement;
      console.log(
        `${pad(label, 28)}${pad(Math.round(r.requestsPerSecond).toString(), 9)}${pad(String(r.p50), 8)}${pad(String(r.p99), 8)}${pad(String(r.max), 8)}${pad(String(r.requests), 10)}${pad(r.cpuUsPerRequest.toFixed(1), 12)}${r.p99s.join(' ')}`,
      );
    }
    const get = (label: string) => results.get(label) as Measurement;
    const bare = get('bare Fastify');
    const app = get('MathSprint server');
    const ratio = (r: Measurement) => (r.requestsPerSecond / bare.requestsPerSecond).toFixed(2);
    console.log(`\nserver / bare: ${ratio(app)}× req/s; p99 ${app.p99} ms vs ${bare.p99} ms`);
    console.log(
      `server CPU per request: ${app.cpuUsPerRequest.toFixed(1)} µs vs bare ${bare.cpuUsPerRequest.toFixed(1)} µs ` +
        `(${(app.cpuUsPerRequest / bare.cpuUsPerRequest).toFixed(2)}×); one core at that cost serves ≈ ${Math.round(1e6 / app.cpuUsPerRequest)} req/s`,
    );
    const headers = get('bare + security headers');
    console.log(`bare + security headers / bare: ${ratio(headers)}× req/s, CPU ${(headers.cpuUsPerRequest - bare.cpuUsPerRequest).toFixed(1)} µs/req more`);
    const ok = app.requestsPerSecond >= 20_000 && app.p99 <= 10;
    console.log(`targets (≥ 20,000 req/s, p99 ≤ 10 ms): ${ok ? 'met' : 'NOT met'}`);
  } finally {
    await children.stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!relaunchAsLoadGenerator(import.meta.url)) {
  main().catch(async (error: unknown) => {
    console.error(error);
    await children.stopAll();
    process.exit(1);
  });
}
