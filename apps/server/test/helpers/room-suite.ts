/**
 * The server of a room suite: the suites that run once per room store (STYLE habit 5; duel.test.ts,
 * authorization.test.ts) share how it is started and cleaned up.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { duelHandleOf, type DuelHandle } from '../../src/duel/duel.socket.js';
import { backendEnv, dropPrefix, freshPrefix, type RoomBackend } from './redis.js';
import type { Client } from './socket-client.js';
import { ManualClock, startTestServer, type TestServer } from './test-server.js';

/** What a room suite's tests use; the fields are set in the suite's `beforeAll`, so read them in
 * tests and hooks, not while the suite is being declared. */
export interface RoomSuite {
  server: TestServer;
  /** The server's clock, at 2026-03-06 10:00 UTC when the suite starts; tests move it. */
  clock: ManualClock;
  /** The duel's handle: its room store and `tick()`, which visits the rooms at once. */
  duel: DuelHandle;
  /** Sockets to disconnect after each test. */
  clients: Client[];
}

/**
 * Registers, in the calling `describe` block, the hooks of one test server on `backend` (rooms in
 * memory, or in Redis under a fresh key prefix, dropped at the end), with sign-ups unthrottled.
 * Sockets pushed to `clients` (the caller's own list when given) are disconnected after each test.
 * `env` adds configuration variables.
 */
export function roomSuiteServer(backend: RoomBackend, clients: Client[] = [], env: Record<string, string> = {}): RoomSuite {
  const prefix = freshPrefix();
  const suite = { clients } as RoomSuite;
  beforeAll(async () => {
    suite.clock = new ManualClock(Date.UTC(2026, 2, 6, 10));
    suite.server = await startTestServer({ clock: suite.clock, env: { SIGNUP_RATE_LIMIT: '1000', ...env, ...backendEnv(backend, prefix) } });
    suite.duel = duelHandleOf(suite.server.app.io)!;
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.disconnect();
  });
  afterAll(async () => {
    await suite.server?.close();
    if (backend === 'redis') await dropPrefix(prefix);
  });
  return suite;
}
