/**
 * The real server as a separate process, for the tests that need what only a process has: signals,
 * exit codes, kill -9, a DATA_DIR on disk and the lock between two processes. It runs main.ts
 * bundled by build.mjs (once per test file, under apps/server/node_modules/.cache): a bundle starts
 * about twice as fast as `tsx src/main.ts`, which the 20 restarts of ops-crash.test.ts feel.
 * Output is kept for the assertions and printed when a start fails.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, inject } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverDir = path.join(repoRoot, 'apps/server');

let bundle: string | undefined;
// Registered when a test file imports this helper, so it runs after that file's tests.
afterAll(() => {
  if (!bundle) return;
  rmSync(bundle, { force: true });
  rmSync(`${bundle}.map`, { force: true });
  bundle = undefined;
});

/** Path of this test file's server bundle, built on first use and deleted after the file's tests. */
function serverBundle(): string {
  if (bundle) return bundle;
  const outfile = path.join(serverDir, 'node_modules/.cache/mathsprint-test', `main-${process.pid}-${randomBytes(4).toString('hex')}.js`);
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, env: { ...process.env, OUTFILE: outfile }, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`server bundle failed:\n${built.stderr}`);
  bundle = outfile;
  return outfile;
}

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** ms from the signal sent with `kill` (or from start) to the exit. */
  ms: number;
}

export interface ChildServer {
  pid: number;
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  exited: Promise<ChildExit>;
  /** Sends `signal` and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<ChildExit>;
}

/** The environment of a test server process on `dataDir`: quiet, fixed secret, no contest loop. */
export function childEnv(dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    SERVE_WEB: 'false',
    CONTEST_SCHEDULER_INTERVAL_MS: '0',
    // Test clients answer as scripts do: the fair-play pace rule is off unless a test sets it.
    PACE_EASY_FLOOR_MS: '0',
    PACE_FLOOR_STEP_MS: '0',
    ...env,
  };
}

/**
 * Spawns the server (this file's bundle, or `command` at the repository root, e.g. `npm start`);
 * `ready` resolves with its port, or with null when it exits first.
 */
export function spawnServer(
  env: Record<string, string>,
  command?: { file: string; args: string[] },
): {
  process: ChildProcess;
  output(): string;
  exited: Promise<ChildExit>;
  ready: Promise<{ port: number } | null>;
} {
  const { file, args } = command ?? { file: process.execPath, args: ['--enable-source-maps', serverBundle()] };
  const started = Date.now();
  const child = spawn(file, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  let resolveReady: (value: { port: number } | null) => void = () => {};
  const ready = new Promise<{ port: number } | null>((resolve) => {
    resolveReady = resolve;
  });
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    const match = /"port":(\d+)[^\n]*MathSprint ready/.exec(text);
    if (match) resolveReady({ port: Number(match[1]) });
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<ChildExit>((resolve) => {
    child.once('exit', (code, signal) => {
      resolveReady(null);
      resolve({ code, signal, ms: Date.now() - started });
    });
  });
  return { process: child, output: () => text, exited, ready };
}

/** Starts a server process and waits until it listens. */
export async function startChildServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ChildServer> {
  const spawned = spawnServer(env);
  const timer = setTimeout(() => spawned.process.kill('SIGKILL'), timeoutMs);
  const ready = await spawned.ready;
  clearTimeout(timer);
  if (!ready) {
    const exit = await spawned.exited;
    throw new Error(`server did not start (exit ${exit.code ?? exit.signal}):\n${spawned.output().slice(-4000)}`);
  }
  return {
    pid: spawned.process.pid!,
    port: ready.port,
    url: `http://127.0.0.1:${ready.port}`,
    process: spawned.process,
    output: spawned.output,
    exited: spawned.exited,
    async stop(signal = 'SIGTERM') {
      const sent = Date.now();
      if (spawned.process.exitCode === null && spawned.process.signalCode === null) spawned.process.kill(signal);
      const exit = await spawned.exited;
      return { ...exit, ms: Date.now() - sent };
    },
  };
}

/**
 * Puts the run's migrated, empty database (global-setup.ts) in `dataDir`, so the first start skips
 * PGlite's initdb (tens of seconds on a busy machine). Without a template the server makes its own.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const template = inject('pgliteTemplatePath');
  if (!template) return;
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), loadDataDir: new Blob([readFileSync(template)]) });
  await db.close();
}

/** Runs `npm run <script> -- ...args` at the repository root; resolves with its exit and output. */
export function runNpmScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output, ms: Date.now() - started })));
}

/** Opens the PGlite database of a stopped server's DATA_DIR. */
export function openDataDir(dataDir: string): Promise<PGlite> {
  return PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
}

/**
 * Row count and an md5 over every row (as text, in text order) of every table of the public and
 * drizzle schemas: two databases with equal fingerprints hold the same rows.
 */
export async function tableFingerprints(db: PGlite): Promise<Record<string, { rows: number; md5: string }>> {
  const tables = await db.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables.rows) {
    const result = await db.query<{ rows: number; md5: string }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${name} t`,
    );
    out[name] = result.rows[0]!;
  }
  return out;
}
