import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE_NAME, readLiveLock, type LockInfo } from './data-dir-lock.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ms-lock-'));
  dirs.push(dir);
  return dir;
}

function procStart(pid: number): number {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[19]);
}

/** A live process that is not this one: the holder a real second server would be. */
function otherProcess(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

function writeLock(dir: string, info: Partial<LockInfo>): void {
  const full: LockInfo = { pid: 1, procStart: null, startedAt: 'then', opsToken: 'other', port: null, host: null, ...info };
  writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify(full));
}

describe('DATA_DIR lock', () => {
  it('creates the lock file with this pid and deletes it on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    const stored = JSON.parse(readFileSync(lock.file, 'utf8')) as LockInfo;
    expect(stored.pid).toBe(process.pid);
    expect(stored.opsToken).toMatch(/^[0-9a-f]{48}$/);
    lock.setAddress('127.0.0.1', 4321);
    expect(readLiveLock(dir)).toBeNull(); // this process's own lock is never "another live server"
    expect((JSON.parse(readFileSync(lock.file, 'utf8')) as LockInfo).port).toBe(4321);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it.runIf(process.platform === 'linux')('refuses a DATA_DIR held by a live process, naming its pid', () => {
    const dir = tempDir();
    const pid = otherProcess();
    writeLock(dir, { pid, procStart: procStart(pid), startedAt: '2025-01-01T00:00:00.000Z' });
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `DATA_DIR ${dir} is in use by another MathSprint process (pid ${pid}, started 2025-01-01T00:00:00.000Z); stop it or use another DATA_DIR`,
    );
    expect(readLiveLock(dir)?.pid).toBe(pid);
  });

  it('takes over the lock of a process that is gone (kill -9)', async () => {
    const dir = tempDir();
    const child = spawn('sleep', ['60'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    writeLock(dir, { pid: child.pid! });
    expect(readLiveLock(dir)).toBeNull();
    const lock = acquireDataDirLock(dir);
    expect(lock.info.pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(process.platform === 'linux')('takes over when the pid now belongs to another process (reused pid)', () => {
    const dir = tempDir();
    const pid = otherProcess();
    writeLock(dir, { pid, procStart: procStart(pid) - 1 });
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock file left half-written long ago', () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE_NAME);
    writeFileSync(file, '{"pid":');
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    acquireDataDirLock(dir).release();
  });

  it('does not delete a lock that another process took after ours', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    writeLock(dir, { pid: otherProcess(), opsToken: 'theirs' });
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(true);
  });
});
