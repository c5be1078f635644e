import { afterEach, describe, expect, it, vi } from 'vitest';
import { meResponseSchema } from '@mathsprint/shared/protocol';
import { z } from 'zod';
import { ApiError, UNREADABLE_REPLY_MESSAGE, api, apiRequest } from './api';

const user = { _id: 'u1', name: 'Ada', email: 'ada@example.com', rating: 1500, rd: 350, isGuest: false, hasPassword: true };

/** Makes the next fetch answer `body` (a string as it is, null as no body, anything else as JSON) with `status`. */
function answer(body: unknown, status = 200): ReturnType<typeof vi.fn> {
  const text = body === null || typeof body === 'string' ? body : JSON.stringify(body);
  const fetch = vi.fn(async () => new Response(text, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('apiRequest parses a success reply with its schema', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('resolves with the parsed reply, dropping fields the schema does not name', async () => {
    const fetch = answer({ user: { ...user, addedLater: 'x' }, alsoLater: 1 });
    await expect(api.get('/api/me', meResponseSchema)).resolves.toEqual({ user });
    expect(fetch).toHaveBeenCalledWith('/api/me', expect.objectContaining({ method: 'GET' }));
  });

  it('reads a 204 with no body as null', async () => {
    answer(null, 204);
    await expect(apiRequest('DELETE', '/api/me', z.null(), { body: { confirm: 'DELETE' } })).resolves.toBeNull();
  });

  it('throws ApiError with a message that says to reload, and logs the issues, when a reply lacks a field', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rating: _left, ...withoutRating } = user;
    answer({ user: withoutRating });
    const failure = api.get('/api/me', meResponseSchema, undefined, 'Session check failed');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: UNREADABLE_REPLY_MESSAGE, status: 200 });
    expect(UNREADABLE_REPLY_MESSAGE).toBe('The server sent a reply this app cannot read. Reload the page to get the latest version.');
    expect(log).toHaveBeenCalledWith(
      'GET /api/me: the reply (HTTP 200) does not match its schema',
      [expect.objectContaining({ path: ['user', 'rating'] })],
    );
  });

  it('throws the same for a success body that is not JSON', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer('<html>proxy page</html>');
    await expect(api.post('/login', meResponseSchema, { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      message: UNREADABLE_REPLY_MESSAGE,
      status: 200,
    });
  });

  it('leaves failures to the error branch: the server’s error text and status', async () => {
    answer({ error: 'Invalid email or password' }, 401);
    await expect(api.post('/login', meResponseSchema, {})).rejects.toMatchObject({ message: 'Invalid email or password', status: 401 });
  });
});

/** Fails the next fetch with `status` and `body` (text, as a server or a proxy sends it). */
function answerWith(status: number, body: string, contentType = 'application/json'): void {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, headers: { 'content-type': contentType } })));
}

async function failure(): Promise<ApiError> {
  const error = await apiRequest('POST', '/contest/submit', z.unknown(), { body: {}, fallback: 'Failed to submit contest' }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApiError of a failed call', () => {
  it("carries the server's text, status and code", async () => {
    answerWith(409, JSON.stringify({ error: 'Your attempt is already submitted', code: 'ALREADY_SUBMITTED' }));
    const error = await failure();
    expect({ message: error.message, status: error.status, code: error.code }).toEqual({
      message: 'Your attempt is already submitted',
      status: 409,
      code: 'ALREADY_SUBMITTED',
    });
  });

  it('has code null when the body has no known code: an old body, an unknown code, a proxy page', async () => {
    answerWith(409, JSON.stringify({ error: 'The contest is over' }));
    expect(await failure()).toMatchObject({ message: 'The contest is over', status: 409, code: null });
    answerWith(409, JSON.stringify({ error: 'Later', code: 'SOMETHING_NEW' }));
    expect(await failure()).toMatchObject({ message: 'Later', status: 409, code: null });
    answerWith(502, '<html><body>Bad Gateway</body></html>', 'text/html');
    expect(await failure()).toMatchObject({ message: 'Failed to submit contest', status: 502, code: null });
  });

  it('has status 0 and code null when no answer came', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    expect(await failure()).toMatchObject({ message: 'Failed to submit contest', status: 0, code: null });
  });

  it('defaults to code null when built by the client itself', () => {
    expect(new ApiError('Submit failed', 0).code).toBeNull();
  });
});
