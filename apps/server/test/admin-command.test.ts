/**
 * `npm run admin` (issue #46 part 4, "Operators"), run as an operator runs it, as a child process:
 *  - while a server holds the embedded database, over loopback (grant, list, revoke take effect
 *    for that server's next request, with the token the operator already has);
 *  - with no server running, on the embedded database itself (the next server start sees it);
 *  - on PostgreSQL (DATABASE_URL) beside a running server, when TEST_DATABASE_URL is set;
 *  - an unknown email, or bad arguments, exit 1 with the reason;
 *  - ADMIN_EMAILS is gone: a server started with it logs once that it is ignored, and signing up
 *    with a listed address gives no operator rights.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv, openDataDir, runNpmScript, seedDataDir, startChildServer, type ChildServer } from './helpers/child-server.js';
import { signup } from './helpers/accounts.js';
import { createScratchPostgres, startTestServer } from './helpers/test-server.js';

const PASSWORD = 'correct horse 1';
const IGNORED = 'ADMIN_EMAILS is ignored: operators are granted with `npm run admin -- grant EMAIL`';

async function post(url: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function signUp(url: string, name: string, email: string): Promise<{ token: string; id: string }> {
  const res = await post(url, '/signup', { name, email, password: PASSWORD });
  expect(res.status).toBe(201);
  return { token: res.body.token as string, id: (res.body.user as { _id: string })._id };
}

async function logIn(url: string, email: string): Promise<string> {
  const res = await post(url, '/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

/** POST /admin/contests an hour ahead: the status says whether the caller is an operator now. */
async function scheduleStatus(url: string, token: string): Promise<number> {
  const openTime = new Date(Date.now() + 3_600_000).toISOString();
  return (await post(url, '/admin/contests', { title: 'Ops check', openTime, durationMinutes: 10, questionCount: 5 }, token)).status;
}

/** The printed row of an account: id, name, email, operator yes/no. */
const row = (id: string, name: string, email: string, operator: 'yes' | 'no') => new RegExp(`${id}\\s+${name}\\s+${email.replace('.', '\\.')}\\s+${operator}`);

describe('npm run admin on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ms-admin-'));
  const boss = 'boss@example.com';
  let server: ChildServer | undefined;
  let bossId = '';
  afterAll(async () => {
    if (server) await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  const admin = (...args: string[]) => runNpmScript('admin', args, { DATA_DIR: dataDir });

  it('grants, lists and revokes over loopback while the server runs, for its very next request', async () => {
    await seedDataDir(dataDir);
    server = await startChildServer(childEnv(dataDir, { ADMIN_EMAILS: `${boss}, other@example.com` }));
    expect(server.output().split(IGNORED).length - 1).toBe(1);

    // Signing up with an address that was in ADMIN_EMAILS gives nothing.
    const account = await signUp(server.url, 'Boss', boss);
    bossId = account.id;
    expect(await scheduleStatus(server.url, account.token)).toBe(403);

    const granted = await admin('grant', ` ${boss.toUpperCase()} `);
    expect(granted.code, granted.output).toBe(0);
    expect(granted.output).toContain(`Granted: ${boss}`);
    expect(granted.output).toMatch(row(bossId, 'Boss', boss, 'yes'));
    expect(await scheduleStatus(server.url, account.token)).toBe(201);

    const again = await admin('grant', boss);
    expect([again.code, again.output.includes('Already an operator, unchanged')]).toEqual([0, true]);

    const listed = await admin('list');
    expect(listed.code, listed.output).toBe(0);
    expect(listed.output).toContain('1 operator:');
    expect(listed.output).toMatch(row(bossId, 'Boss', boss, 'yes'));

    const revoked = await admin('revoke', boss);
    expect(revoked.code, revoked.output).toBe(0);
    expect(revoked.output).toContain(`Revoked: ${boss}`);
    expect(revoked.output).toMatch(row(bossId, 'Boss', boss, 'no'));
    expect(await scheduleStatus(server.url, account.token)).toBe(403);
    expect((await admin('list')).output).toContain('No operators.');

    const unknown = await admin('grant', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No account has the email nobody@example.com');
    const usage = await admin('grant');
    expect([usage.code, usage.output.includes('Usage: npm run admin -- grant EMAIL (got no email)')]).toEqual([1, true]);
    const unknownCommand = await admin('promote', boss);
    expect([unknownCommand.code, unknownCommand.output.includes("Unknown command 'promote'")]).toEqual([1, true]);
    expect(server.output()).toContain('operator command run');
  }, 180_000);

  it('refuses the command route to anyone but a direct loopback caller with the lock token', async () => {
    const { url } = server!;
    expect((await post(url, '/admin/commands/grant', { args: [boss] })).status).toBe(403);
    // A player's session token is no ops token, even an operator's.
    expect((await post(url, '/admin/commands/grant', { args: [boss] }, await logIn(url, boss))).status).toBe(403);
    const lock = JSON.parse(readFileSync(path.join(dataDir, 'mathsprint.lock'), 'utf8')) as { opsToken: string };
    const proxied = await fetch(`${url}/admin/commands/grant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${lock.opsToken}`, 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ args: [boss] }),
    });
    expect(proxied.status).toBe(403);
    const list = await post(url, '/admin/commands/list', { args: [] }, lock.opsToken);
    expect(list).toEqual({ status: 200, body: { output: { operators: [] } } });
    expect((await post(url, '/admin/commands/toString', { args: [] }, lock.opsToken)).status).toBe(400);
  });

  it('grants, lists and revokes with no server running; the next start sees the change', async () => {
    expect((await server!.stop('SIGTERM')).code).toBe(0);
    server = undefined;

    const granted = await admin('grant', boss);
    expect(granted.code, granted.output).toBe(0);
    expect(granted.output).toMatch(row(bossId, 'Boss', boss, 'yes'));
    const unknown = await admin('revoke', 'nobody@example.com');
    expect([unknown.code, unknown.output.includes('No account has the email nobody@example.com')]).toEqual([1, true]);
    const listed = await admin('list');
    expect(listed.output).toMatch(row(bossId, 'Boss', boss, 'yes'));

    const db = await openDataDir(dataDir);
    try {
      expect((await db.query<{ is_operator: boolean }>('select is_operator from users where email = $1', [boss])).rows).toEqual([{ is_operator: true }]);
    } finally {
      await db.close();
    }

    server = await startChildServer(childEnv(dataDir));
    expect(server.output()).not.toContain(IGNORED);
    expect(await scheduleStatus(server.url, await logIn(server.url, boss))).toBe(201);
    expect((await server.stop('SIGTERM')).code).toBe(0);
    server = undefined;

    const revoked = await admin('revoke', boss);
    expect(revoked.code, revoked.output).toBe(0);
    expect(revoked.output).toMatch(row(bossId, 'Boss', boss, 'no'));
  }, 180_000);

  it('says there is no database in an empty DATA_DIR', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'ms-admin-empty-'));
    try {
      const result = await runNpmScript('admin', ['list'], { DATA_DIR: empty });
      expect(result.code).toBe(1);
      expect(result.output).toContain(`No embedded database in DATA_DIR ${empty}`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run admin on PostgreSQL (DATABASE_URL)', () => {
  it('grants and revokes on the database a running server uses, for its next request', async () => {
    const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL!);
    const server = await startTestServer({ databaseUrl: scratch.url, env: { CONTEST_SCHEDULER_INTERVAL_MS: '0' } });
    const admin = (...args: string[]) => runNpmScript('admin', args, { DATABASE_URL: scratch.url });
    try {
      const email = 'pg.boss@example.com';
      const account = await signup(server, 'Pg Boss', email);
      expect(await scheduleStatus(server.url, account.token)).toBe(403);

      const granted = await admin('grant', email);
      expect(granted.code, granted.output).toBe(0);
      expect(granted.output).toMatch(row(account.id, 'Pg Boss', email, 'yes'));
      expect(await scheduleStatus(server.url, account.token)).toBe(201);
      expect((await admin('list')).output).toMatch(row(account.id, 'Pg Boss', email, 'yes'));

      const revoked = await admin('revoke', email);
      expect(revoked.code, revoked.output).toBe(0);
      expect(revoked.output).toMatch(row(account.id, 'Pg Boss', email, 'no'));
      expect(await scheduleStatus(server.url, account.token)).toBe(403);

      const unknown = await admin('grant', 'nobody@example.com');
      expect([unknown.code, unknown.output.includes('No account has the email nobody@example.com')]).toEqual([1, true]);
    } finally {
      await server.close();
      await scratch.drop();
    }
  }, 120_000);
});
