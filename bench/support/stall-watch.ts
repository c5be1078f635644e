/**
 * Event-loop stalls, for the benchmarks' server harnesses (bench/duel and bench/contest
 * server-entry.ts): a 10-ms interval timer notes every gap of over 50 ms between its ticks, with
 * the CPU time this process used during the gap. A stall with as much CPU as wall time is the
 * process's own work (or a collection); one with little CPU is the machine running something else.
 *
 * It also totals the shorter gaps, of over 20 ms (at least 10 ms late): `monitorEventLoopDelay`
 * counts one sample per gap however long, so a loop held up for 20–60 ms twice a second leaves its
 * p99 at a few ms while it holds up every message that arrives meanwhile (bench/RESULTS.md).
 */

/** One gap between two ticks of over 50 ms. */
export interface Stall {
  /** When the gap began, ms since the watch was (re)started. */
  atMs: number;
  /** The gap, ms. */
  gapMs: number;
  /** CPU time (user + system) this process used during the gap, ms. */
  cpuMs: number;
}

/** The gaps of over GAP_MS since the last restart, all of them. */
export interface GapTotals {
  count: number;
  /** Their summed length, ms. */
  ms: number;
  /** CPU time (user + system) this process used during them, ms. */
  cpuMs: number;
}

export interface StallWatch {
  /** Forgets the stalls noted so far; `atMs` counts from this call on. */
  restart(): void;
  /** The `count` longest stalls since the last restart, longest first. */
  longest(count: number): Stall[];
  /** Every gap of over GAP_MS since the last restart, totalled. */
  gaps(): GapTotals;
}

const TICK_MS = 10;
const STALL_MS = 50;
const GAP_MS = 20;

/** Starts watching; the timer is unref'd, so it never keeps the process alive. */
export function watchStalls(): StallWatch {
  let from = performance.now();
  let stalls: Stall[] = [];
  let gaps: GapTotals = { count: 0, ms: 0, cpuMs: 0 };
  let lastTick = from;
  let lastCpu = process.cpuUsage();
  setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage();
    const gap = now - lastTick;
    const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
    if (gap > GAP_MS) {
      gaps.count++;
      gaps.ms += gap;
      gaps.cpuMs += cpuMs;
    }
    if (gap > STALL_MS) {
      stalls.push({
        atMs: Math.round(lastTick - from),
        gapMs: Math.round(gap),
        cpuMs: Math.round(cpuMs),
      });
    }
    lastTick = now;
    lastCpu = cpu;
  }, TICK_MS).unref();
  return {
    restart() {
      from = performance.now();
      stalls = [];
      gaps = { count: 0, ms: 0, cpuMs: 0 };
    },
    longest: (count) => [...stalls].sort((a, b) => b.gapMs - a.gapMs).slice(0, count),
    gaps: () => ({ count: gaps.count, ms: Math.round(gaps.ms), cpuMs: Math.round(gaps.cpuMs) }),
  };
}
