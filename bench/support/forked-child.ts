/**
 * Child processes of the socket benchmarks (bench/duel, bench/flood): TypeScript files forked
 * through tsx with an IPC channel, spoken to request/response (server-entry.ts echoes `id`) or by
 * plain messages (load.ts), and the HTTP wait for a server child to listen.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A forked child speaking request/response over IPC (server-entry.ts echoes `id`). */
export class Child {
  private nextId = 1;
  private readonly waiting = new Map<number, (value: any) => void>();
  private readonly listeners: Array<(message: any) => void> = [];
  readonly exited: Promise<number | null>;

  constructor(readonly process: ChildProcess) {
    process.on('message', (message: any) => {
      if (message && typeof message.id === 'number' && this.waiting.has(message.id)) {
        this.waiting.get(message.id)!(message);
        this.waiting.delete(message.id);
      } else {
        for (const listener of this.listeners.splice(0)) listener(message);
      }
    });
    this.exited = new Promise((resolve) => process.once('exit', (code) => resolve(code)));
  }

  request<T>(message: Record<string, unknown>): Promise<T> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.process.send({ ...message, id });
    });
  }

  /** The next message without an id. */
  next<T>(): Promise<T> {
    return new Promise((resolve) => this.listeners.push(resolve));
  }

  send(message: Record<string, unknown>): void {
    this.process.send(message);
  }
}

/**
 * Forks `file` (absolute, or from the repository root) through tsx, from the repository root, with
 * `env` over this process's environment and `execArgv` before tsx's loader; output is inherited.
 */
export function forkTs(file: string, argv: string[], env: Record<string, string>, execArgv: string[] = []): Child {
  const child = fork(path.resolve(root, file), argv, {
    cwd: root,
    env: { ...process.env, ...env },
    execArgv: [...execArgv, '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Child(child);
}

/** Resolves once `url` answers HTTP at all; rejects after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`server at ${url} did not come up within ${timeoutMs} ms`);
}

