/**
 * withScripts (platform/redis.ts), on a real Redis: the Lua scripts the room store, leases, presence
 * lists, locks and solo store define as ioredis commands run with their keys, and a command is
 * defined once per connection (the objects built on one connection share it, whoever defines it
 * first).
 * Needs TEST_REDIS_URL (skipped without it, saying so).
 */
import { describe, expect, it } from 'vitest';
import { withScripts } from '../src/platform/redis.js';
import { NO_REDIS, redisPerTest, testRedisUrl } from './helpers/redis.js';

interface Echo {
  echoKey(key: string, value: string): Promise<string>;
}
interface Sum {
  sumArgs(keyCount: number, ...args: string[]): Promise<number>;
}

const ECHO = `redis.call('SET', KEYS[1], ARGV[1]); return redis.call('GET', KEYS[1])`;
const OTHER_ECHO = `return 'other'`;
const SUM = `local n = 0; for _, v in ipairs(ARGV) do n = n + tonumber(v) end; return n + #KEYS`;

describe.skipIf(!testRedisUrl)(`withScripts on a real Redis (needs ${NO_REDIS})`, () => {
  const redis = redisPerTest();

  it('runs a script with its keys, and with a key count given by the caller', async () => {
    const handle = await redis.open();
    const echo = withScripts<Echo>(handle.client, { echoKey: { numberOfKeys: 1, lua: ECHO } });
    expect(await echo.echoKey(`${redis.prefix()}k`, 'seven')).toBe('seven');
    expect(await handle.client.get(`${redis.prefix()}k`)).toBe('seven');
    const sum = withScripts<Sum>(handle.client, { sumArgs: { lua: SUM } });
    // Two keys and the arguments 3 and 4.
    expect(await sum.sumArgs(2, `${redis.prefix()}a`, `${redis.prefix()}b`, '3', '4')).toBe(9);
  });

  it('defines a command once per connection: a second definition of the name is left out', async () => {
    const handle = await redis.open();
    withScripts<Echo>(handle.client, { echoKey: { numberOfKeys: 1, lua: ECHO } });
    const again = withScripts<Echo>(handle.client, { echoKey: { numberOfKeys: 1, lua: OTHER_ECHO } });
    expect(await again.echoKey(`${redis.prefix()}k`, 'first')).toBe('first');
    // Another connection defines its own.
    const other = withScripts<Echo>((await redis.open()).client, { echoKey: { numberOfKeys: 1, lua: OTHER_ECHO } });
    expect(await other.echoKey(`${redis.prefix()}k`, 'ignored')).toBe('other');
  });
});
