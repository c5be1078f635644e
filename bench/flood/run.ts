/**
 * bench/flood (issue #46 "Floods that reconnect"): do flooders that reconnect after every cut slow
 * down everyone else's games? One run, on one server process:
 *  1. the real server (bench/duel/server-entry.ts 'app': apps/server/src/main.ts, NODE_ENV
 *     production, PGlite in a temp DATA_DIR, LOG_LEVEL warn, the default socket rate limit and
 *     flood back-off) under its event-loop and CPU monitor;
 *  2. GAMES Math Challenges (bench/duel/load.ts: one load process, the lean wire client, an answer
 *     about every 2 s per player), then a quiet window of WINDOW s in which every answer
 *     acknowledgement is timed;
 *  3. then FLOODERS hostile clients (flooders.ts, a process of their own, each on its own loopback
 *     address) that flood, are cut, and reconnect at once, refused or not, while the same games
 *     are timed for another WINDOW s.
 * Prints the answer-ack p50/p95/p99 of both windows, the ratio of the p95s, the flooders' cuts,
 * refusals (readable and before the handshake) and events refused, and the CPU of the server, the
 * load process and the flooders (the machine has 2 cores, shared by all three and by other work).
 *
 * Target: the flooded window's answer-ack p95 ≤ 2 × the quiet window's.
 *
 *   npx tsx bench/flood/run.ts            # --games 100 --flooders 30 --window 30 --retry-ms 0
 *
 * Options: --games N (100), --flooders N (30), --window S (30), --warmup S (5),
 *          --interval MS (2000, between a player's answers), --retry-ms MS (0, a flooder's wait
 *          before reconnecting).
 * Only loopback addresses are used (127.0.0.1 for the server and the games, 127.0.1.n for the
 * flooders); every phase is bounded by --window.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ReadyMessage, ResultMessage, SetupMessage } from '../duel/load.js';
import { forkTs, waitForHttp } from '../support/forked-child.js';
import { freePort } from '../support/free-port.js';
import { createGuests } from '../support/guests.js';
import { LOAD_GENERATOR_FLAGS } from '../support/load-generator.js';
import { serverNodeFlags } from '../support/server-flags.js';
import { processCpuMs } from '../support/server-children.js';
import { fmt, summarize, type LatencySummary } from '../support/stats.js';
import type { FloodCounts, StartMessage } from './flooders.js';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '100' },
    flooders: { type: 'string', default: '30' },
    window: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    interval: { type: 'string', default: '2000' },
    'retry-ms': { type: 'string', default: '0' },
  },
});
const GAMES = Number(args.games);
const FLOODERS = Number(args.flooders);
const WINDOW_MS = Number(args.window) * 1000;
const WARMUP_MS = Number(args.warmup) * 1000;
const INTERVAL_MS = Number(args.interval);
const RETRY_MS = Number(args['retry-ms']);
/** Math Challenge length in minutes: 5, the longest, so the games outlast both windows. */
const GAME_MODE = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg().map((v) => v.toFixed(2)).join(' ');

interface ServerStats {
  loopP99Ms: number;
  loopMaxMs: number;
  cpuPercent: number;
  /** Longest event-loop stalls (server-entry.ts): when (ms into the window), how long, and the
   * server's own CPU during each (as much CPU as wall time: its work; little: the machine's). */
  stalls: Array<{ atMs: number; gapMs: number; cpuMs: number }>;
}

interface Window {
  latency: LatencySummary;
  sent: number;
  acked: number;
  errors: Record<string, number>;
  server: ServerStats;
  /** CPU of the load process over the window, % of one core. */
  loaderCpuPercent: number;
  loaderLoopP99Ms: number;
  loadAverage: string;
}

async function main(): Promise<void> {
  console.log(
    `bench/flood: ${GAMES} games timed for ${WINDOW_MS / 1000} s quiet, then ${WINDOW_MS / 1000} s with ${FLOODERS} flooders ` +
      `(reconnecting ${RETRY_MS > 0 ? `after ${RETRY_MS} ms` : 'at once'}); machine load average at start: ${load()} (2 cores)`,
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mathsprint-bench-flood-'));
  const server = forkTs(
    'bench/duel/server-entry.ts',
    ['app'],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'false',
      SIGNUP_RATE_LIMIT: String((GAMES * 2 + FLOODERS) * 2),
    },
    ['--expose-gc', ...serverNodeFlags()],
  );
  const loader = forkTs('bench/duel/load.ts', [], {}, [...LOAD_GENERATOR_FLAGS]);
  const flooders = forkTs('bench/flood/flooders.ts', [], {}, [...LOAD_GENERATOR_FLAGS]);
  try {
    await waitForHttp(`${url}/api/leaderboard`);
    const tokens = await createGuests(url, GAMES * 2);
    const floodTokens = await createGuests(url, FLOODERS, GAMES * 2);

    const ready = loader.next<ReadyMessage>();
    const setup: SetupMessage = {
      type: 'setup',
      url,
      mode: 'app',
      tokens,
      answerEveryMs: INTERVAL_MS,
      correctShare: 0.75,
      gameMode: GAME_MODE,
      client: 'wire',
    };
    loader.send(setup as unknown as Record<string, unknown>);
    const { connected, games, failures, rampMs } = await ready;
    console.log(`  ${connected} sockets, ${games} games running after ${(rampMs / 1000).toFixed(1)} s${failures.length ? `; failures: ${failures.join('; ')}` : ''}`);
    await sleep(WARMUP_MS);

    const measure = async (): Promise<Window> => {
      await server.request({ type: 'reset' });
      const loaderCpuFrom = processCpuMs(loader.process.pid);
      const from = performance.now();
      const result = loader.next<ResultMessage>();
      loader.send({ type: 'measure', durationMs: WINDOW_MS });
      const r = await result;
      const server_ = await server.request<ServerStats>({ type: 'stats', gc: false });
      return {
        latency: summarize(r.latenciesMs),
        sent: r.sent,
        acked: r.acked,
        errors: r.errors,
        server: server_,
        loaderCpuPercent: ((processCpuMs(loader.process.pid) - loaderCpuFrom) / (performance.now() - from)) * 100,
        loaderLoopP99Ms: r.loopP99Ms,
        loadAverage: load(),
      };
    };

    console.log('  quiet window…');
    const quiet = await measure();
    console.log(`  flooded window (${FLOODERS} flooders)…`);
    const start: StartMessage = { type: 'start', url, tokens: floodTokens, retryMs: RETRY_MS };
    flooders.send(start as unknown as Record<string, unknown>);
    const flooded = await measure();
    const counted = flooders.next<FloodCounts>();
    flooders.send({ type: 'stop' });
    const counts = await counted;
    loader.send({ type: 'stop' });
    print(quiet, flooded, counts);
  } finally {
    for (const child of [flooders, loader, server]) child.process.kill('SIGTERM');
    await Promise.race([Promise.all([server.exited, loader.exited, flooders.exited]), sleep(10_000)]);
    for (const child of [flooders, loader, server]) if (child.process.exitCode === null) child.process.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(quiet: Window, flooded: Window, counts: FloodCounts): void {
  const rows: Array<[string, (w: Window) => number, number]> = [
    ['answer ack p50 (ms)', (w) => w.latency.p50, 2],
    ['answer ack p95 (ms)', (w) => w.latency.p95, 2],
    ['answer ack p99 (ms)', (w) => w.latency.p99, 2],
    ['answer ack max (ms)', (w) => w.latency.max, 1],
    ['acks measured', (w) => w.latency.count, 0],
    ['acks lost (sent − acknowledged)', (w) => w.sent - w.acked, 0],
    ['server event-loop delay p99 (ms)', (w) => w.server.loopP99Ms, 2],
    ['server event-loop delay max (ms)', (w) => w.server.loopMaxMs, 1],
    ['server CPU (% of one core)', (w) => w.server.cpuPercent, 0],
    ['games load process CPU (% of one core)', (w) => w.loaderCpuPercent, 0],
    ['games load process event-loop p99 (ms)', (w) => w.loaderLoopP99Ms, 1],
  ];
  const header = ['', 'quiet', `${FLOODERS} flooders`, 'flooded / quiet'];
  const lines = [header, ...rows.map(([name, get, digits]) => [name, fmt(get(quiet), digits), fmt(get(flooded), digits), fmt(get(flooded) / get(quiet), 2)])];
  const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  console.log('');
  for (const line of lines) console.log(line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
  const seconds = counts.wallMs / 1000;
  console.log(
    `\nFlooders over ${fmt(seconds, 1)} s: ${counts.connects} connections admitted, ${counts.cuts} cuts, ` +
      `${counts.refusedReadable} refused with the reason (Socket.IO handshake), ${counts.refusedEarly} refused before the handshake, ` +
      `${counts.otherErrors} other failures${counts.otherErrorSamples.length ? ` (${counts.otherErrorSamples.join('; ')})` : ''}; ` +
      `${counts.eventsSent} events sent, ${counts.eventsRateLimited} answered "Too many messages"; ` +
      `flooders' own CPU ${fmt((counts.cpuMs / counts.wallMs) * 100, 0)} % of one core`,
  );
  for (const [label, w] of [['quiet', quiet], ['flooded', flooded]] as const) {
    if (Object.keys(w.errors).length) console.log(`${label} answer errors: ${JSON.stringify(w.errors)}`);
    const stalls = [...w.server.stalls].sort((a, b) => a.atMs - b.atMs).map((st) => `${st.gapMs} ms at ${fmt(st.atMs / 1000, 1)} s (cpu ${st.cpuMs} ms)`);
    if (stalls.length) console.log(`${label} window: server event-loop stalls ${stalls.join(', ')}`);
    console.log(`${label} window: machine load average after it ${w.loadAverage}`);
  }
  const ratio = flooded.latency.p95 / quiet.latency.p95;
  console.log(`\nTarget: flooded p95 ≤ 2 × quiet p95: ${ratio <= 2 ? 'met' : 'MISSED'} (p95 ${fmt(quiet.latency.p95, 2)} → ${fmt(flooded.latency.p95, 2)} ms, ${fmt(ratio, 2)} ×)`);
  console.log(`\nJSON ${JSON.stringify({ games: GAMES, flooders: FLOODERS, windowS: WINDOW_MS / 1000, retryMs: RETRY_MS, quiet, flooded, counts })}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
