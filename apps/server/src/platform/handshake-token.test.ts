import { describe, expect, it } from 'vitest';
import { handshakeToken, MAX_HANDSHAKE_TOKEN_CHARS } from './handshake-token.js';

describe('handshakeToken', () => {
  it('reads the auth payload, bare or written as a Bearer header', () => {
    expect(handshakeToken({ auth: { token: 'abc.def' } })).toBe('abc.def');
    expect(handshakeToken({ auth: { token: 'Bearer abc.def' } })).toBe('abc.def');
    expect(handshakeToken({ auth: { token: 'bearer   abc.def ' } })).toBe('abc.def');
    expect(handshakeToken({ auth: { token: ' abc.def ' } })).toBe('abc.def');
  });

  it('falls back to the Authorization header, then to the query string', () => {
    expect(handshakeToken({ auth: {}, headers: { authorization: 'Bearer from-header' }, query: { token: 'from-query' } })).toBe('from-header');
    expect(handshakeToken({ auth: {}, headers: {}, query: { token: 'from-query' } })).toBe('from-query');
    expect(handshakeToken({ auth: { token: 'from-auth' }, headers: { authorization: 'Bearer from-header' } })).toBe('from-auth');
  });

  it('ignores another scheme in the header and a non-string anywhere', () => {
    expect(handshakeToken({ headers: { authorization: 'Basic dXNlcjpwYXNz' } })).toBeNull();
    expect(handshakeToken({ auth: { token: 42 }, query: { token: ['a', 'b'] } })).toBeNull();
    expect(handshakeToken({ auth: 'token', headers: { authorization: ['Bearer a'] } })).toBeNull();
    expect(handshakeToken({ auth: null })).toBeNull();
    expect(handshakeToken({})).toBeNull();
  });

  it('gives null for an empty or oversized token, without looking further', () => {
    expect(handshakeToken({ auth: { token: '' } })).toBeNull();
    expect(handshakeToken({ auth: { token: 'Bearer ' } })).toBeNull();
    expect(handshakeToken({ auth: { token: '   ' }, query: { token: 'from-query' } })).toBeNull();
    expect(handshakeToken({ auth: { token: 'x'.repeat(MAX_HANDSHAKE_TOKEN_CHARS) } })).toHaveLength(MAX_HANDSHAKE_TOKEN_CHARS);
    expect(handshakeToken({ auth: { token: 'x'.repeat(MAX_HANDSHAKE_TOKEN_CHARS + 1) } })).toBeNull();
  });
});
