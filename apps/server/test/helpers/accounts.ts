/** Creates players for integration tests through the real HTTP API. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createOperatorsService } from '../../src/accounts/operators.service.js';
import type { TestServer } from './test-server.js';

/** A signed-in player: session token, user id and display name. */
export interface Account {
  token: string;
  id: string;
  name: string;
}

async function accountFrom(res: Response): Promise<Account> {
  expect(res.status).toBe(201);
  const body = (await res.json()) as { token: string; user: { _id: string; name: string } };
  return { token: body.token, id: body.user._id, name: body.user.name };
}

/** POST /signup with `email` (default a fresh random one); fails the test unless it answers 201. */
export async function signup(server: TestServer, name: string, email = `${randomUUID()}@example.com`): Promise<Account> {
  return accountFrom(
    await fetch(`${server.url}/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, email, password: 'password123' }),
    }),
  );
}

/** POST /auth/guest; fails the test unless it answers 201. */
export async function guest(server: TestServer): Promise<Account> {
  return accountFrom(await fetch(`${server.url}/auth/guest`, { method: 'POST' }));
}

/**
 * Signs up an account and makes it an operator on the server's database, as `npm run admin --
 * grant EMAIL` does with DATABASE_URL (admin-command.test.ts runs the command itself). Only
 * `url` and `database` are used, so a server process with its database opened beside it will do.
 */
export async function signupOperator(server: Pick<TestServer, 'url' | 'database'>, name: string, email = `${randomUUID()}@example.com`): Promise<Account> {
  const account = await signup(server as TestServer, name, email);
  await createOperatorsService(server.database.db).grant(email);
  return account;
}
