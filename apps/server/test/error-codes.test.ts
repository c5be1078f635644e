/**
 * Every HTTP refusal is `{ error, code }` (issue #48 §4): representative refusals of each route
 * family and of the framework, over real HTTP, with the status http/errors.ts's table gives the code.
 */
import { ErrorCode, errorReplySchema, type ErrorReply } from '@mathsprint/shared/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_STATUS } from '../src/http/errors.js';
import { guest, signup, type Account } from './helpers/accounts.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let player: Account;
let visitor: Account;

beforeAll(async () => {
  server = await startTestServer({ env: { SIGNUP_RATE_LIMIT: '3' } });
  player = await signup(server, 'Ada');
  visitor = await guest(server);
});
afterAll(() => server?.close());

interface Refusal {
  status: number;
  body: unknown;
  headers: Headers;
}

async function send(
  method: string,
  path: string,
  options: { token?: string; json?: unknown; body?: string; contentType?: string; ip?: string } = {},
): Promise<Refusal> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const res = await fetch(server.url + path, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as unknown, headers: res.headers };
}

/**
 * Asserts the refusal is exactly `{ error, code }` with the status of `code`. `error` is the exact
 * text, or an asymmetric matcher where the text is Node's or Fastify's own.
 */
function expectRefusal(res: Refusal, code: ErrorCode, error: unknown, where: string): void {
  expect(res.status, where).toBe(HTTP_STATUS[code]);
  expect(res.body, where).toEqual({ error, code } satisfies Record<keyof ErrorReply, unknown>);
  expect(errorReplySchema.strict().safeParse(res.body).success, where).toBe(true);
}

describe('every HTTP refusal is { error, code }', () => {
  it('the framework: unknown path, bad %-encoding, malformed JSON, oversized body, wrong content type', async () => {
    expectRefusal(await send('GET', '/api/nope'), ErrorCode.NOT_FOUND, 'Not found: GET /api/nope', 'unknown path');
    expectRefusal(
      await send('GET', '/contest/past/%FF'),
      ErrorCode.INVALID_INPUT,
      'The address is malformed: a %-encoded part of it is not valid',
      'bad %-encoding',
    );
    expectRefusal(await send('POST', '/login', { body: '{"email":' }), ErrorCode.INVALID_INPUT, expect.any(String), 'malformed JSON');
    const huge = JSON.stringify({ name: 'x'.repeat(70 * 1024), email: 'a@example.com', password: 'password123' });
    expectRefusal(await send('POST', '/signup', { body: huge }), ErrorCode.PAYLOAD_TOO_LARGE, 'Request body is too large', 'body over 64 KiB');
    expectRefusal(
      await send('POST', '/login', { body: '<email/>', contentType: 'application/xml' }),
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'Unsupported Media Type',
      'wrong content type',
    );
    expectRefusal(
      await send('POST', '/login', { json: { email: 'a\u0000b@example.com', password: 'password123' } }),
      ErrorCode.INVALID_INPUT,
      'email must not contain the NUL character (U+0000)',
      'unstorable text',
    );
  });

  it('sessions: no token, a forged token (each 401 with its challenge)', async () => {
    const none = await send('GET', '/api/me');
    expectRefusal(none, ErrorCode.LOGIN_REQUIRED, 'Please log in to continue', 'no token');
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="MathSprint"');
    const forged = await send('GET', '/api/me', { token: 'not.a.token' });
    expectRefusal(forged, ErrorCode.SESSION_EXPIRED, 'Your session has expired. Please log in again.', 'forged token');
    expect(forged.headers.get('www-authenticate')).toBe('Bearer realm="MathSprint", error="invalid_token"');
  });

  it('accounts: bad sign-up, taken email, wrong login, wrong current password, too many guests', async () => {
    expectRefusal(await send('POST', '/signup', { json: {} }), ErrorCode.INVALID_INPUT, 'Full name is required', 'empty sign-up');
    const email = `taken-${Date.now()}@example.com`;
    await signup(server, 'Bea', email);
    expectRefusal(
      await send('POST', '/signup', { json: { name: 'Bea', email, password: 'password123' } }),
      ErrorCode.EMAIL_TAKEN,
      'An account with this email already exists',
      'taken email',
    );
    expectRefusal(
      await send('POST', '/login', { json: { email, password: 'wrong-password' } }),
      ErrorCode.INVALID_LOGIN,
      'Invalid email or password',
      'wrong login',
    );
    expectRefusal(
      await send('POST', '/api/password', { token: player.token, json: { currentPassword: 'wrong-password', newPassword: 'password456' } }),
      ErrorCode.WRONG_PASSWORD,
      'Current password is incorrect',
      'wrong current password',
    );
    const ip = '203.0.113.77';
    for (let i = 0; i < 3; i++) expect((await send('POST', '/auth/guest', { ip })).status).toBe(201);
    expectRefusal(
      await send('POST', '/auth/guest', { ip }),
      ErrorCode.RATE_LIMITED,
      'Too many accounts created from your network. Please try again later.',
      'fourth guest from one address',
    );
  });

  it('contest, daily, solo, rooms: their refusals carry their codes', async () => {
    expectRefusal(
      await send('POST', '/contest/register', { json: { contestId: 'x' } }),
      ErrorCode.LOGIN_REQUIRED,
      'Please login to register for the contest',
      'contest register without a session',
    );
    expectRefusal(await send('GET', '/contest/past/no-such-contest', { token: player.token }), ErrorCode.CONTEST_NOT_FOUND, 'Contest not found', 'unknown contest');
    expectRefusal(
      await send('GET', '/api/daily/today', { token: visitor.token }),
      ErrorCode.LOGIN_REQUIRED,
      'Please sign in with an account to use daily practice',
      'daily as a guest',
    );
    expectRefusal(
      await send('GET', '/api/daily/leaderboard?date=2999-01-01&sectionKey=basic', { token: player.token }),
      ErrorCode.INVALID_INPUT,
      expect.stringContaining('is in the future'),
      'daily date in the future',
    );
    expectRefusal(
      await send('POST', '/singleplayer/answer', { token: player.token, json: { sessionId: 'no-such-run', answer: 1 } }),
      ErrorCode.RUN_NOT_FOUND,
      'Session not found',
      'unknown solo run',
    );
    expectRefusal(await send('GET', '/api/rooms/current'), ErrorCode.LOGIN_REQUIRED, 'Please log in to continue', 'room without a session');
  });

  it('operators and Google sign-in: admin commands, backups, metrics, OIDC not configured', async () => {
    expectRefusal(
      await send('POST', '/admin/commands/list', { json: { args: [] } }),
      ErrorCode.NOT_FOUND,
      'Operator commands over HTTP are for the embedded database; with DATABASE_URL, npm run admin opens the database itself',
      'admin command without a lock',
    );
    expectRefusal(
      await send('GET', '/admin/backup'),
      ErrorCode.NOT_FOUND,
      'Backups over HTTP are for the embedded database only; back up PostgreSQL with pg_dump',
      'backup without the embedded database',
    );
    expectRefusal(
      await send('POST', '/admin/contests', { token: player.token, json: {} }),
      ErrorCode.OPERATOR_ONLY,
      'Only administrators can schedule contests',
      'contest scheduling by a player',
    );
    expectRefusal(await send('GET', '/auth/google'), ErrorCode.UNAVAILABLE, 'Google sign-in is not configured on this server', 'OIDC');
  });
});
