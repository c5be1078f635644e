/**
 * V8 settings for the benchmarks' load generators (autocannon, the contest players, the duel bots).
 *
 * A load generator allocates for every request and response it handles. With V8's default 16 MB
 * young generation its scavenges stop its event loop often, and every response that arrives in
 * the meantime is timed as slow: on this 2-core machine that, not the server, set the p99 of
 * bench/leaderboard, for bare Fastify as much as for the app (bench/README.md). Servers and baselines are
 * measured alike, so same-run comparisons are unaffected; absolute figures stop measuring the
 * generator.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Node flags for a load-generating process. */
export const LOAD_GENERATOR_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

/**
 * For a benchmark that generates its load in its own process (autocannon in-process): unless this
 * process already runs with LOAD_GENERATOR_FLAGS, runs the same script again as a child with them
 * (same arguments, environment and stdio), exits with the child's code, and returns true: the
 * caller must then do nothing more. Returns false in the process that should do the work.
 *
 * @param moduleUrl - the script's `import.meta.url`.
 */
export function relaunchAsLoadGenerator(moduleUrl: string): boolean {
  if (LOAD_GENERATOR_FLAGS.every((flag) => process.execArgv.includes(flag))) return false;
  const child = fork(fileURLToPath(moduleUrl), process.argv.slice(2), {
    execArgv: [...process.execArgv, ...LOAD_GENERATOR_FLAGS],
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}
