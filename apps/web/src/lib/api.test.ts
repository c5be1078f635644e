import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api';

/** Fails the next fetch with `status` and `body` (text, as a server or a proxy sends it). */
function answerWith(status: number, body: string, contentType = 'application/json'): void {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, headers: { 'content-type': contentType } })));
}

async function failure(): Promise<ApiError> {
  const error = await apiRequest('POST', '/contest/submit', { body: {}, fallback: 'Failed to submit contest' }).then(
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
