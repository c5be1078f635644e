/**
 * Real server processes for the scale-out fault tests: the production entry point
 * (apps/server/src/main.ts under tsx) as a child process on its own port, sharing a PostgreSQL
 * database and a Redis key prefix with its siblings, so a test can kill -9 one of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<string>;
  /** SIGKILL (kill -9): no shutdown code runs. */
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/** A TCP port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts a server process and resolves once it answers HTTP.
 * @param env - DATABASE_URL, REDIS_URL, REDIS_KEY_PREFIX and any other variables; test defaults
 *   (a fixed JWT_SECRET, LOG_LEVEL warn, high rate limits, TRUST_PROXY_HOPS=1) can be overridden.
 */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(listenPort),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      DATA_DIR: 'memory://',
      SERVE_WEB: 'false',
      TRUST_PROXY_HOPS: '1',
      SIGNUP_RATE_LIMIT: '100000',
      SOCKET_RATE_LIMIT_EVENTS: '100000',
      // Every test client connects from 127.0.0.1 (scale-out.test.ts holds 1,000 sockets).
      MAX_CONNECTIONS_PER_IP: '100000',
      // Test clients answer as scripts do: the fair-play pace rule is off unless a test sets it.
      PACE_EASY_FLOOR_MS: '0',
      PACE_FLOOR_STEP_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const gone = await Promise.race([exited, sleep(150).then(() => null)]);
    if (gone !== null) throw new Error(`server process exited (${gone}) before it was ready`);
    try {
      if ((await fetch(`${url}/api/leaderboard`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server process on port ${listenPort} not ready within 60 s`);
    }
  }
  return {
    url,
    port: listenPort,
    pid: child.pid!,
    exited,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A guest account made over HTTP, "from" its own address (guest sign-ups are limited per IP). */
export async function guestToken(url: string, n: number): Promise<{ token: string; id: string }> {
  const res = await fetch(`${url}/auth/guest`, {
    method: 'POST',
    headers: { 'x-forwarded-for': `10.77.${(n >> 8) & 255}.${n & 255}` },
  });
  if (res.status !== 201) throw new Error(`POST /auth/guest answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { _id: string } };
  return { token: body.token, id: body.user._id };
}

/** mathsprint_sockets_connected of one process, read from its own /metrics (not through a proxy). */
export async function socketsOn(server: Pick<ServerProcess, 'url'>): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('mathsprint_sockets_connected '));
  if (!line) throw new Error(`no mathsprint_sockets_connected on ${server.url}/metrics`);
  return Number(line.split(' ')[1]);
}
