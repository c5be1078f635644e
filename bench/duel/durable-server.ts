/**
 * Baseline for bench/duel --processes N (issue #5): the bare Socket.IO server of bare-server.ts,
 * except that each `submitAnswer` is written to Redis before it is acknowledged, as any server must
 * do when an acknowledged score has to survive the loss of its process (issue #5's fault tests).
 * The write is one script call (EVALSHA, through ioredis, as the app's answer script): HINCRBY of
 * the socket's count and PEXPIRE of its key, one round trip. Set beside bare Socket.IO in the same
 * run, it shows what one such round trip costs the acknowledgement's p99 on this machine with no
 * game, no adapter and no second process.
 *
 * Env: PORT (required), REDIS_URL (required), REDIS_KEY_PREFIX (the run's scratch prefix).
 */
import { Redis } from 'ioredis';
import { baselineServer } from './baseline-io.js';

const url = process.env.REDIS_URL;
if (!url) {
  console.error('durable-server: REDIS_URL is required');
  process.exit(1);
}
const prefix = process.env.REDIS_KEY_PREFIX ?? '';
const redis = new Redis(url);
redis.defineCommand('recordAnswer', {
  numberOfKeys: 1,
  lua: "redis.call('HINCRBY', KEYS[1], 'answers', 1) redis.call('PEXPIRE', KEYS[1], ARGV[1]) return 1",
});
/** The answers' keys live 10 minutes after their last write (the run's prefix is removed after it). */
const SEAT_TTL_MS = 600_000;
const recorder = redis as unknown as { recordAnswer(key: string, ttlMs: number): Promise<unknown> };
const record = (socketId: string): Promise<unknown> => recorder.recordAnswer(`${prefix}bench:seat:${socketId}`, SEAT_TTL_MS);

const { io, listen } = baselineServer('durable-server');
io.on('connection', (socket) => {
  socket.on('submitAnswer', (_payload: unknown, ack: unknown) => {
    if (typeof ack !== 'function') return;
    record(socket.id).then(
      () => ack({ correct: true }),
      (error: unknown) => ack({ error: String(error) }),
    );
  });
});
listen();
