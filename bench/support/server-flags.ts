/**
 * The node flags the benchmarks start a server process with: the production server's own
 * (apps/server/node-flags.json, which `npm start` uses too), then any BENCH_SERVER_FLAGS
 * (space-separated, e.g. "--trace-gc" or "--cpu-prof"). A benchmark measures what we ship.
 */
import nodeFlags from '../../apps/server/node-flags.json' with { type: 'json' };

/** Production flags followed by BENCH_SERVER_FLAGS. */
export function serverNodeFlags(): string[] {
  return [...nodeFlags, ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)];
}
