import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.js';

describe('clientAddress (proxy-addr with a hop count, as Fastify trustProxy)', () => {
  it('is the peer without trusted hops, whatever X-Forwarded-For says', () => {
    expect(clientAddress('127.0.0.2', '6.6.6.6', 0)).toBe('127.0.0.2');
    expect(clientAddress('127.0.0.2', undefined, 1)).toBe('127.0.0.2');
  });

  it('walks X-Forwarded-For from its right end, one entry per trusted hop', () => {
    expect(clientAddress('10.0.0.1', '6.6.6.6, 1.2.3.4', 1)).toBe('1.2.3.4');
    expect(clientAddress('10.0.0.1', '6.6.6.6, 1.2.3.4', 2)).toBe('6.6.6.6');
    expect(clientAddress('10.0.0.1', ['6.6.6.6', '1.2.3.4'], 2)).toBe('6.6.6.6');
    expect(clientAddress('10.0.0.1', '1.2.3.4', 3)).toBe('1.2.3.4');
  });

  it('writes IPv4-mapped IPv6 as IPv4', () => {
    expect(clientAddress('::ffff:127.0.0.1', undefined, 0)).toBe('127.0.0.1');
    expect(clientAddress('::1', undefined, 0)).toBe('::1');
    expect(clientAddress(undefined, undefined, 0)).toBe('');
  });
});
