/**
 * Starts the production build (`apps/server/dist/main.js` serving `apps/web/dist`) as a child
 * process on a free port with its own embedded database, as `npm start` does. `npm test` builds first.
 * Under Vitest the database starts as a copy of the migrated one global-setup.ts made once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');

export interface AppProcess {
  url: string;
  /** Its DATA_DIR, which `npm run admin` reads the running server's address from. */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Makes the account with `email` an operator of the running app with the real command, `npm run
 * admin -- grant EMAIL`, which reaches the server over loopback; throws with its output on failure.
 */
export async function grantOperator(app: AppProcess, email: string): Promise<void> {
  const child = spawn('npm', ['run', '--silent', 'admin', '--', 'grant', email], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: app.dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run admin -- grant ${email} exited ${code}:\n${output}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function startAppProcess(env: Record<string, string> = {}): Promise<AppProcess> {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!existsSync(main) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('No production build: run `npm run build` first (npm test does).');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mathsprint-e2e-'));
  const template = inject('appPgdataTemplate');
  if (template) cpSync(template, path.join(dataDir, 'pgdata'), { recursive: true });
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(root, 'apps/web/dist'),
      DATABASE_URL: '',
      // The journeys type answers faster than a person: the pace rule is off unless a test sets it.
      PACE_EASY_FLOOR_MS: '0',
      PACE_FLOOR_STEP_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const r = await fetch(`${url}/api/leaderboard`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
