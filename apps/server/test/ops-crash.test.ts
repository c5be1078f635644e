/**
 * Fault test of the embedded database (issue #5): "20 cycles of kill -9 of a single
 * embedded-database process under a steady write load: it reopens every time, with no acknowledged
 * write lost". Also the DATA_DIR lock between two live processes, and the stale lock a kill -9
 * leaves, which must not block the restart. Always on PGlite: it is the embedded database's test.
 *
 * The load is guest creations (POST /auth/guest, one INSERT each, answered after the commit) from
 * a few concurrent loops; a write counts as acknowledged once its 201 and body have arrived.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@mathsprint/shared/protocol';
import { childEnv, openDataDir, seedDataDir, spawnServer, startChildServer, type ChildServer } from './helpers/child-server.js';

const CYCLES = 20;
/** Concurrent request loops: enough that a kill usually lands with writes in flight. */
const WRITERS = 4;
/** Acknowledged writes each cycle waits for before its kill can come, so every cycle has load. */
const MIN_ACKS_PER_CYCLE = 3;
/** The kill lands this long (random, ms) after those first acknowledgements. */
const KILL_WINDOW_MS = 400;

interface Load {
  acked(): number;
  stop(): Promise<void>;
}

/** WRITERS loops of POST /auth/guest until stopped; every acknowledged user id goes to `into`. */
function writeLoad(url: string, into: Set<string>): Load {
  let running = true;
  let count = 0;
  const loop = async () => {
    while (running) {
      try {
        const res = await fetch(`${url}/auth/guest`, { method: 'POST' });
        if (res.status !== 201) continue;
        const body = (await res.json()) as AuthResponse;
        into.add(body.user._id);
        count++;
      } catch {
        // Connection refused or reset by the kill: not acknowledged, so nothing is owed.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  };
  const loops = Array.from({ length: WRITERS }, loop);
  return {
    acked: () => count,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('embedded database under kill -9', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ms-crash-'));
  // The sign-up limit counts guests per IP; here every request comes from 127.0.0.1.
  const env = childEnv(dataDir, { SIGNUP_RATE_LIMIT: '1000000' });
  let server: ChildServer | undefined;
  afterAll(async () => {
    if (server) await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a second process on the same DATA_DIR refuses to start, naming the holder', async () => {
    await seedDataDir(dataDir);
    server = await startChildServer(env);
    const second = spawnServer({ ...env, PORT: '0' });
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(second.output()).toContain(
      `DATA_DIR ${dataDir} is in use by another MathSprint process (pid ${server.pid}, started `,
    );
    expect(second.output()).toContain('stop it or use another DATA_DIR');
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  }, 120_000);

  it(`reopens after each of ${CYCLES} kill -9 under a steady write load, with no acknowledged write lost`, async () => {
    const acked = new Set<string>();
    const startMs: number[] = [];
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      if (!server) {
        const started = Date.now();
        server = await startChildServer(env);
        startMs.push(Date.now() - started);
      }
      const load = writeLoad(server.url, acked);
      await until(() => load.acked() >= MIN_ACKS_PER_CYCLE, 30_000);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * KILL_WINDOW_MS));
      const exit = await server.stop('SIGKILL');
      expect(exit.signal).toBe('SIGKILL');
      server = undefined;
      await load.stop();
    }

    // The last start after a kill -9, then a clean stop, then every acknowledged id is looked up.
    server = await startChildServer(env);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect((await server.stop('SIGTERM')).code).toBe(0);
    server = undefined;
    const db = await openDataDir(dataDir);
    try {
      const stored = new Set((await db.query<{ id: string }>('select id from users')).rows.map((r) => r.id));
      const lost = [...acked].filter((id) => !stored.has(id));
      expect(lost, `${lost.length} of ${acked.size} acknowledged writes lost`).toEqual([]);
      expect(acked.size).toBeGreaterThanOrEqual(CYCLES * MIN_ACKS_PER_CYCLE);
    } finally {
      await db.close();
    }
    console.info(
      `kill -9 cycles: ${CYCLES}, acknowledged writes: ${acked.size}, restart ms median ${median(startMs)} max ${Math.max(...startMs)}`,
    );
  }, 400_000);
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
