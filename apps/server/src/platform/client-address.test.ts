import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddressOf, normalizeAddress } from './client-address.js';

describe('clientAddressOf', () => {
  const cases: Array<[peer: string, forwardedFor: string | undefined, hops: number]> = [
    ['10.0.0.1', undefined, 0],
    ['10.0.0.1', '203.0.113.7', 0],
    ['10.0.0.1', '203.0.113.7', 1],
    ['10.0.0.1', '198.51.100.9, 203.0.113.7', 1],
    ['10.0.0.1', '198.51.100.9, 203.0.113.7', 2],
    ['10.0.0.1', '203.0.113.7', 3],
    ['10.0.0.1', undefined, 1],
  ];

  it.each(cases)('peer %s, X-Forwarded-For %s, %i hops: the address Fastify gives request.ip', async (peer, forwardedFor, hops) => {
    const app = Fastify({ trustProxy: (_address: string, hop: number) => hop < hops });
    app.get('/', (request) => ({ ip: request.ip }));
    const reply = await app.inject({ url: '/', remoteAddress: peer, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
    expect(clientAddressOf(peer, forwardedFor, hops)).toBe(reply.json<{ ip: string }>().ip);
    await app.close();
  });

  it('counts an IPv4 address mapped into IPv6 as the IPv4 address, and knows no address of a gone socket', () => {
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(clientAddressOf('::ffff:10.0.0.1', ['203.0.113.7', '::ffff:198.51.100.9'], 1)).toBe('198.51.100.9');
    expect(clientAddressOf(undefined, '203.0.113.7', 1)).toBe('');
  });
});
