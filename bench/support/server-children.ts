/**
 * The child processes an HTTP benchmark starts (bench/leaderboard, bench/daily): servers run through
 * tsx with the production node flags (server-flags.ts), their output passed through, an early exit
 * reported, and all of them stopped at the end. Also the CPU time a child has used, which swings far
 * less than throughput and latency on a shared machine and so is reported beside them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { serverNodeFlags } from './server-flags.js';

/** How long a child has after SIGTERM before it is sent SIGKILL, ms. */
const STOP_GRACE_MS = 10_000;
/** Linux's USER_HZ: the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_S = 100;

export interface ServerChildren {
  /**
   * Starts `entry` (a path from `cwd`) with `env` over this process's environment and
   * `nodeArgs` after the production flags. An exit before `stopAll` is printed with `name`.
   */
  start(name: string, entry: string, env: Record<string, string>, nodeArgs?: string[]): ChildProcess;
  /** SIGTERM to every child still running, SIGKILL after 10 s; resolves once all have exited. */
  stopAll(): Promise<void>;
}

/** A group of children run from `cwd` (the repository root). */
export function serverChildren(cwd: string): ServerChildren {
  const children: ChildProcess[] = [];
  let stopping = false;
  return {
    start(name, entry, env, nodeArgs = []) {
      const child = spawn(process.execPath, ['--import', 'tsx', ...serverNodeFlags(), ...nodeArgs, entry], {
        cwd,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.once('exit', (code, signal) => {
        if (!stopping) console.error(`${name} exited early (code ${code}, signal ${signal})`);
      });
      children.push(child);
      return child;
    },
    async stopAll() {
      stopping = true;
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS).unref();
            }),
        ),
      );
    },
  };
}

/**
 * CPU time (user + system) process `pid` has used so far, ms, from /proc/<pid>/stat (Linux). NaN
 * when there is no such process or no /proc.
 */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return Number.NaN;
  }
}
