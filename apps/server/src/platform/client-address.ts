/**
 * The client address of a raw Node request (the Socket.IO handshake never reaches Fastify), derived
 * the way Fastify derives `request.ip` with this app's `trustProxy: (addr, hop) => hop <
 * TRUST_PROXY_HOPS` (proxy-addr's hop-count trust): the TCP peer, then the X-Forwarded-For entries
 * from right to left, and the first address that is not a trusted hop is the client.
 */
import type { IncomingMessage } from 'node:http';

/**
 * A comparable form of an address: an IPv4 address mapped into IPv6 (`::ffff:127.0.0.1`, what a
 * dual-stack listener reports) becomes the IPv4 address, so both count as one client.
 */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed;
}

/**
 * @param peer - the TCP peer (`socket.remoteAddress`); undefined once the socket is gone.
 * @param forwardedFor - the X-Forwarded-For header(s), comma-separated, nearest proxy last.
 * @param trustedHops - TRUST_PROXY_HOPS: how many addresses from the right (the peer first) are
 *   proxies of our own.
 * @returns the client address, normalized; '' when the peer is unknown.
 */
export function clientAddressOf(peer: string | undefined, forwardedFor: string | string[] | undefined, trustedHops: number): string {
  if (!peer) return '';
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const chain = [peer, ...forwarded];
  return normalizeAddress(chain[Math.min(trustedHops, chain.length - 1)]!);
}

/** The client address of `request` under `trustedHops` (see clientAddressOf). */
export function requestClientAddress(request: IncomingMessage, trustedHops: number): string {
  return clientAddressOf(request.socket.remoteAddress, request.headers['x-forwarded-for'], trustedHops);
}
