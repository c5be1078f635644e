/**
 * Where `npm run admin` runs a subcommand (admin-commands.ts), as `npm run backup` chooses
 * (ops/backup.ts):
 *  - DATABASE_URL set: on PostgreSQL itself, whether servers run or not (it takes many clients;
 *    servers read the operator flag at each request, so the change holds for them at once);
 *  - embedded database held by a running server (a live DATA_DIR lock): in that server, over
 *    loopback with the lock's opsToken (POST /admin/commands/:name), since only the lock's holder
 *    may open the files;
 *  - embedded database with no server: in this process, holding the DATA_DIR lock meanwhile so that
 *    a server started during the command refuses to open the files (and pending migrations are
 *    applied first, as a server start would).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { acquireDataDirLock, DataDirInUseError, localServerUrl, readLiveLock, type LockInfo } from '../platform/data-dir-lock.js';
import { openDatabase } from '../platform/db.js';
import { adminCommand, adminUsage, createAdminServices, type AdminCommand } from './admin-commands.js';
import { AppError } from '../platform/app-error.js';

/** Where a subcommand ran. */
export type AdminVia = 'postgres' | 'server' | 'offline';

export interface AdminRun {
  /** What the command prints. */
  text: string;
  via: AdminVia;
}

/**
 * Runs subcommand `name` with `argv` against the database `config` names.
 * @throws Error whose message is meant for the operator as it is: the usage, "No account has the
 *   email …", a server that refused or is still starting, no embedded database in DATA_DIR.
 */
export async function runAdminCommand(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>,
  name: string | undefined,
  argv: readonly string[],
): Promise<AdminRun> {
  const command = name === undefined ? undefined : adminCommand(name);
  if (!command || name === undefined) {
    throw new Error(name === undefined || name === 'help' ? adminUsage() : `Unknown command '${name}'.\n${adminUsage()}`);
  }
  const input = messageOf(() => command.parse(argv));
  if (config.DATABASE_URL) {
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
    try {
      return { text: command.print(await runHere(command, input, database.db)), via: 'postgres' };
    } finally {
      await database.close();
    }
  }
  const live = readLiveLock(config.DATA_DIR);
  if (live) return { text: command.print(await runInServer(command, name, argv, live, config.DATA_DIR)), via: 'server' };
  const pgdata = path.resolve(config.DATA_DIR, 'pgdata');
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new Error(`No embedded database in DATA_DIR ${config.DATA_DIR} (${pgdata} is missing or empty): start the server once, and sign the operator up`);
  }
  let lock;
  try {
    lock = acquireDataDirLock(config.DATA_DIR);
  } catch (error) {
    // A server took the folder between our look and our lock: ask it instead.
    const holder = error instanceof DataDirInUseError ? error.holder : null;
    if (!holder) throw error;
    return { text: command.print(await runInServer(command, name, argv, holder, config.DATA_DIR)), via: 'server' };
  }
  try {
    const database = await openDatabase({ dataDir: config.DATA_DIR });
    try {
      return { text: command.print(await runHere(command, input, database.db)), via: 'offline' };
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

async function runHere<I, O>(command: AdminCommand<I, O>, input: I, db: Parameters<typeof createAdminServices>[0]): Promise<O> {
  try {
    return await command.run(createAdminServices(db), input);
  } catch (error) {
    if (error instanceof AppError) throw new Error(error.message, { cause: error });
    throw error;
  }
}

async function runInServer<I, O>(command: AdminCommand<I, O>, name: string, argv: readonly string[], live: LockInfo, dataDir: string): Promise<O> {
  const server = localServerUrl(live);
  if (server === null) {
    throw new Error(`The MathSprint server (pid ${live.pid}) on DATA_DIR ${dataDir} is still starting; try again in a moment`);
  }
  const response = await fetch(`${server}/admin/commands/${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${live.opsToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ args: argv }),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not ours (another program on the port): reported below with its status.
  }
  const error = (body as { error?: unknown } | null)?.error;
  // The subcommand's own refusals (400 usage, 404 unknown email) are shown as the server wrote them.
  if ((response.status === 400 || response.status === 404) && typeof error === 'string') throw new Error(error);
  if (!response.ok) {
    throw new Error(`The server (pid ${live.pid}) refused the command: HTTP ${response.status} ${typeof error === 'string' ? error : text.slice(0, 200)}`);
  }
  const parsed = command.output.safeParse((body as { output?: unknown } | null)?.output);
  if (!parsed.success) throw new Error(`The server (pid ${live.pid}) answered something unexpected: ${text.slice(0, 200)}`);
  return parsed.data;
}

/** `run()`, with an AppError (a subcommand's usage refusal) turned into a plain Error of its message. */
function messageOf<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof AppError) throw new Error(error.message, { cause: error });
    throw error;
  }
}
