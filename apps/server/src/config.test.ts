import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('config: the flood back-off', () => {
  it('defaults to 5 s doubling up to 5 min, forgotten after 10 quiet minutes', () => {
    const config = loadConfig({});
    expect([config.SOCKET_FLOOD_BACKOFF_MS, config.SOCKET_FLOOD_BACKOFF_MAX_MS, config.SOCKET_FLOOD_QUIET_MS]).toEqual([5_000, 300_000, 600_000]);
  });

  it('names each bad variable: whole seconds only, and a maximum no smaller than the first back-off', () => {
    expect(() => loadConfig({ SOCKET_FLOOD_BACKOFF_MS: '1500' })).toThrow(/SOCKET_FLOOD_BACKOFF_MS: must be a whole number of seconds/);
    expect(() => loadConfig({ SOCKET_FLOOD_QUIET_MS: '500' })).toThrow(/SOCKET_FLOOD_QUIET_MS/);
    expect(() => loadConfig({ SOCKET_FLOOD_BACKOFF_MS: '10000', SOCKET_FLOOD_BACKOFF_MAX_MS: '5000' })).toThrow(
      /SOCKET_FLOOD_BACKOFF_MAX_MS: must be at least SOCKET_FLOOD_BACKOFF_MS/,
    );
  });
});
