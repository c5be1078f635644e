/**
 * Closing server processes that share Redis while their players sit in Math Challenge rooms
 * (issue #5 "SIGTERM": finish what is in flight before letting go of Redis). Closing the sockets
 * marks every player's seat disconnected, a store change that runs in the background; the app
 * closes Redis only after those changes and their broadcasts are done. Two processes close at
 * once, as at the end of a rolling restart, so each seat change may meet the other process's
 * change to the same room and take more than one round trip.
 * Needs TEST_REDIS_URL (skipped without it, saying so).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest } from './helpers/accounts.js';
import { NO_REDIS, dropPrefix, freshPrefix, testRedisUrl } from './helpers/redis.js';
import { emitForAck } from './helpers/socket-ack.js';
import { connectPlayer, type Client } from './helpers/socket-client.js';
import { startServerPair, type ServerPair, type TestServer } from './helpers/test-server.js';

/** Rooms whose host sits on one process and whose guest sits on the other. */
const ROOMS = 100;

const prefix = freshPrefix();
let pair: ServerPair | undefined;
let a: TestServer | undefined;
let b: TestServer | undefined;
const clients: Client[] = [];

async function connectGuest(server: TestServer): Promise<Client> {
  const { token } = await guest(server);
  const socket = await connectPlayer(server.url, token);
  clients.push(socket);
  return socket;
}

describe.skipIf(!testRedisUrl)(`closing two processes with players in rooms (needs ${NO_REDIS})`, () => {
  beforeAll(async () => {
    const env = { REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: prefix, SIGNUP_RATE_LIMIT: '10000' };
    pair = await startServerPair({ env });
    ({ a, b } = pair);
  });
  afterAll(async () => {
    for (const c of clients.splice(0)) c.disconnect();
    await pair?.close();
    await dropPrefix(prefix);
  });

  it("writes every seat's disconnection to Redis before either process lets Redis go", async () => {
    const codes = await Promise.all(
      Array.from({ length: ROOMS }, async () => {
        const [host, other] = await Promise.all([connectGuest(a!), connectGuest(b!)]);
        const created = await emitForAck(host, 'createRoom', { mode: 1 });
        expect(created.error).toBeUndefined();
        expect((await emitForAck(other, 'joinRoom', { roomCode: created.roomCode })).error).toBeUndefined();
        return created.roomCode as string;
      }),
    );

    // Every player leaves at once (a load balancer drained, a network blip), and the processes
    // are stopped while their seat changes are still being written.
    for (const c of clients.splice(0)) c.disconnect();
    const closing = [a!, b!];
    [a, b] = [undefined, undefined];
    await Promise.all(closing.map((server) => server.close()));

    const redis = new Redis(testRedisUrl!);
    try {
      const states = await Promise.all(codes.map((code) => redis.hget(`${prefix}duel:room:${code}`, 's')));
      const connected = states.map((state) => (JSON.parse(state!) as { seats: Array<{ connected: boolean }> }).seats.map((s) => s.connected));
      expect(connected).toEqual(codes.map(() => [false, false]));
    } finally {
      redis.disconnect();
    }
  }, 120_000);
});
