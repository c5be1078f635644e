import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

/** Logs `err` through a real logger and returns the JSON line it wrote. */
function logged(err: unknown): Record<string, any> {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  logger.child({ domain: 'http' }).error({ err }, 'unhandled error');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!);
}

describe('logger', () => {
  it("keeps a failed query's text and cause but none of its parameters", () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
    const cause = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    const line = logged(new DrizzleQueryError('insert into "users" ("email", "password_hash") values ($1, $2)', ['ada@example.com', hash], cause));
    const text = JSON.stringify(line);
    expect(text).not.toContain(hash);
    expect(text).not.toContain('ada@example.com');
    expect(line.err.message).toBe('Failed query: insert into "users" ("email", "password_hash") values ($1, $2): invalid byte sequence for encoding "UTF8": 0x00');
    expect(line.err.stack).toContain('Failed query: insert into "users"');
    expect(line.err.stack).toContain('caused by: Error: invalid byte sequence');
  });

  it('logs any other error whole', () => {
    const line = logged(Object.assign(new Error('boom'), { code: 'E_BOOM' }));
    expect(line.err).toMatchObject({ type: 'Error', message: 'boom', code: 'E_BOOM' });
    expect(line.err.stack).toContain('boom');
  });
});
