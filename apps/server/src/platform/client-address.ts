/**
 * The client address a request or socket handshake comes from, the way Fastify's `request.ip`
 * finds it with `trustProxy: (address, hop) => hop < TRUST_PROXY_HOPS` (app.ts): proxy-addr walks
 * from the connection's peer address back along X-Forwarded-For (rightmost entry first), trusting
 * one proxy per hop, and stops at the first address it does not trust. Behind one reverse proxy
 * (TRUST_PROXY_HOPS=1) that is the last X-Forwarded-For entry; with 0 it is the peer address, and a
 * client cannot choose it by sending the header. Socket.IO's own `handshake.address` is always the
 * peer, so the socket's per-IP limits use this instead.
 */

/**
 * @param peer - the TCP peer address (`req.socket.remoteAddress`, `socket.handshake.address`).
 * @param forwardedFor - the X-Forwarded-For header(s), if any.
 * @param trustedHops - TRUST_PROXY_HOPS.
 * @returns the address, IPv4-mapped IPv6 (`::ffff:1.2.3.4`) written as IPv4; '' when unknown.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trustedHops: number): string {
  let chosen = peer ?? '';
  if (trustedHops > 0 && forwardedFor !== undefined) {
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .reverse();
    // hops[0] is what the nearest proxy saw; each further trusted hop moves one entry left.
    if (hops.length > 0) chosen = hops[Math.min(trustedHops, hops.length) - 1]!;
  }
  return chosen.startsWith('::ffff:') && chosen.includes('.') ? chosen.slice(7) : chosen;
}
