/**
 * The embedded database's DATA_DIR lock (issue #5: "a second process started on the same DATA_DIR
 * refuses to start with a clear message, instead of corrupting it"). PGlite is a single-process
 * PostgreSQL with no postmaster to stop a second writer, so two servers on one folder would both
 * write its files.
 *
 * The lock is an exclusive pid file, `DATA_DIR/mathsprint.lock` (JSON, mode 0600), created with
 * O_EXCL. A lock whose process is gone (kill -9, power loss) is stale and taken over at once, so a
 * crashed server restarts without waiting: its holder is alive when `kill(pid, 0)` finds it, it is
 * not a zombie, and, on Linux, its start time (/proc/PID/stat field 22) is the one recorded, which
 * tells a reused pid (a container restarted as pid 1 again) from the original process. We chose a
 * pid file over proper-lockfile's mtime-refreshed lock directory because that one is only stale
 * after its `stale` period (≥ 2 s, 10 s by default) and can be declared stale under a long
 * event-loop stall; neither fits a crash-restart loop.
 *
 * The lock file also tells local tools how to reach the running server: `npm run backup` reads the
 * port and the per-start `opsToken` from it (ops/backup.ts). Whoever can read DATA_DIR can read the
 * database files anyway, so the token adds no new trust boundary.
 */
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export const LOCK_FILE_NAME = 'mathsprint.lock';

/** What the lock file holds. */
export interface LockInfo {
  pid: number;
  /** Start time of the process in clock ticks since boot (/proc/PID/stat field 22); null off Linux. */
  procStart: number | null;
  /** ISO time the lock was taken. */
  startedAt: string;
  /** Random hex token that authorizes local operations on this server (GET /admin/backup). */
  opsToken: string;
  /** Where the server listens, written once it does (null before). */
  port: number | null;
  host: string | null;
}

export interface DataDirLock {
  readonly file: string;
  readonly info: LockInfo;
  /** Records where the server listens (for `npm run backup`). */
  setAddress(host: string, port: number): void;
  /** Deletes the lock file if it is still ours. Idempotent. */
  release(): void;
}

/** Thrown when a live process holds the lock; `message` is meant for the operator as it is. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another MathSprint process (pid ${holder.pid}, started ${holder.startedAt}); ` +
        'stop it or use another DATA_DIR',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * A takeover marker older than this is itself stale (its process died between the two steps of a
 * takeover, which take microseconds).
 */
const TAKEOVER_STALE_MS = 10_000;
/** A lock file still empty or half-written after this long was left by a process that died while
 * writing its few bytes. */
const UNREADABLE_STALE_MS = 5_000;
/** Attempts before giving up on a lock file that keeps changing under us. */
const MAX_ATTEMPTS = 50;

/**
 * Takes the lock on `dataDir` (created if missing) for this process.
 * @throws DataDirInUseError when a live MathSprint process holds it.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE_NAME);
  const info: LockInfo = {
    pid: process.pid,
    procStart: procStartTime(process.pid),
    startedAt: new Date().toISOString(),
    opsToken: randomBytes(24).toString('hex'),
    port: null,
    host: null,
  };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (tryCreate(file, info)) return lockHandle(file, info);
    const holder = readLockFile(file);
    if (holder === 'missing') continue;
    if (holder === 'unreadable') {
      if (ageMs(file) < UNREADABLE_STALE_MS) {
        sleepSync(20);
        continue;
      }
    } else if (isLockHolderAlive(holder)) {
      throw new DataDirInUseError(dataDir, holder);
    }
    takeOver(file, holder);
  }
  throw new Error(`Could not take the DATA_DIR lock ${file}: it kept changing; is another process starting?`);
}

/**
 * Reads the lock of `dataDir` without taking it: the live holder, or null when there is none (no
 * file, or a stale one). Used by `npm run backup` to find the running server.
 */
export function readLiveLock(dataDir: string): LockInfo | null {
  const holder = readLockFile(path.join(path.resolve(dataDir), LOCK_FILE_NAME));
  return typeof holder === 'object' && isLockHolderAlive(holder) ? holder : null;
}

/**
 * Where a tool on this machine reaches the lock's holder (`npm run backup`, `npm run admin`): its
 * HOST, or 127.0.0.1 when it listens on every interface; null while it starts (no port yet).
 */
export function localServerUrl(holder: Pick<LockInfo, 'host' | 'port'>): string | null {
  if (holder.port === null) return null;
  const host = !holder.host || holder.host === '0.0.0.0' || holder.host === '::' ? '127.0.0.1' : holder.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${holder.port}`;
}

/** True when the process that wrote `holder` still runs (see the file header for the rules). */
export function isLockHolderAlive(holder: Pick<LockInfo, 'pid' | 'procStart'>): boolean {
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the pid exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = procStat(holder.pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return holder.procStart === null || stat.start === holder.procStart;
}

function tryCreate(file: string, info: LockInfo): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(info));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Removes the stale lock `seen`. Only one process may do it at a time (a `.takeover` marker created
 * with O_EXCL), and only if the file still holds what was judged stale: otherwise a process that
 * judged the same stale lock a moment later would delete the fresh lock of the one that took over.
 */
function takeOver(file: string, seen: LockInfo | 'unreadable'): void {
  const marker = `${file}.takeover`;
  try {
    closeSync(openSync(marker, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (ageMs(marker) > TAKEOVER_STALE_MS) unlinkQuiet(marker);
    else sleepSync(20);
    return;
  }
  try {
    const now = readLockFile(file);
    const same =
      now === 'unreadable'
        ? seen === 'unreadable'
        : typeof now === 'object' && typeof seen === 'object' && now.pid === seen.pid && now.opsToken === seen.opsToken;
    if (same) unlinkQuiet(file);
  } finally {
    unlinkQuiet(marker);
  }
}

function lockHandle(file: string, info: LockInfo): DataDirLock {
  let released = false;
  return {
    file,
    info,
    setAddress(host, port) {
      info.host = host;
      info.port = port;
      // Rewritten in place: the file stays ours the whole time (no unlink/create window).
      writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
    },
    release() {
      if (released) return;
      released = true;
      const holder = readLockFile(file);
      if (typeof holder === 'object' && holder.pid === info.pid && holder.opsToken === info.opsToken) unlinkQuiet(file);
    },
  };
}

function readLockFile(file: string): LockInfo | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockInfo>;
    if (typeof parsed.pid !== 'number' || typeof parsed.opsToken !== 'string') return 'unreadable';
    return {
      pid: parsed.pid,
      procStart: typeof parsed.procStart === 'number' ? parsed.procStart : null,
      startedAt: String(parsed.startedAt ?? 'at an unknown time'),
      opsToken: parsed.opsToken,
      port: typeof parsed.port === 'number' ? parsed.port : null,
      host: typeof parsed.host === 'string' ? parsed.host : null,
    };
  } catch {
    return 'unreadable';
  }
}

/** State and start time of a process from /proc (Linux); null elsewhere or when it is gone. */
function procStat(pid: number): { state: string; start: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Field 2 (comm) is in parentheses and may hold spaces or ')': fields resume after the last ')'.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state), so field 22 (starttime) is rest[19].
  const start = Number(rest[19]);
  return rest[0] && Number.isFinite(start) ? { state: rest[0], start } : null;
}

function procStartTime(pid: number): number | null {
  return procStat(pid)?.start ?? null;
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function unlinkQuiet(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Start-up only (before the server listens), so blocking a few ms is harmless. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
