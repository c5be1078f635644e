/**
 * `npm run backup` and `npm run restore` of the embedded database (issue #5 "Backups"), run as an
 * operator runs them, against a server process holding its DATA_DIR:
 *  - restore refuses while a server holds the DATA_DIR;
 *  - a backup taken under a write load restores to a database holding every write acknowledged
 *    before the backup began, and nothing the source never had;
 *  - a backup taken at rest restores to the same rows as the source, table by table (row count and
 *    an md5 over the rows), both into a new DATA_DIR and over the source's own database (kept aside).
 * Always on PGlite: PostgreSQL is backed up with pg_dump.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@mathsprint/shared/protocol';
import {
  childEnv,
  openDataDir,
  runNpmScript,
  seedDataDir,
  startChildServer,
  tableFingerprints,
  type ChildServer,
} from './helpers/child-server.js';

async function fingerprintsOf(dataDir: string) {
  const db = await openDataDir(dataDir);
  try {
    return await tableFingerprints(db);
  } finally {
    await db.close();
  }
}

async function userIds(dataDir: string): Promise<Set<string>> {
  const db = await openDataDir(dataDir);
  try {
    return new Set((await db.query<{ id: string }>('select id from users')).rows.map((r) => r.id));
  } finally {
    await db.close();
  }
}

describe('backup and restore of the embedded database', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'ms-backup-'));
  const source = path.join(root, 'source');
  const underLoadCopy = path.join(root, 'restored-under-load');
  const atRestCopy = path.join(root, 'restored-at-rest');
  const underLoadFile = path.join(root, 'under-load.tar.gz');
  const atRestFile = path.join(root, 'at-rest.tar.gz');
  const env = childEnv(source, { SIGNUP_RATE_LIMIT: '1000000' });
  let server: ChildServer | undefined;
  /** Guests whose creation was acknowledged before the backup under load was asked for. */
  let ackedBeforeBackup = new Set<string>();
  afterAll(async () => {
    if (server) await server.stop('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('backs up a running server, under load and at rest; restores refuse while it runs', async () => {
    await seedDataDir(source);
    server = await startChildServer(env);
    const { url, pid } = server;
    for (const name of ['Ada', 'Bea']) {
      const res = await fetch(`${url}/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, email: `${name.toLowerCase()}@example.com`, password: 'correct horse 1' }),
      });
      expect(res.status).toBe(201);
    }

    const refused = await runNpmScript('restore', [atRestFile], { DATA_DIR: source });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`Cannot restore: DATA_DIR ${source} is in use by another MathSprint process (pid ${pid}`);

    // Under load: guests are created without pause while the backup is taken.
    const acked = new Set<string>();
    let running = true;
    const writers = Array.from({ length: 3 }, async () => {
      while (running) {
        const res = await fetch(`${url}/auth/guest`, { method: 'POST' });
        expect(res.status).toBe(201);
        acked.add(((await res.json()) as AuthResponse).user._id);
      }
    });
    while (acked.size < 10) await new Promise((resolve) => setTimeout(resolve, 20));
    ackedBeforeBackup = new Set(acked);
    const underLoad = await runNpmScript('backup', [underLoadFile], { DATA_DIR: source });
    const ackedDuringBackup = acked.size - ackedBeforeBackup.size;
    running = false;
    await Promise.all(writers);
    expect(underLoad.code, underLoad.output).toBe(0);
    expect(underLoad.output).toContain(`written to ${underLoadFile}`);
    expect(underLoad.output).toContain('from the running server');
    expect(ackedDuringBackup).toBeGreaterThan(0);

    const atRest = await runNpmScript('backup', [atRestFile], { DATA_DIR: source });
    expect(atRest.code, atRest.output).toBe(0);

    expect((await server.stop('SIGTERM')).code).toBe(0);
    server = undefined;
  }, 180_000);

  it('restores the backup taken under load with every write acknowledged before it began', async () => {
    const restored = await runNpmScript('restore', [underLoadFile], { DATA_DIR: underLoadCopy });
    expect(restored.code, restored.output).toBe(0);
    const inCopy = await userIds(underLoadCopy);
    const inSource = await userIds(source);
    expect(ackedBeforeBackup.size).toBeGreaterThanOrEqual(10);
    expect([...ackedBeforeBackup].filter((id) => !inCopy.has(id))).toEqual([]);
    expect([...inCopy].filter((id) => !inSource.has(id))).toEqual([]);
  }, 120_000);

  it('restores the backup taken at rest with the same rows in every table, into a new DATA_DIR and over the source', async () => {
    const expected = await fingerprintsOf(source);
    expect(expected['public.users']!.rows).toBeGreaterThan(12);
    expect(expected['drizzle.__drizzle_migrations']!.rows).toBeGreaterThan(0);

    const fresh = await runNpmScript('restore', [atRestFile], { DATA_DIR: atRestCopy });
    expect(fresh.code, fresh.output).toBe(0);
    expect(await fingerprintsOf(atRestCopy)).toEqual(expected);

    const over = await runNpmScript('restore', [atRestFile], { DATA_DIR: source });
    expect(over.code, over.output).toBe(0);
    expect(over.output).toContain('is kept in');
    expect(readdirSync(source).some((name) => name.startsWith('pgdata.before-restore-'))).toBe(true);
    expect(await fingerprintsOf(source)).toEqual(expected);

    // And a server starts on the restored copy.
    server = await startChildServer(childEnv(atRestCopy));
    const login = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', password: 'correct horse 1' }),
    });
    expect(login.status).toBe(200);
    expect((await server.stop('SIGTERM')).code).toBe(0);
    server = undefined;
    expect(existsSync(path.join(atRestCopy, 'pgdata'))).toBe(true);
  }, 180_000);
});
