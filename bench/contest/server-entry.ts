/**
 * The server process of bench/contest: the real entry point (apps/server/src/main.ts, which reads
 * its configuration from the environment and listens) inside a measuring harness, so nothing in
 * the app knows about benchmarks. Forked by run.ts with an IPC channel.
 *
 * run.ts names the phase of the run ({type:'phase'}: registration, waiting, start, answers,
 * finalize); for each phase the harness keeps the event-loop delay histogram, CPU time, time spent
 * inside PGlite (which executes SQL synchronously on this very thread, so its time is event-loop
 * time), GC pauses and the longest stalls. {type:'report'} closes the current phase and returns
 * them all. Every reply echoes the request's `id`.
 *
 * Env: BENCH_SERVER_MODULE (default: the real entry point), BENCH_CPU_PROFILE_DIR + BENCH_CPU_PROFILE_PHASES (comma-separated phase names): V8's CPU
 * profiler runs during those phases and writes <dir>/<phase>.cpuprofile (summarise with
 * `npx tsx bench/support/cpuprofile-summary.ts <file>`, or open in Chrome DevTools).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { Session } from 'node:inspector';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { watchStalls } from '../support/stall-watch.js';
import type { HarnessReply, HarnessRequest, Phase, PhaseStats } from './messages.js';

/** The two PGlite methods timed here (present in @electric-sql/pglite 0.5; not in its public types). */
interface PGliteInternals {
  execProtocolRawSync(message: Uint8Array): Uint8Array;
  syncToFs(...args: unknown[]): Promise<void>;
}

const counters = { dbMs: 0, dbCalls: 0, fsSyncMs: 0, gcMs: 0, gcCount: 0 };

/**
 * PGlite time per SQL statement in the current phase. A parameterised query reaches PGlite as
 * several protocol messages (Parse, Describe, Bind, Describe, Execute, Sync), each its own
 * execProtocolRawSync call; a simple query is one Query message. The statement text is read from
 * the Parse ('P') or Query ('Q') message, and the time of every call is charged to the statement
 * parsed last (queries run one at a time under PGlite's mutex).
 */
let sqlStats = new Map<string, { statements: number; ms: number }>();
let currentSql = '(none)';
const decoder = new TextDecoder();
const SQL_KEY_CHARS = 110;

function statementOf(message: Uint8Array): string | null {
  const kind = message[0];
  if (kind !== 0x50 && kind !== 0x51) return null;
  let at = 5;
  if (kind === 0x50) {
    while (at < message.length && message[at] !== 0) at++; // statement name
    at++;
  }
  let end = at;
  while (end < message.length && message[end] !== 0 && end - at < 400) end++;
  return decoder.decode(message.subarray(at, end)).replace(/\s+/g, ' ').trim().slice(0, SQL_KEY_CHARS);
}

const proto = PGlite.prototype as unknown as PGliteInternals;
if (typeof proto.execProtocolRawSync === 'function') {
  const exec = proto.execProtocolRawSync;
  proto.execProtocolRawSync = function timedExec(this: PGliteInternals, message: Uint8Array): Uint8Array {
    const statement = statementOf(message);
    if (statement !== null) currentSql = statement;
    const t0 = performance.now();
    try {
      return exec.call(this, message);
    } finally {
      const ms = performance.now() - t0;
      counters.dbMs += ms;
      counters.dbCalls++;
      const entry = sqlStats.get(currentSql) ?? { statements: 0, ms: 0 };
      if (statement !== null) entry.statements++;
      entry.ms += ms;
      sqlStats.set(currentSql, entry);
    }
  };
}
if (typeof proto.syncToFs === 'function') {
  const sync = proto.syncToFs;
  proto.syncToFs = async function timedSync(this: PGliteInternals, ...args: unknown[]): Promise<void> {
    const t0 = performance.now();
    try {
      await sync.apply(this, args);
    } finally {
      counters.fsSyncMs += performance.now() - t0;
    }
  };
}

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    counters.gcMs += entry.duration;
    counters.gcCount++;
  }
}).observe({ entryTypes: ['gc'] });

// 1 ms resolution: fine enough for a p99 of a few ms, cheap enough not to disturb it.
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();

const stalls = watchStalls();
let phaseFrom = performance.now();

const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
const profilePhases = new Set((process.env.BENCH_CPU_PROFILE_PHASES ?? '').split(',').filter(Boolean));
const inspector = profileDir && profilePhases.size ? new Session() : null;
inspector?.connect();
const post = <T>(method: string, params: object = {}) =>
  new Promise<T>((resolve, reject) => inspector?.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))));

/** Whole-machine CPU jiffies from /proc/stat (Linux): busy and total, summed over every core. */
function machineJiffies(): { busy: number; total: number } {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

interface Current {
  phase: Phase;
  machine: { busy: number; total: number };
  cpu: NodeJS.CpuUsage;
  counters: typeof counters;
  profiling: boolean;
}
let current: Current | null = null;
const finished: PhaseStats[] = [];

async function endPhase(): Promise<void> {
  if (!current) return;
  const wallMs = performance.now() - phaseFrom;
  const cpu = process.cpuUsage(current.cpu);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const memory = process.memoryUsage();
  const machine = machineJiffies();
  finished.push({
    phase: current.phase,
    wallMs,
    loopP50Ms: loopDelay.percentile(50) / 1e6,
    loopP99Ms: loopDelay.percentile(99) / 1e6,
    loopMaxMs: loopDelay.max / 1e6,
    cpuMs,
    cpuPercent: (cpuMs / wallMs) * 100,
    machineBusyPercent: ((machine.busy - current.machine.busy) / (machine.total - current.machine.total)) * 100 * cpus().length,
    dbMs: counters.dbMs - current.counters.dbMs,
    dbCalls: counters.dbCalls - current.counters.dbCalls,
    fsSyncMs: counters.fsSyncMs - current.counters.fsSyncMs,
    gcMs: counters.gcMs - current.counters.gcMs,
    gcCount: counters.gcCount - current.counters.gcCount,
    stalls: stalls.longest(6),
    gaps: stalls.gaps(),
    topSql: [...sqlStats]
      .map(([sql, v]) => ({ sql, statements: v.statements, ms: v.ms }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10),
    rssMb: memory.rss / 2 ** 20,
    heapUsedMb: memory.heapUsed / 2 ** 20,
  });
  if (current.profiling && profileDir) {
    const { profile } = await post<{ profile: unknown }>('Profiler.stop');
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(path.join(profileDir, `${current.phase}.cpuprofile`), JSON.stringify(profile));
  }
  current = null;
}

async function startPhase(phase: Phase): Promise<void> {
  await endPhase();
  loopDelay.reset();
  stalls.restart();
  sqlStats = new Map();
  phaseFrom = performance.now();
  const profiling = inspector !== null && profilePhases.has(phase);
  if (profiling) {
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 500 });
    await post('Profiler.start');
  }
  current = { phase, machine: machineJiffies(), cpu: process.cpuUsage(), counters: { ...counters }, profiling };
}

process.on('message', (raw) => {
  const request = raw as HarnessRequest;
  const reply = (body: Omit<HarnessReply, 'id'> = {}) => process.send?.({ id: request.id, ...body } satisfies HarnessReply);
  if (request.type === 'phase') {
    if (request.atMs === undefined) {
      void startPhase(request.phase).then(() => reply());
    } else {
      setTimeout(() => void startPhase(request.phase), Math.max(0, request.atMs - Date.now()));
      reply();
    }
  } else if (request.type === 'report') {
    void endPhase().then(() => reply({ phases: finished }));
  }
});
// The bench going away must not leave a server behind.
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));

// BENCH_SERVER_MODULE: another entry point to measure instead (an absolute path or file URL), e.g. a
// stand-in used to check the bench itself; the real server by default.
if (process.env.BENCH_SERVER_MODULE) await import(process.env.BENCH_SERVER_MODULE);
else await import('../../apps/server/src/main.js');
