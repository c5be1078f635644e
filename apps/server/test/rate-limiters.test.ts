/**
 * The limiters behind the login, account-creation and comment limits (platform/rate-limiters.ts),
 * one suite over both stores: in memory, and in Redis when TEST_REDIS_URL is set. Windows are the
 * library's wall-clock time (not the injected clock), so the windows here are 1 s and the tests
 * wait them out.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createRateLimiterFactory, type RateLimiterFactory } from '../src/platform/rate-limiters.js';
import { redisPerTest, roomBackends, testRedisUrl, NO_REDIS } from './helpers/redis.js';

const WINDOW_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(roomBackends())('rate limiters (%s)', (backend) => {
  const redis = backend === 'redis' ? redisPerTest() : null;
  /** A factory as one process builds it (each call on Redis: another connection, the test's prefix). */
  const factory = async (): Promise<RateLimiterFactory> => createRateLimiterFactory(redis ? await redis.open() : null);

  it('allows max attempts per window, then says how long to wait, and allows again after the window', async () => {
    const limiter = (await factory())({ name: 'a', max: 3, windowMs: WINDOW_MS });
    const opened = Date.now();
    for (let i = 0; i < 3; i++) expect(await limiter.consume('k')).toBe(0);
    const wait = await limiter.consume('k');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(WINDOW_MS);
    expect(await limiter.consume('other')).toBe(0);
    await sleep(opened + WINDOW_MS + 100 - Date.now());
    expect(await limiter.consume('k')).toBe(0);
  });

  it('does not count refused attempts: giving back the one allowed attempt frees it', async () => {
    const limiter = (await factory())({ name: 'b', max: 1, windowMs: 60_000 });
    expect(await limiter.consume('k')).toBe(0);
    for (let i = 0; i < 5; i++) expect(await limiter.consume('k')).toBeGreaterThan(0);
    await limiter.giveBack('k');
    expect(await limiter.consume('k')).toBe(0);
    expect(await limiter.consume('k')).toBeGreaterThan(0);
  });

  it('gives back the latest attempt and resets a key', async () => {
    const limiter = (await factory())({ name: 'c', max: 2, windowMs: 60_000 });
    await limiter.consume('k');
    await limiter.consume('k');
    expect(await limiter.consume('k')).toBeGreaterThan(0);
    await limiter.giveBack('k');
    expect(await limiter.consume('k')).toBe(0);
    await limiter.reset('k');
    expect(await limiter.consume('k')).toBe(0);
    expect(await limiter.consume('k')).toBe(0);
    expect(await limiter.consume('k')).toBeGreaterThan(0);
  });

  it('lets exactly max of a concurrent burst through', async () => {
    const limiter = (await factory())({ name: 'd', max: 3, windowMs: 60_000 });
    const waits = await Promise.all(Array.from({ length: 12 }, () => limiter.consume('k')));
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
  });

  it('refuses a window that is not a whole number of seconds', async () => {
    const limiters = await factory();
    expect(() => limiters({ name: 'e', max: 1, windowMs: 1500 })).toThrow('rate limit e: the window must be a whole number of seconds, got 1500 ms');
  });
});

describe('rate limiters shared through Redis', () => {
  const redis = testRedisUrl ? redisPerTest() : null;

  it.skipIf(!testRedisUrl)(`count once for every process, including concurrent bursts (needs ${NO_REDIS})`, async () => {
    const rule = { name: 'shared', max: 4, windowMs: 60_000 };
    const [a, b] = [createRateLimiterFactory(await redis!.open())(rule), createRateLimiterFactory(await redis!.open())(rule)];
    const waits = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).consume('k')));
    expect(waits.filter((w) => w === 0)).toHaveLength(4);
    expect(await a.consume('k')).toBeGreaterThan(0);
    await b.giveBack('k');
    expect(await a.consume('k')).toBe(0);
    // The keys live under the process's prefix.
    expect(await redis!.admin().client.exists(`${redis!.prefix()}limit:shared:k`)).toBe(1);
  });
});

describe('rate-limit configuration', () => {
  it('has the login rule defaults: 10 per (email, IP) per 15 min, 100 per IP a day, 100 per email an hour', () => {
    expect(loadConfig({})).toMatchObject({
      LOGIN_RATE_LIMIT: 10,
      LOGIN_RATE_LIMIT_WINDOW_MS: 900_000,
      LOGIN_IP_RATE_LIMIT: 100,
      LOGIN_IP_RATE_LIMIT_WINDOW_MS: 86_400_000,
      LOGIN_EMAIL_RATE_LIMIT: 100,
      LOGIN_EMAIL_RATE_LIMIT_WINDOW_MS: 3_600_000,
    });
  });

  it('refuses windows that are not whole seconds, naming each variable', () => {
    const attempt = () => loadConfig({ LOGIN_EMAIL_RATE_LIMIT_WINDOW_MS: '1500', SIGNUP_RATE_LIMIT_WINDOW_MS: '0', LOGIN_IP_RATE_LIMIT: '0' });
    expect(attempt).toThrow('LOGIN_EMAIL_RATE_LIMIT_WINDOW_MS: must be a whole number of seconds (a multiple of 1000 ms)');
    expect(attempt).toThrow('SIGNUP_RATE_LIMIT_WINDOW_MS: must be at least 1000 (1 s)');
    expect(attempt).toThrow('LOGIN_IP_RATE_LIMIT:');
  });
});
