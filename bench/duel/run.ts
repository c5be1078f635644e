/**
 * bench/duel (issue #2 "Benchmarks"): N concurrent two-player Math Challenges against the real
 * server, then the same load against a bare Socket.IO acknowledgement server, and against that bare
 * server sending the frames the protocol obliges any server to send (protocol-server.ts:
 * timerUpdate every second to every player, progressUpdate to both players after a right answer),
 * in the same run (this machine is shared and noisy: only same-run comparisons hold). The second
 * baseline splits the distance from the bare server into what the protocol costs on this machine
 * and what our implementation adds.
 *
 * Targets on the 2-core machine: at 1,000 games answer-ack p99 ≤ 10 ms and ≤ 2 × bare; at 5,000
 * games p99 ≤ 50 ms; ≤ 40 KB of server memory per connected player.
 *
 * Steps, for the app then for each baseline:
 *  1. start the server in a child process (server-entry.ts: the real entry point apps/server/src/main.ts
 *     with NODE_ENV=production, PGlite in a temp DATA_DIR, LOG_LEVEL=warn, a rate limit raised for
 *     bots that answer every 2 s; or bare-server.ts), under an event-loop delay monitor;
 *  2. app only: create 2N guest accounts over HTTP (POST /auth/guest). Guest creation is rate
 *     limited per client IP; the bench stands for 2N players on as many machines by sending an
 *     X-Forwarded-For address per player (the server trusts proxy headers), and also raises
 *     SIGNUP_RATE_LIMIT for servers that read it;
 *  3. measure the idle server's memory (after GC);
 *  4. fork LOADERS load-generator processes (load.ts), which connect 2N sockets in batches
 *     (websocket only, with the lean protocol client of wire-client.ts by default), set up N games of mode 5 (so they outlast the measurement) and answer
 *     about every 2 s each, 75 % of answers right;
 *  5. after a warm-up, record every answer acknowledgement's latency for WINDOW seconds, with the
 *     server's event-loop delay and CPU over the same window, then its memory after GC.
 *
 * Run from the repository root (raise the open-file limit first: each player is a socket on both
 * ends, and 5,000 games are 10,000 of each):
 *
 *   ulimit -n 65536
 *   npx tsx bench/duel/run.ts --games 1000
 *   npx tsx bench/duel/run.ts --games 5000
 *
 * Several processes (issue #5): with --processes N (N ≥ 2) the same load also runs against N server
 * processes sharing PostgreSQL and Redis (REDIS_URL set: Redis Streams adapter, rooms in Redis,
 * clock leases), in the same run as one process alone. Player i connects to process i mod N, so
 * with two processes the two players of every game sit on different processes and every
 * broadcast crosses Redis: the shared path at its most expensive. This machine has 2 cores shared
 * with the load generator, so it shows that cost, not throughput scaling. Target at 1,000 games:
 * answer-ack p99 with N processes ≤ 1.5 × one process, no acknowledgement lost. The same run also
 * measures one process on PostgreSQL and Redis ('shared': the shared store and the adapter without
 * a second process), which splits the cost into what Redis adds and what the split adds.
 *
 *   npx tsx bench/duel/run.ts --games 1000 --processes 2 --only app
 *
 * `--only app,split` adds the floor of that comparison: N processes that share nothing (each in
 * memory on its own embedded database, with its own guest accounts; the two players of game g on
 * process g mod N), so that what two processes cost on this machine by themselves is told apart
 * from what the shared path costs. `--only bare,durable` (with --processes N) measures the floor
 * of the shared path itself: bare Socket.IO, and bare Socket.IO that writes each answer to Redis
 * before acknowledging it (durable-server.ts: one script call, as an acknowledged score that must
 * survive its process needs), with no game, adapter or second process.
 *
 * Options: --games N (1000), --window S (30), --warmup S (5), --interval MS (2000),
 *          --loaders L (2), --correct SHARE (0.75), --only app|bare|protocol|cluster|shared|split|durable (or a
 *          comma-separated list),
 *          --processes N (1), --rounds R (1: run the targets in turn R times, print every round,
 *          then each target's p99 round by round with the same-round ratios and their medians,
 *          and judge the targets on those medians; a noisy window then spoils one round, not the
 *          verdict), --redis URL (REDIS_URL or redis://127.0.0.1:6379),
 *          --database URL (a PostgreSQL server for the processes; a scratch database is created
 *          next to it and dropped: DATABASE_URL or postgresql://127.0.0.1:5432/test),
 *          --client wire|socket.io (wire: the lean protocol client of wire-client.ts, so the load
 *          generator leaves the 2 cores to the server; socket.io: socket.io-client).
 * Env: BENCH_SERVER_FLAGS, extra node flags for the server processes (e.g. "--trace-gc", "--cpu-prof"),
 *   after the production server's own (apps/server/node-flags.json); the bare server gets the same.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ReadyMessage, ResultMessage, SetupMessage } from './load.js';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { Child, forkTs, waitForHttp } from '../support/forked-child.js';
import { freePort } from '../support/free-port.js';
import { createGuests } from '../support/guests.js';
import { LOAD_GENERATOR_FLAGS } from '../support/load-generator.js';
import { serverNodeFlags } from '../support/server-flags.js';
import type { GapTotals } from '../support/stall-watch.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '1000' },
    window: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    interval: { type: 'string', default: '2000' },
    loaders: { type: 'string', default: '2' },
    correct: { type: 'string', default: '0.75' },
    client: { type: 'string', default: 'wire' },
    only: { type: 'string' },
    processes: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '1' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    database: { type: 'string', default: process.env.DATABASE_URL ?? 'postgresql://127.0.0.1:5432/test' },
  },
});
const PROCESSES = Number(args.processes);
const ROUNDS = Math.max(1, Number(args.rounds));
const GAMES = Number(args.games);
const WINDOW_MS = Number(args.window) * 1000;
const WARMUP_MS = Number(args.warmup) * 1000;
const INTERVAL_MS = Number(args.interval);
const LOADERS = Number(args.loaders);
const CORRECT = Number(args.correct);
const CLIENT = args.client === 'socket.io' ? 'socket.io' : 'wire';
/** Math Challenge length in minutes: 5, the longest, so games outlast ramp + warm-up + window. */
const GAME_MODE = 5;

interface ServerStats {
  loopP50Ms: number;
  loopP99Ms: number;
  loopMaxMs: number;
  cpuPercent: number;
  /** Longest event-loop stalls in the window, with the CPU the server used during each. */
  stalls: Array<{ atMs: number; gapMs: number; cpuMs: number }>;
  /** Every event-loop gap of over 20 ms in the window, totalled (count, ms, CPU ms meanwhile):
   * the loop-delay p99 above counts one sample per gap, so it hides them (stall-watch.ts). */
  gaps: GapTotals;
  /** Longest GC pauses of the main thread in the window (≥ 10 ms; atMs since the window began). */
  gcPauses: Array<{ atMs: number; ms: number; kind: string }>;
  /** Total GC pause time in the window (ms) and the number of collections. */
  gcMs: number;
  gcCount: number;
  rss: number;
  heapUsed: number;
  external: number;
}

/** app: one process, rooms in memory; shared: one process on PostgreSQL and Redis (REDIS_URL set,
 * rooms in Redis, the Streams adapter); cluster: N such processes; split: N processes that share
 * nothing (each in memory on its own embedded database, both players of a game on the same one);
 * bare, protocol and durable (bare Socket.IO writing each answer to Redis before acknowledging
 * it): baselines. */
type Kind = 'app' | 'bare' | 'protocol' | 'cluster' | 'shared' | 'split' | 'durable';

/** A baseline server (bare-server.ts, protocol-server.ts, durable-server.ts), not our app: no
 * accounts or games, and its lost acknowledgements are not judged. */
const isBaseline = (kind: Kind): boolean => kind === 'bare' || kind === 'protocol' || kind === 'durable';

interface RunResult {
  kind: Kind;
  label: string;
  /** Redis's own CPU over the window (% of one core), for the runs on Redis. */
  redisCpuPercent: number;
  players: number;
  games: number;
  rampMs: number;
  latency: { p50: number; p99: number; max: number; count: number };
  sent: number;
  acked: number;
  errors: Record<string, number>;
  server: ServerStats;
  idle: ServerStats;
  loaderLoopP99Ms: number;
  /** The whole machine over the window, % of all its CPU time (/proc/stat): time the hypervisor
   * gave to other guests (steal), and time no process wanted (idle). */
  machine: { stealPercent: number; idlePercent: number };
  failures: string[];
}


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The machine's CPU time counters (/proc/stat, all CPUs), in ticks; null where there is no /proc. */
function machineTicks(): { steal: number; idle: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user).
    const total = fields.slice(0, 8).reduce((n, v) => n + v, 0);
    return { steal: fields[7] ?? 0, idle: (fields[3] ?? 0) + (fields[4] ?? 0), total };
  } catch {
    return null;
  }
}

function machineShare(from: ReturnType<typeof machineTicks>, to: ReturnType<typeof machineTicks>): RunResult['machine'] {
  if (!from || !to || to.total <= from.total) return { stealPercent: Number.NaN, idlePercent: Number.NaN };
  const total = to.total - from.total;
  return { stealPercent: ((to.steal - from.steal) / total) * 100, idlePercent: ((to.idle - from.idle) / total) * 100 };
}

function tsxFork(file: string, argv: string[], env: Record<string, string>, execArgv: string[] = []): Child {
  return forkTs(path.join(here, file), argv, env, execArgv);
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Redis's CPU time so far (user + system), seconds. */
async function redisCpuSeconds(redis: Redis): Promise<number> {
  const info = (await redis.info('cpu')).replace(/\r/g, '');
  const read = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? Number.NaN);
  return read('used_cpu_user') + read('used_cpu_sys');
}

/** Stats of several processes as one: CPU, memory and stalls summed, loop delays their worst. */
function combine(stats: ServerStats[]): ServerStats {
  const sum = (get: (s: ServerStats) => number) => stats.reduce((n, s) => n + get(s), 0);
  return {
    loopP50Ms: Math.max(...stats.map((s) => s.loopP50Ms)),
    loopP99Ms: Math.max(...stats.map((s) => s.loopP99Ms)),
    loopMaxMs: Math.max(...stats.map((s) => s.loopMaxMs)),
    cpuPercent: sum((s) => s.cpuPercent),
    stalls: stats.flatMap((s) => s.stalls).sort((a, b) => b.gapMs - a.gapMs).slice(0, 8),
    gaps: { count: sum((s) => s.gaps.count), ms: sum((s) => s.gaps.ms), cpuMs: sum((s) => s.gaps.cpuMs) },
    gcPauses: stats.flatMap((s) => s.gcPauses).sort((a, b) => b.ms - a.ms).slice(0, 8),
    gcMs: sum((s) => s.gcMs),
    gcCount: sum((s) => s.gcCount),
    rss: sum((s) => s.rss),
    heapUsed: sum((s) => s.heapUsed),
    external: sum((s) => s.external),
  };
}

/** The shared backends of a cluster run: a scratch PostgreSQL database and a Redis key prefix. */
async function clusterBackends(): Promise<{ env: Record<string, string>; redis: Redis; close(): Promise<void> }> {
  const name = `bench_duel_${randomBytes(5).toString('hex')}`;
  const admin = postgres(args.database, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(args.database);
  url.pathname = `/${name}`;
  const prefix = `bench:${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(args.redis);
  return {
    env: { DATABASE_URL: url.toString(), REDIS_URL: args.redis, REDIS_KEY_PREFIX: prefix },
    redis,
    async close() {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await redis.unlink(...keys);
      } while (cursor !== '0');
      redis.disconnect();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function runOne(kind: Kind): Promise<RunResult> {
  const count = kind === 'cluster' || kind === 'split' ? PROCESSES : 1;
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  const url = urls[0]!;
  // One DATA_DIR (it holds the generated JWT secret the processes of a cluster share), except for
  // 'split', whose processes each have an embedded database of their own (its lock lets one in).
  const dataDirs = Array.from({ length: kind === 'split' ? count : 1 }, () => mkdtempSync(path.join(tmpdir(), 'mathsprint-bench-duel-')));
  const players = GAMES * 2;
  const onRedis = kind === 'cluster' || kind === 'shared';
  /** Our server (main.ts) with guest players in games. */
  const realApp = !isBaseline(kind);
  const shared = onRedis || kind === 'durable' ? await clusterBackends() : null;
  const servers = ports.map((port, p) =>
    tsxFork(
      'server-entry.ts',
      [realApp ? 'app' : kind],
      {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDirs[p % dataDirs.length]!,
        LOG_LEVEL: 'warn',
        SERVE_WEB: 'false',
        // A bot answering every 2 s sends 10 events per 20 s; keep the limit out of the way.
        SOCKET_RATE_LIMIT_EVENTS: '100000',
        SIGNUP_RATE_LIMIT: String(players * 2),
        // Every bot connects from 127.0.0.1.
        MAX_CONNECTIONS_PER_IP: '1000000',
        // Scripted players: recording stays the rated path whatever their pace.
        PACE_EASY_FLOOR_MS: '0',
        PACE_FLOOR_STEP_MS: '0',
        ...shared?.env,
      },
      ['--expose-gc', ...serverNodeFlags()],
    ),
  );
  const stats = async (gc: boolean) => combine(await Promise.all(servers.map((s) => s.request<ServerStats>({ type: 'stats', gc }))));
  try {
    for (const u of urls) await waitForHttp(`${u}/api/leaderboard`);
    let tokens: string[];
    // split: the players of game g (2g and 2g + 1) on process g mod N, with accounts made there.
    const urlIndexes = kind === 'split' ? Array.from({ length: players }, (_, i) => (i >> 1) % count) : undefined;
    if (urlIndexes) {
      const t0 = performance.now();
      tokens = new Array<string>(players);
      await Promise.all(
        urls.map(async (u, p) => {
          const mine = urlIndexes.flatMap((q, i) => (q === p ? [i] : []));
          const made = await createGuests(u, mine.length);
          mine.forEach((i, j) => (tokens[i] = made[j]!));
        }),
      );
      console.log(`  ${players} guest accounts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    } else if (realApp) {
      const t0 = performance.now();
      tokens = await createGuests(url, players);
      console.log(`  ${players} guest accounts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    } else {
      tokens = new Array<string>(players).fill('');
    }
    const idle = await stats(true);

    const loaders = Array.from({ length: LOADERS }, () => tsxFork('load.ts', [], {}, [...LOAD_GENERATOR_FLAGS]));
    const share = Math.ceil(GAMES / LOADERS) * 2;
    const readies = await Promise.all(
      loaders.map((loader, i) => {
        const ready = loader.next<ReadyMessage>();
        const setup: SetupMessage = {
          type: 'setup',
          url,
          urls,
          mode: realApp ? 'app' : 'bare',
          tokens: tokens.slice(i * share, (i + 1) * share),
          urlIndexes: urlIndexes?.slice(i * share, (i + 1) * share),
          answerEveryMs: INTERVAL_MS,
          correctShare: CORRECT,
          gameMode: GAME_MODE,
          client: CLIENT,
        };
        loader.send(setup as unknown as Record<string, unknown>);
        return ready;
      }),
    );
    const connected = readies.reduce((n, r) => n + r.connected, 0);
    const games = readies.reduce((n, r) => n + r.games, 0);
    const rampMs = Math.max(...readies.map((r) => r.rampMs));
    const failures = readies.flatMap((r) => r.failures);
    console.log(`  ${connected} sockets connected, ${games} games running, ramp ${(rampMs / 1000).toFixed(1)} s`);
    if (failures.length) console.log(`  failures: ${failures.join('; ')}`);

    await sleep(WARMUP_MS);
    await Promise.all(servers.map((s) => s.request({ type: 'reset' })));
    const redisCpuFrom = shared ? await redisCpuSeconds(shared.redis) : 0;
    const ticksFrom = machineTicks();
    const windowFrom = performance.now();
    const results = await Promise.all(
      loaders.map((loader) => {
        const result = loader.next<ResultMessage>();
        loader.send({ type: 'measure', durationMs: WINDOW_MS });
        return result;
      }),
    );
    const loaded = await stats(false);
    const machine = machineShare(ticksFrom, machineTicks());
    const redisCpuPercent = shared
      ? ((await redisCpuSeconds(shared.redis)) - redisCpuFrom) / ((performance.now() - windowFrom) / 1000) * 100
      : Number.NaN;
    const memory = await stats(true);

    for (const loader of loaders) loader.send({ type: 'stop' });
    await Promise.all(loaders.map((l) => l.exited));

    const all = new Float64Array(results.reduce((n, r) => n + r.latenciesMs.length, 0));
    let k = 0;
    for (const r of results) for (const v of r.latenciesMs) all[k++] = v;
    all.sort();
    const errors: Record<string, number> = {};
    for (const r of results) for (const [e, n] of Object.entries(r.errors)) errors[e] = (errors[e] ?? 0) + n;
    return {
      kind,
      label: LABELS[kind](count),
      redisCpuPercent,
      players: connected,
      games,
      rampMs,
      latency: { p50: percentile(all, 50), p99: percentile(all, 99), max: all[all.length - 1] ?? Number.NaN, count: all.length },
      sent: results.reduce((n, r) => n + r.sent, 0),
      acked: results.reduce((n, r) => n + r.acked, 0),
      errors,
      server: { ...loaded, rss: memory.rss, heapUsed: memory.heapUsed, external: memory.external },
      idle,
      loaderLoopP99Ms: Math.max(...results.map((r) => r.loopP99Ms)),
      machine,
      failures,
    };
  } finally {
    for (const server of servers) server.process.kill('SIGTERM');
    await Promise.race([Promise.all(servers.map((s) => s.exited)), sleep(10_000)]);
    for (const server of servers) if (server.process.exitCode === null) server.process.kill('SIGKILL');
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await shared?.close();
  }
}

const LABELS: Record<Kind, (processes: number) => string> = {
  app: () => 'MathSprint, 1 process',
  cluster: (n) => `MathSprint, ${n} processes + Redis`,
  shared: () => 'MathSprint, 1 process + Redis',
  split: (n) => `MathSprint, ${n} processes, nothing shared`,
  bare: () => 'bare Socket.IO',
  protocol: () => 'bare + protocol frames',
  durable: () => 'bare + Redis write',
};

const f = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');
const kb = (bytes: number) => bytes / 1024;

function print(results: RunResult[]): void {
  const app = results.find((r) => r.kind === 'app');
  const bare = results.find((r) => r.kind === 'bare');
  const durable = results.find((r) => r.kind === 'durable');
  const cluster = results.find((r) => r.kind === 'cluster');
  const protocol = results.find((r) => r.kind === 'protocol');
  const shared = results.find((r) => r.kind === 'shared');
  const split = results.find((r) => r.kind === 'split');
  const rows: Array<[string, (r: RunResult) => number, number]> = [
    ['answer ack p50 (ms)', (r) => r.latency.p50, 2],
    ['answer ack p99 (ms)', (r) => r.latency.p99, 2],
    ['answer ack max (ms)', (r) => r.latency.max, 1],
    ['acks measured', (r) => r.latency.count, 0],
    ['acks lost (sent − acknowledged)', (r) => r.sent - r.acked, 0],
    ['acks per second', (r) => r.acked / (WINDOW_MS / 1000), 0],
    ['server event-loop delay p99 (ms)', (r) => r.server.loopP99Ms, 2],
    ['server event-loop delay max (ms)', (r) => r.server.loopMaxMs, 1],
    ['server event-loop gaps > 20 ms (count)', (r) => r.server.gaps.count, 0],
    ['server event-loop gaps > 20 ms (ms in all)', (r) => r.server.gaps.ms, 0],
    ['  of it on the CPU (%)', (r) => (r.server.gaps.ms > 0 ? (r.server.gaps.cpuMs / r.server.gaps.ms) * 100 : 0), 0],
    ['server CPU (% of one core)', (r) => r.server.cpuPercent, 0],
    ['server RSS loaded (MB)', (r) => r.server.rss / 2 ** 20, 1],
    ['server RSS idle (MB)', (r) => r.idle.rss / 2 ** 20, 1],
    ['RSS per connected player, over idle (KB)', (r) => kb(r.server.rss - r.idle.rss) / r.players, 1],
    ['heap per connected player, over idle (KB)', (r) => kb(r.server.heapUsed - r.idle.heapUsed) / r.players, 1],
    ['RSS per connected player, total (KB)', (r) => kb(r.server.rss) / r.players, 1],
    ['load generator event-loop p99 (ms)', (r) => r.loaderLoopP99Ms, 1],
    ['server CPU per game (% of one core)', (r) => r.server.cpuPercent / r.games, 3],
    ['server RSS per game, over idle (KB)', (r) => kb(r.server.rss - r.idle.rss) / r.games, 1],
    ['Redis CPU (% of one core)', (r) => r.redisCpuPercent, 0],
    ['machine CPU stolen by other guests (%)', (r) => r.machine.stealPercent, 1],
    ['machine CPU idle (%)', (r) => r.machine.idlePercent, 0],
  ];
  const cols = [app, shared, cluster, split, protocol, durable, bare].filter((r): r is RunResult => r !== undefined);
  // Same-run ratios: several processes / one, one on Redis / one, several / one on Redis, several
  // sharing nothing / one, one / bare.
  const ratios: Array<[string, RunResult, RunResult]> = [];
  if (app && cluster) ratios.push([`${PROCESSES} proc / 1`, cluster, app]);
  if (app && shared) ratios.push(['1 + Redis / 1', shared, app]);
  if (shared && cluster) ratios.push([`${PROCESSES} proc / 1 + Redis`, cluster, shared]);
  if (app && split) ratios.push([`${PROCESSES} unshared / 1`, split, app]);
  if (app && bare) ratios.push(['1 proc / bare', app, bare]);
  if (app && protocol) ratios.push(['1 proc / protocol', app, protocol]);
  if (protocol && bare) ratios.push(['protocol / bare', protocol, bare]);
  if (durable && bare) ratios.push(['durable / bare', durable, bare]);
  const header = ['', ...cols.map((c) => c.label), ...ratios.map(([name]) => name)];
  const lines = [header];
  for (const [name, get, digits] of rows) {
    const cells = cols.map((c) => f(get(c), digits));
    for (const [, over, under] of ratios) cells.push(f(get(over) / get(under), 2));
    lines.push([name, ...cells]);
  }
  const widths = header.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length)));
  console.log('');
  for (const line of lines) console.log(line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
  for (const r of cols) {
    if (Object.keys(r.errors).length) console.log(`\n${r.label} answer errors: ${JSON.stringify(r.errors)}`);
    const stalls = r.server.stalls.map((s) => `${s.gapMs} ms at ${(s.atMs / 1000).toFixed(1)} s (cpu ${s.cpuMs} ms)`);
    if (stalls.length) console.log(`${r.label} longest event-loop stalls: ${stalls.join(', ')}`);
    const pauses = r.server.gcPauses.map((g) => `${g.ms} ms ${g.kind} at ${(g.atMs / 1000).toFixed(1)} s`);
    console.log(
      `${r.label} GC: ${r.server.gcCount} collections, ${r.server.gcMs} ms of pauses in the window` +
        (pauses.length ? `; longest: ${pauses.join(', ')}` : ''),
    );
  }
  if (app) {
    const perPlayerKb = kb(app.server.rss - app.idle.rss) / app.players;
    const p99 = app.latency.p99;
    const targets =
      GAMES <= 1000
        ? [`p99 ≤ 10 ms: ${p99 <= 10 ? 'met' : 'MISSED'}`, ...(bare ? [`p99 ≤ 2 × bare: ${p99 <= 2 * bare.latency.p99 ? 'met' : 'MISSED'}`] : [])]
        : [`p99 ≤ 50 ms: ${p99 <= 50 ? 'met' : 'MISSED'}`];
    targets.push(`≤ 40 KB per player: ${perPlayerKb <= 40 ? 'met' : 'MISSED'}`);
    if (cluster) {
      const ratio = cluster.latency.p99 / p99;
      targets.push(`${PROCESSES} processes p99 ≤ 1.5 × one: ${ratio <= 1.5 ? 'met' : 'MISSED'} (${f(ratio, 2)})`);
      const lossless = [app, cluster, shared].every((r) => !r || r.sent === r.acked);
      targets.push(`no acknowledgement lost: ${lossless ? 'met' : 'MISSED'}`);
    }
    console.log(`\nTargets (${GAMES} games): ${targets.join(', ')}`);
  }
  if (protocol && bare) {
    // Not a target: how much of the budget the protocol's own frames take on this machine.
    const share = protocol.latency.p99 / bare.latency.p99;
    console.log(`The protocol's frames alone, without our server: p99 ${f(protocol.latency.p99, 2)} ms = ${f(share, 2)} × bare, at ${f(protocol.server.cpuPercent, 0)} % of a core`);
  }
  console.log(`\nJSON ${JSON.stringify({ games: GAMES, windowS: WINDOW_MS / 1000, intervalMs: INTERVAL_MS, loaders: LOADERS, client: CLIENT, results })}`);
}

const TITLES: Record<Kind, string> = {
  app: 'MathSprint, one process',
  shared: 'MathSprint, one process on PostgreSQL and Redis (the shared store and adapter, no second process)',
  cluster: `MathSprint, ${PROCESSES} processes sharing PostgreSQL and Redis`,
  split: `MathSprint, ${PROCESSES} processes sharing nothing (in memory, each game on one process)`,
  bare: 'bare Socket.IO server',
  protocol: "bare Socket.IO server sending the protocol's frames",
  durable: 'bare Socket.IO server writing each answer to Redis before acknowledging it',
};

async function main(): Promise<void> {
  console.log(
    `bench/duel: ${GAMES} games (${GAMES * 2} players), an answer every ~${INTERVAL_MS} ms per player, ` +
      `${WINDOW_MS / 1000} s window after ${WARMUP_MS / 1000} s warm-up, ${LOADERS} load processes (${CLIENT} client)`,
  );
  const kinds: Kind[] = PROCESSES > 1 ? ['app', 'shared', 'cluster', 'split', 'durable', 'bare'] : ['app', 'bare', 'protocol'];
  const only = args.only?.split(',');
  // --only app with --processes N runs one process, one process on Redis and N processes: the
  // comparison asked for, and the step between them that splits its cost in two.
  // The unshared floor ('split') and the durable baseline run only when named.
  const chosen = kinds.filter((kind) =>
    kind === 'split' || kind === 'durable' ? only?.includes(kind) : !only || only.includes(kind) || (only.includes('app') && (kind === 'cluster' || kind === 'shared')),
  );
  const rounds: RunResult[][] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const results: RunResult[] = [];
    for (const kind of chosen) {
      console.log(`\n${TITLES[kind]}${ROUNDS > 1 ? `, round ${round} of ${ROUNDS}` : ''}:`);
      const load = () => loadavg().map((v) => v.toFixed(2)).join(' ');
      console.log(`  machine load average before: ${load()}`);
      results.push(await runOne(kind));
      console.log(`  machine load average after: ${load()} (this machine has 2 cores; other work on it shows here)`);
    }
    rounds.push(results);
  }
  if (ROUNDS === 1) {
    print(rounds[0]!);
    return;
  }
  // Every round's table, then the ratios round by round and their medians: each round compares
  // targets measured minutes apart, so a noisy window spoils one round, not the verdict.
  rounds.forEach((results, i) => {
    console.log(`\n=== round ${i + 1} of ${ROUNDS} ===`);
    print(results);
  });
  printRounds(rounds);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Answer-ack p99 of each target in each round, the same-round ratios, and the targets judged on
 * the medians (of p99 for the absolute targets, of the same-round ratios for the relative ones). */
function printRounds(rounds: RunResult[][]): void {
  const p99 = (results: RunResult[], kind: Kind) => results.find((r) => r.kind === kind)?.latency.p99 ?? Number.NaN;
  const kinds = rounds[0]!.map((r) => r.kind);
  const pairs: Array<[string, Kind, Kind]> = (
    [
      [`${PROCESSES} proc / 1`, 'cluster', 'app'],
      ['1 + Redis / 1', 'shared', 'app'],
      [`${PROCESSES} proc / 1 + Redis`, 'cluster', 'shared'],
      [`${PROCESSES} unshared / 1`, 'split', 'app'],
      ['1 proc / bare', 'app', 'bare'],
      ['1 proc / protocol', 'app', 'protocol'],
      ['protocol / bare', 'protocol', 'bare'],
      ['durable / bare', 'durable', 'bare'],
    ] as Array<[string, Kind, Kind]>
  ).filter(([, a, b]) => kinds.includes(a) && kinds.includes(b));
  const header = ['round', ...kinds.map((k) => `${LABELS[k](PROCESSES)} p99 (ms)`), ...pairs.map(([name]) => name)];
  const lines = rounds.map((results, i) => [
    String(i + 1),
    ...kinds.map((k) => f(p99(results, k), 2)),
    ...pairs.map(([, a, b]) => f(p99(results, a) / p99(results, b), 2)),
  ]);
  const medians = {
    p99: Object.fromEntries(kinds.map((k) => [k, median(rounds.map((r) => p99(r, k)))])) as Record<Kind, number>,
    ratio: Object.fromEntries(pairs.map(([name, a, b]) => [name, median(rounds.map((r) => p99(r, a) / p99(r, b)))])),
  };
  lines.push(['median', ...kinds.map((k) => f(medians.p99[k], 2)), ...pairs.map(([name]) => f(medians.ratio[name]!, 2))]);
  const all = [header, ...lines];
  const widths = header.map((_, i) => Math.max(...all.map((l) => (l[i] ?? '').length)));
  console.log(`\n=== ${rounds.length} rounds ===`);
  for (const line of all) console.log(line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));

  const targets: string[] = [];
  if (kinds.includes('app')) {
    const app = medians.p99.app;
    targets.push(GAMES <= 1000 ? `median p99 ≤ 10 ms: ${app <= 10 ? 'met' : 'MISSED'}` : `median p99 ≤ 50 ms: ${app <= 50 ? 'met' : 'MISSED'}`);
  }
  const vsBare = medians.ratio['1 proc / bare'];
  if (GAMES <= 1000 && vsBare !== undefined) targets.push(`median p99 ≤ 2 × bare: ${vsBare <= 2 ? 'met' : 'MISSED'} (${f(vsBare, 2)})`);
  const vsOne = medians.ratio[`${PROCESSES} proc / 1`];
  if (vsOne !== undefined) targets.push(`median ${PROCESSES} processes p99 ≤ 1.5 × one: ${vsOne <= 1.5 ? 'met' : 'MISSED'} (${f(vsOne, 2)})`);
  const lost = rounds.flat().reduce((n, r) => n + (isBaseline(r.kind) ? 0 : r.sent - r.acked), 0);
  targets.push(`acknowledgements lost in all rounds: ${lost}`);
  console.log(`\nTargets over ${rounds.length} rounds (${GAMES} games): ${targets.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
