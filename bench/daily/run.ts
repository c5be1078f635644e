/**
 * bench/daily (issue #4 "Tests and benchmark"): GET /api/daily/season, /api/daily/leaderboard and
 * /api/daily/streak on the real server over a month of daily practice.
 *
 * Targets on this 2-core machine, with CONNECTIONS (50) concurrent clients: season p99 ≤ 50 ms,
 * leaderboard and streak p99 ≤ 20 ms.
 *
 * Steps:
 *  1. fills a fresh embedded database (PGlite in a temp DATA_DIR, through the server's own
 *     migrations) with USERS (100,000) players and SUBMISSIONS (1,000,000) section submissions
 *     spread over the current UTC month up to today, plus their season totals — bulk SQL from
 *     generate_series, no per-row round trips;
 *  2. mints session tokens for TOKEN_USERS (1,000) of those players with the server's own token
 *     code, so the server authenticates the bench's requests exactly as real ones;
 *  3. starts the real server (apps/server/src/main.ts through tsx, NODE_ENV=production) on that
 *     DATA_DIR in a child process;
 *  4. per endpoint (autocannon in this process, relaunched with support/load-generator.ts's
 *     young-generation flag): a WARMUP_S warm-up, then DURATION_S seconds of autocannon with
 *     CONNECTIONS connections; every request takes the next player's token (and, for the
 *     leaderboard, a random day of the month and section), so caches keyed by user or section see
 *     many keys;
 *  5. measures GET /api/leaderboard (the global board: a cached body, no token) the same way, as a
 *     same-run baseline: this machine is shared, and that row shows what the load allows at all;
 *  6. prints requests/s, p50, p99, the server's CPU time per request (from /proc, which other
 *     load moves much less than latency) and PASS/FAIL per endpoint; exits 1 when a target fails.
 *
 * Run from the repository root: `npx tsx bench/daily/run.ts`
 * Env: USERS (100000), SUBMISSIONS (1000000), TOKEN_USERS (1000), CONNECTIONS (50), DURATION_S (10),
 *      WARMUP_S (3), KEEP_DATA_DIR (unset: the temp database is deleted at the end; set: kept and
 *      printed), DATA_DIR (a database a previous KEEP_DATA_DIR run filled: skips step 1; its
 *      submissions must be of the current month).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// autocannon ships no type declarations; the few fields used are typed below.
// @ts-expect-error -- no types
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createTokenIssuer } from '../../apps/server/src/accounts/tokens.js';
import { systemClock } from '../../apps/server/src/platform/clock.js';
import { openDatabase } from '../../apps/server/src/platform/db.js';
import { freePort } from '../support/free-port.js';
import { relaunchAsLoadGenerator } from '../support/load-generator.js';
import { processCpuMs, serverChildren } from '../support/server-children.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USERS = Number(process.env.USERS ?? 100_000);
const SUBMISSIONS = Number(process.env.SUBMISSIONS ?? 1_000_000);
const TOKEN_USERS = Math.min(USERS, Number(process.env.TOKEN_USERS ?? 1000));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.DURATION_S ?? 10);
const WARMUP_S = Number(process.env.WARMUP_S ?? 3);
const JWT_SECRET = 'bench-daily-secret-bench-daily-secret-0123';
const SECTIONS = ['basic', 'intermediate', 'advanced', 'expert'] as const;

interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}
const run = autocannon as (opts: Record<string, unknown>) => Promise<AutocannonResult>;

const userId = (n: number): string => `bench-${String(n).padStart(6, '0')}`;

/** The days the submissions are spread over: the current UTC month up to today (at least 3 days, so 10 per player fit). */
function benchDays(): string[] {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const count = Math.max(3, now.getUTCDate());
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

async function fill(dataDir: string, days: string[]): Promise<void> {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  // Our own integers, inlined: bind parameters of unknown type make generate_series ambiguous.
  const n = (value: number) => sql.raw(String(Math.trunc(value)));
  const started = Date.now();
  const step = (label: string) => console.log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  try {
    await db.execute(sql`
      INSERT INTO users (id, name, email, is_guest, rating, rd)
      SELECT 'bench-' || lpad(g::text, 6, '0'), 'Player ' || g, 'player' || g || '@bench.invalid', false,
             800 + random() * 1600, 50 + random() * 300
      FROM generate_series(1, ${n(USERS)}) AS g`);
    step(`${USERS} users`);

    // Submission g belongs to player (g mod USERS) and takes that player's k-th (day, section) slot,
    // k = g div USERS; slots are offset per player and distinct while 4 × days ≥ submissions per player.
    const slots = 4 * days.length;
    const perPlayer = Math.ceil(SUBMISSIONS / USERS);
    if (perPlayer > slots) throw new Error(`${perPlayer} submissions per player do not fit in ${days.length} days × 4 sections`);
    const dayList = sql.raw(`ARRAY[${days.map((d) => `'${d}'`).join(',')}]`);
    const CHUNK = 100_000;
    for (let from = 0; from < SUBMISSIONS; from += CHUNK) {
      const to = Math.min(SUBMISSIONS, from + CHUNK) - 1;
      await db.execute(sql`
        INSERT INTO daily_submissions (user_id, date, section_key, practice_points, base_points, speed_bonus,
                                       correct_count, total, time_taken_ms, submitted_at)
        SELECT 'bench-' || lpad((s.u + 1)::text, 6, '0'), s.day, s.section,
               s.base + s.bonus, s.base, s.bonus, s.correct, 10, s.taken, (s.day || 'T12:00:00Z')::timestamptz + s.taken * interval '1 millisecond'
        FROM (
          SELECT g % ${n(USERS)} AS u,
                 (${dayList})[((g / ${n(USERS)} + (g % ${n(USERS)}) * 7) % ${n(slots)}) / 4 + 1] AS day,
                 (ARRAY['basic','intermediate','advanced','expert'])[((g / ${n(USERS)} + (g % ${n(USERS)}) * 7) % ${n(slots)}) % 4 + 1] AS section,
                 10 * (((g / ${n(USERS)} + (g % ${n(USERS)}) * 7) % ${n(slots)}) % 4 + 1) * c.correct AS base,
                 (random() * 5 * c.correct)::int AS bonus,
                 c.correct,
                 30000 + (random() * 570000)::int AS taken
          FROM generate_series(${n(from)}, ${n(to)}) AS g
          CROSS JOIN LATERAL (SELECT (random() * 10)::int + (g * 0) AS correct) AS c
        ) AS s`);
      step(`${to + 1} submissions`);
    }

    await db.execute(sql`
      INSERT INTO daily_season_totals (season, user_id, season_points, updated_at)
      SELECT left(date, 7), user_id, sum(practice_points), max(submitted_at)
      FROM daily_submissions GROUP BY left(date, 7), user_id`);
    step('season totals');
    await db.execute(sql`ANALYZE`);
    step('ANALYZE');
  } finally {
    await database.close();
  }
}

const children = serverChildren(root);

async function waitForOk(url: string, headers: Record<string, string>, timeoutMs = 120_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { headers });
      if (res.ok) return res.json();
      if (res.status !== 404) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error; // TypeError: not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Endpoint {
  label: string;
  /** p99 target in ms; null for the baseline. */
  targetP99: number | null;
  path: () => string;
  /** Send no token (the baseline). */
  anonymous?: boolean;
}

async function measure(baseUrl: string, tokens: string[], endpoint: Endpoint, duration: number): Promise<AutocannonResult> {
  let next = 0;
  return run({
    url: baseUrl,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        setupRequest: (request: AutocannonRequest) => {
          const token = tokens[next++ % tokens.length];
          const headers = endpoint.anonymous ? request.headers : { ...request.headers, authorization: `Bearer ${token}` };
          return { ...request, method: 'GET', path: endpoint.path(), headers };
        },
      },
    ],
  });
}

async function main(): Promise<void> {
  const reused = process.env.DATA_DIR;
  const dataDir = reused ?? mkdtempSync(path.join(tmpdir(), 'ms-bench-daily-'));
  try {
    const days = benchDays();
    const today = days[days.length - 1]!;
    if (reused) {
      console.log(`reusing ${dataDir}`);
    } else {
      console.log(`filling ${dataDir}: ${USERS} players, ${SUBMISSIONS} submissions over ${days[0]} … ${today}`);
      await fill(dataDir, days);
    }

    const issuer = createTokenIssuer({ secret: new TextEncoder().encode(JWT_SECRET), config: { JWT_TTL_SECONDS: 24 * 3600 }, clock: systemClock });
    // Every (USERS / TOKEN_USERS)-th player, so the sample spans the whole field.
    const stride = Math.max(1, Math.floor(USERS / TOKEN_USERS));
    const tokens = await Promise.all(Array.from({ length: TOKEN_USERS }, (_, i) => issuer.issue({ id: userId(1 + i * stride), tokenVersion: 0 })));

    const port = await freePort();
    const server = children.start('server', 'apps/server/src/main.ts', { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', DATA_DIR: dataDir, JWT_SECRET, MAX_CONNECTIONS_PER_IP: '1000000' });
    const baseUrl = `http://127.0.0.1:${port}`;
    const auth = { authorization: `Bearer ${tokens[0]}` };
    const season = (await waitForOk(`${baseUrl}/api/daily/season`, auth)) as { top: unknown[]; participants: number; me: { rank: number | null } };
    console.log(`server up: season has ${season.participants} participants, top ${season.top.length}, first bench user ranked ${season.me.rank}`);

    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const monthDays = days.filter((d) => d.startsWith(today.slice(0, 7)));
    const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
    const endpoints: Endpoint[] = [
      { label: 'GET /api/daily/season', targetP99: 50, path: () => `/api/daily/season?year=${year}&month=${month}&_ts=${Date.now()}` },
      { label: 'GET /api/daily/leaderboard', targetP99: 20, path: () => `/api/daily/leaderboard?date=${pick(monthDays)}&sectionKey=${pick(SECTIONS)}&limit=20` },
      { label: 'GET /api/daily/streak', targetP99: 20, path: () => '/api/daily/streak' },
      { label: 'baseline GET /api/leaderboard', targetP99: null, path: () => '/api/leaderboard', anonymous: true },
    ];
    console.log(`autocannon: ${CONNECTIONS} connections, ${TOKEN_USERS} players' tokens in turn; ${WARMUP_S} s warm-up, then ${DURATION_S} s per endpoint\n`);

    const rows: string[] = [];
    let failed = false;
    for (const endpoint of endpoints) {
      await measure(baseUrl, tokens, endpoint, WARMUP_S);
      const cpuBefore = processCpuMs(server.pid);
      const result = await measure(baseUrl, tokens, endpoint, DURATION_S);
      const cpuUs = ((processCpuMs(server.pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
      const bad = result.errors + result.timeouts + result.non2xx;
      const target = endpoint.targetP99;
      const pass = target === null || (result.latency.p99 <= target && bad === 0);
      failed ||= !pass;
      rows.push(
        `${endpoint.label.padEnd(32)}${String(Math.round(result.requests.average)).padEnd(9)}${String(result.latency.p50).padEnd(8)}` +
          `${String(result.latency.p99).padEnd(8)}${String(result.latency.max).padEnd(8)}${(Number.isFinite(cpuUs) ? cpuUs.toFixed(0) : 'n/a').padEnd(12)}` +
          `${(target === null ? '—' : `≤ ${target} ms`).padEnd(10)}${target === null ? '' : pass ? 'PASS' : 'FAIL'}` +
          (bad ? `  (${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx)` : ''),
      );
    }
    console.log(`load average (1/5/15 min) at the end: ${loadavg().map((l) => l.toFixed(2)).join(' / ')} on this 2-core machine`);
    console.log(`${'endpoint'.padEnd(32)}${'req/s'.padEnd(9)}${'p50 ms'.padEnd(8)}${'p99 ms'.padEnd(8)}${'max ms'.padEnd(8)}${'CPU µs/req'.padEnd(12)}${'target'.padEnd(10)}result`);
    for (const row of rows) console.log(row);
    process.exitCode = failed ? 1 : 0;
  } finally {
    await children.stopAll();
    if (process.env.KEEP_DATA_DIR || reused) console.log(`database kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!relaunchAsLoadGenerator(import.meta.url)) {
  main().catch(async (error: unknown) => {
    console.error(error);
    await children.stopAll();
    process.exit(1);
  });
}
