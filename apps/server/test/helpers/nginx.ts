/**
 * nginx in front of test server processes, run from the configuration we ship (deploy/nginx.conf)
 * with only what an operator edits changed: the upstream's server ports and the listen port (here
 * a free port on 127.0.0.1), plus the pid, log and temporary paths moved into a scratch folder so
 * that tests never meet another nginx. Debian's nginx (scripts/ensure-nginx.sh installs it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './cluster.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The nginx binary: NGINX_PATH, else Debian's /usr/sbin/nginx; null when there is none. */
export function nginxBinary(): string | null {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx'].filter((p): p is string => Boolean(p));
  return candidates.find((p) => existsSync(p)) ?? null;
}

export interface Nginx {
  /** http://127.0.0.1:<port>, nginx's listen address. */
  url: string;
  /** What `nginx -t` printed for the generated configuration. */
  checkOutput: string;
  stop(): Promise<void>;
}

/**
 * deploy/nginx.conf with `upstreamPorts` as the upstream's servers and `listenPort` as nginx's
 * port. Throws when the shipped file no longer has the lines this rewrites, so a change to the
 * file cannot silently make the test run some other configuration.
 */
function configFor(upstreamPorts: number[], listenPort: number, scratch: string): string {
  const shipped = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const servers = shipped.match(/^ *server 127\.0\.0\.1:\d+ (.*);$/gm);
  if (!servers || servers.length === 0) throw new Error('deploy/nginx.conf: no "server 127.0.0.1:PORT ...;" lines in the upstream');
  const options = servers[0].replace(/^ *server 127\.0\.0\.1:\d+ /, '').replace(/;$/, '');
  let config = shipped.replace(servers.join('\n'), upstreamPorts.map((p) => `    server 127.0.0.1:${p} ${options};`).join('\n'));
  if (!/^ *listen 8080;$/m.test(config)) throw new Error('deploy/nginx.conf: no "listen 8080;" line');
  config = config.replace(/^( *)listen 8080;$/m, `$1listen 127.0.0.1:${listenPort};`);
  if (!config.includes('/tmp/mathsprint-nginx')) throw new Error('deploy/nginx.conf: no /tmp/mathsprint-nginx paths');
  return config.replaceAll('/tmp/mathsprint-nginx', path.join(scratch, 'nginx'));
}

/** Checks (`nginx -t`) and starts nginx in the foreground; resolves once it answers on its port. */
export async function startNginx(upstreamPorts: number[]): Promise<Nginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error('no nginx binary (scripts/ensure-nginx.sh installs Debian\'s)');
  const scratch = mkdtempSync(path.join(tmpdir(), 'mathsprint-nginx-'));
  const port = await freePort();
  const file = path.join(scratch, 'nginx.conf');
  writeFileSync(file, configFor(upstreamPorts, port, scratch));
  // -e: nginx opens its default error log before reading the configuration; keep that here too.
  const args = ['-c', file, '-e', path.join(scratch, 'startup-error.log')];
  const check = spawnSync(binary, ['-t', ...args], { encoding: 'utf8' });
  const checkOutput = `${check.stdout}${check.stderr}`;
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${checkOutput}`);
  const child = spawn(binary, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw new Error(`nginx did not answer on ${url}; see ${path.join(scratch, 'nginx-error.log')}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    checkOutput,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
