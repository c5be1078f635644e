import Fastify from 'fastify';
import { ERROR_CODES, ErrorCode } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/app-error.js';
import { handleError, HTTP_STATUS, INTERNAL_ERROR_TEXT } from './errors.js';

describe('HTTP_STATUS', () => {
  it('gives every code an error status', () => {
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(HTTP_STATUS[code], code).toBeGreaterThanOrEqual(400);
  });
});

describe('handleError', () => {
  async function replyTo(error: Error) {
    const app = Fastify({ logger: false });
    app.setErrorHandler(handleError);
    app.get('/', () => {
      throw error;
    });
    const res = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return { status: res.statusCode, body: res.json<unknown>(), challenge: res.headers['www-authenticate'] };
  }

  it('answers an AppError with its code, its status and a challenge on a 401', async () => {
    expect(await replyTo(new AppError(ErrorCode.CONTEST_OVER, 'The contest is over'))).toEqual({
      status: 409,
      body: { error: 'The contest is over', code: 'CONTEST_OVER' },
      challenge: undefined,
    });
    expect(await replyTo(new AppError(ErrorCode.LOGIN_REQUIRED, 'Please log in to continue'))).toEqual({
      status: 401,
      body: { error: 'Please log in to continue', code: 'LOGIN_REQUIRED' },
      challenge: 'Bearer realm="MathSprint"',
    });
  });

  it('answers anything else with a 500 INTERNAL that reveals nothing', async () => {
    expect(await replyTo(new Error('relation "users" does not exist'))).toEqual({
      status: 500,
      body: { error: INTERNAL_ERROR_TEXT, code: 'INTERNAL' },
      challenge: undefined,
    });
  });
});
