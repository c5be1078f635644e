/**
 * Backup and restore of the embedded database (issue #5 "Backups"; PostgreSQL is backed up with
 * pg_dump, see docs/operations.md).
 *
 * A backup is PGlite's `dumpDataDir('gzip')`: a gzipped tar of the data directory, taken after a
 * CHECKPOINT while PGlite's query lock is held (DatabaseHandle.snapshot), hence a crash-consistent
 * copy that opens with every transaction committed before it. While a server holds the DATA_DIR
 * lock, only that process may open the files, so the backup asks it for the snapshot over
 * GET /admin/backup on the loopback address, with the opsToken from the lock file; with no server
 * running, the backup takes the lock and opens the folder itself.
 *
 * A restore needs the lock (it refuses while a server runs), loads the file into a new folder
 * beside pgdata, checks that it opens, and only then swaps it in; the previous pgdata is kept as
 * `pgdata.before-restore-<time>`.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { systemClock } from '../platform/clock.js';
import { acquireDataDirLock, DataDirInUseError, localServerUrl, readLiveLock } from '../platform/data-dir-lock.js';

/** The folder of PGlite's files inside DATA_DIR (platform/db.ts opens the same). */
export const pgdataOf = (dataDir: string): string => path.resolve(dataDir, 'pgdata');

export interface BackupResult {
  file: string;
  bytes: number;
  /** 'server': the running server took the snapshot; 'offline': no server ran, the folder was read. */
  source: 'server' | 'offline';
}

/**
 * Writes a consistent snapshot of DATA_DIR's database to `file` (atomically: a partial file never
 * carries the final name).
 * @throws Error with an operator-readable message when there is no database, or the server refuses.
 */
export async function backupDataDir(options: { dataDir: string; file: string }): Promise<BackupResult> {
  const file = path.resolve(options.file);
  mkdirSync(path.dirname(file), { recursive: true });
  const live = readLiveLock(options.dataDir);
  let bytes: Buffer;
  let source: BackupResult['source'];
  if (live) {
    const server = localServerUrl(live);
    if (server === null) {
      throw new Error(`The MathSprint server (pid ${live.pid}) on DATA_DIR ${options.dataDir} is still starting; try again in a moment`);
    }
    const response = await fetch(`${server}/admin/backup`, { headers: { authorization: `Bearer ${live.opsToken}` } });
    if (!response.ok) {
      const text = await response.text();
      throw new Error(`The server (pid ${live.pid}) refused the backup: HTTP ${response.status} ${text}`);
    }
    bytes = Buffer.from(await response.arrayBuffer());
    source = 'server';
  } else {
    const pgdata = pgdataOf(options.dataDir);
    if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
      throw new Error(`No embedded database in DATA_DIR ${options.dataDir} (${pgdata} is missing or empty)`);
    }
    const lock = acquireDataDirLock(options.dataDir);
    try {
      const client = await PGlite.create({ dataDir: pgdata });
      try {
        await client.exec('CHECKPOINT');
        bytes = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
      } finally {
        await client.close();
      }
    } finally {
      lock.release();
    }
    source = 'offline';
  }
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return { file, bytes: bytes.length, source };
}

export interface RestoreResult {
  /** Where the database that was there before now is (null when DATA_DIR had none). */
  previous: string | null;
  /** Migrations recorded in the restored database (a sanity check that it is ours). */
  migrations: number;
}

/**
 * Replaces DATA_DIR's database with the backup `file`.
 * @throws Error "Cannot restore: DATA_DIR … is in use by another MathSprint process (pid N) …" while
 *   a server runs, or when the file is not a PGlite backup.
 */
export async function restoreDataDir(options: { dataDir: string; file: string; now?: Date }): Promise<RestoreResult> {
  const file = path.resolve(options.file);
  let lock;
  try {
    lock = acquireDataDirLock(options.dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new Error(`Cannot restore: ${error.message}`, { cause: error });
    throw error;
  }
  try {
    if (!existsSync(file)) throw new Error(`Backup file ${file} not found`);
    const pgdata = pgdataOf(options.dataDir);
    const stamp = (options.now ?? new Date(systemClock.now())).toISOString().replace(/[:.]/g, '-');
    const incoming = `${pgdata}.restoring-${stamp}`;
    rmSync(incoming, { recursive: true, force: true });
    let migrations: number;
    try {
      const client = await PGlite.create({ dataDir: incoming, loadDataDir: new Blob([readFileSync(file)]) });
      try {
        const result = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
        migrations = result.rows[0]?.n ?? 0;
        await client.exec('CHECKPOINT');
      } finally {
        await client.close();
      }
    } catch (error) {
      rmSync(incoming, { recursive: true, force: true });
      throw new Error(`${file} is not a MathSprint embedded-database backup: ${(error as Error).message}`, { cause: error });
    }
    let previous: string | null = null;
    if (existsSync(pgdata)) {
      previous = `${pgdata}.before-restore-${stamp}`;
      renameSync(pgdata, previous);
    }
    renameSync(incoming, pgdata);
    return { previous, migrations };
  } finally {
    lock.release();
  }
}

/** Default backup file name: backups/mathsprint-2025-01-31T12-00-00-000Z.tar.gz under `cwd`. */
export function defaultBackupFile(now: Date = new Date(systemClock.now()), cwd: string = process.cwd()): string {
  return path.join(cwd, 'backups', `mathsprint-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
}
