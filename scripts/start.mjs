// `npm start`: the production server on the embedded database by default. Builds first when no
// build exists (or when BUILD=1), then runs apps/server/dist/main.js with NODE_ENV=production.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const built = existsSync(path.join(root, 'apps/web/dist/index.html')) && existsSync(path.join(root, 'apps/server/dist/main.js'));
if (!built || process.env.BUILD === '1') {
  console.log('Building MathSprint (web app and server)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The server's V8 flags (apps/server/node-flags.json), shared with the benchmarks so that they
// measure what runs here: 128 MB young-generation semi-spaces, at that size from the start
// (--max-semi-space-size and --min-semi-space-size), so a process's memory does not jump when load
// arrives. Requests and socket events make many short-lived objects. With V8's default 16 MB
// semi-spaces the scavenges of the contest's opening burst slow every POST /contest/start
// (bench/contest). With 64 MB, at 5,000 Math Challenges, enough of them outlived two scavenges to
// start a major GC every few seconds, and its helper thread took the core the event loop needed
// (bench/duel). --no-allocation-site-pretenuring: V8 had moved allocation sites that make an
// object per answer into the old generation, where each lived until a major GC and kept young
// objects alive through scavenges; turning it off shortens a Math Challenge answer's tail
// (bench/README.md, bench/duel).
const nodeFlags = JSON.parse(readFileSync(path.join(root, 'apps/server/node-flags.json'), 'utf8'));
const child = spawn(process.execPath, ['--enable-source-maps', ...nodeFlags, 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
