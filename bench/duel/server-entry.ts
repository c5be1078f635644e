/**
 * Runs one server for bench/duel inside a measuring harness, so nothing in the app itself knows
 * about benchmarks: argv[2] = 'app' imports the real entry point (apps/server/src/main.ts, which
 * reads its configuration from the environment and listens), 'bare' the baseline
 * (bare-server.ts), 'protocol' the baseline that also sends the protocol's frames
 * (protocol-server.ts), 'durable' the baseline that writes each answer to Redis before
 * acknowledging it (durable-server.ts). Forked by run.ts with an IPC channel and `--expose-gc`; answers:
 *  - `{ type: 'reset' }`: restarts the event-loop delay histogram and the CPU counter;
 *  - `{ type: 'stats', gc }`: event-loop delay p50/p99/max (ms) since the reset, CPU use (% of one
 *    core) since the reset, and memory (bytes), after two full GCs when `gc` is true so that RSS
 *    reflects what is retained rather than garbage not yet collected.
 *    It also lists the longest stalls of the event loop (gaps > 50 ms between 10 ms ticks) with
 *    the CPU time this process used during each: a stall with as much CPU as wall time is our own
 *    work (or GC), one with little CPU is the machine running something else. It totals every gap
 *    over 20 ms too (count, ms, CPU ms), which the delay p99 hides (stall-watch.ts). Beside them, the
 *    longest garbage-collection pauses of the main thread (≥ 10 ms, from perf_hooks 'gc'
 *    entries, with their kind) and the window's total GC pause time, so a stall can be told apart
 *    from a collection.
 * Every reply echoes the request's `id`.
 *
 * With BENCH_ALLOC_PROFILE=<file>, V8's sampling heap profiler runs from `reset` to the next
 * `stats`, counting objects that were collected too, and writes a .heapprofile (open it in Chrome
 * DevTools, Memory tab) showing where the window's allocations came from (one sample per
 * BENCH_ALLOC_PROFILE_INTERVAL bytes, default 32 KB; BENCH_ALLOC_PROFILE_SURVIVORS narrows it, see
 * below). With BENCH_CPU_PROFILE=<file>, the CPU profiler runs over the same window and writes a
 * .cpuprofile. In either file name, `{pid}` becomes the server's process id (several processes).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { constants as perfConstants, monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { watchStalls } from '../support/stall-watch.js';

type Request = { id: number; type: 'reset' } | { id: number; type: 'stats'; gc: boolean };

const target = process.argv[2];
if (target !== 'app' && target !== 'bare' && target !== 'protocol' && target !== 'durable') {
  console.error("server-entry: argv[2] must be 'app', 'bare', 'protocol' or 'durable'");
  process.exit(1);
}

// 1 ms resolution: fine enough to see a p99 of a few ms, cheap enough not to disturb it.
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
let cpuFrom = process.cpuUsage();
let wallFrom = performance.now();

const stalls = watchStalls();

/** A garbage collection of ≥ 10 ms in the window (perf_hooks 'gc' entries): when it began (ms
 * since the reset), how long it held the main thread (ms), and its kind. */
interface GcPause {
  atMs: number;
  ms: number;
  kind: 'minor' | 'major' | 'incremental' | 'weakcb';
}
const GC_KINDS: Record<number, GcPause['kind']> = {
  [perfConstants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [perfConstants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [perfConstants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};
let gcPauses: GcPause[] = [];
/** Time the main thread spent in GC pauses since the reset, ms, and their count. */
let gcTotalMs = 0;
let gcCount = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.startTime < wallFrom) continue;
    gcTotalMs += entry.duration;
    gcCount++;
    if (entry.duration < 10) continue;
    // A 'gc' entry's detail is { kind, flags } (Node's perf_hooks documentation).
    const { kind: code } = (entry as PerformanceEntry & { detail: { kind: number } }).detail;
    const kind = GC_KINDS[code] ?? 'major';
    gcPauses.push({ atMs: Math.round(entry.startTime - wallFrom), ms: Math.round(entry.duration), kind });
  }
}).observe({ entryTypes: ['gc'] });
const gc = (globalThis as { gc?: () => void }).gc;
const withPid = (file: string | undefined) => file?.replaceAll('{pid}', String(process.pid));
const allocProfileFile = withPid(process.env.BENCH_ALLOC_PROFILE);
const cpuProfileFile = withPid(process.env.BENCH_CPU_PROFILE);
const inspector = allocProfileFile || cpuProfileFile ? new Session() : null;
inspector?.connect();
let profiling = false;
const post = (method: string, params?: object) =>
  new Promise<any>((resolve, reject) => inspector!.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));

process.on('message', (raw) => {
  const request = raw as Request;
  if (request.type === 'reset') {
    loopDelay.reset();
    cpuFrom = process.cpuUsage();
    wallFrom = performance.now();
    stalls.restart();
    gcPauses = [];
    gcTotalMs = 0;
    gcCount = 0;
    if (inspector && !profiling) {
      profiling = true;
      if (allocProfileFile) {
        // BENCH_ALLOC_PROFILE_SURVIVORS=1 counts only objects still in the heap at the end: with no
        // full GC in the window, those are what survived scavenges (promoted, or really live).
        // BENCH_ALLOC_PROFILE_SURVIVORS=promoted also counts what a full GC collected in the
        // window: everything that outlived the young generation, the work of the major GCs.
        const survivors = process.env.BENCH_ALLOC_PROFILE_SURVIVORS;
        void post('HeapProfiler.startSampling', {
          samplingInterval: Number(process.env.BENCH_ALLOC_PROFILE_INTERVAL ?? 32 * 1024),
          includeObjectsCollectedByMajorGC: survivors !== '1',
          includeObjectsCollectedByMinorGC: survivors !== '1' && survivors !== 'promoted',
        });
      }
      if (cpuProfileFile) void post('Profiler.enable').then(() => post('Profiler.start'));
    }
    process.send?.({ id: request.id });
    return;
  }
  if (inspector && profiling) {
    profiling = false;
    if (allocProfileFile) {
      void post('HeapProfiler.stopSampling').then((result: { profile: unknown }) => {
        writeFileSync(allocProfileFile, JSON.stringify(result.profile));
      });
    }
    if (cpuProfileFile) {
      void post('Profiler.stop').then((result: { profile: unknown }) => {
        writeFileSync(cpuProfileFile, JSON.stringify(result.profile));
      });
    }
  }
  const cpu = process.cpuUsage(cpuFrom);
  const wallMs = performance.now() - wallFrom;
  const loop = {
    loopP50Ms: loopDelay.percentile(50) / 1e6,
    loopP99Ms: loopDelay.percentile(99) / 1e6,
    loopMaxMs: loopDelay.max / 1e6,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
    stalls: stalls.longest(8),
    gaps: stalls.gaps(),
    gcPauses: [...gcPauses].sort((a, b) => b.ms - a.ms).slice(0, 8),
    gcMs: Math.round(gcTotalMs),
    gcCount,
  };
  if (request.gc && gc) {
    gc();
    gc();
  }
  const memory = process.memoryUsage();
  process.send?.({ id: request.id, ...loop, rss: memory.rss, heapUsed: memory.heapUsed, external: memory.external });
});
// The parent going away must not leave a server behind.
process.on('disconnect', () => process.exit(0));

if (target === 'app') await import('../../apps/server/src/main.js');
else if (target === 'protocol') await import('./protocol-server.js');
else if (target === 'durable') await import('./durable-server.js');
else await import('./bare-server.js');
