// `npm test`: the whole suite. Installs Chromium when missing (and nginx, when TEST_DATABASE_URL and
// TEST_REDIS_URL are set), typechecks, lints (eslint.config.js), builds the web app and server (the browser tests run against
// the production build), then runs the unit, integration and e2e projects with vitest. Without TEST_DATABASE_URL the database tests run on PGlite.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
run('bash', ['scripts/ensure-chromium.sh']);
// The nginx walk-through needs PostgreSQL and Redis as well; without them it is skipped anyway.
if (process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) run('bash', ['scripts/ensure-nginx.sh']);
run('npm', ['run', 'typecheck']);
run('npm', ['run', 'lint']);
run('npm', ['run', 'build']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
