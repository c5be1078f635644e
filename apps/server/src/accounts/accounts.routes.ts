/**
 * Account endpoints (spec §7 "Account" plus issue #2's guests and password change):
 *
 * | Method | Path           | Body                               | 2xx                    |
 * |--------|----------------|------------------------------------|------------------------|
 * | POST   | /signup        | {name, email, password} (a guest's Bearer: converts the guest) | 201 {token, user} |
 * | POST   | /login         | {email, password}                  | 200 {token, user}      |
 * | POST   | /auth/guest    | none                               | 201 {token, user}      |
 * | GET    | /api/me        | none (Bearer)                      | 200 {user}             |
 * | POST   | /api/password  | {currentPassword, newPassword} (Bearer) | 200 {token, user} |
 * | DELETE | /api/me        | {password} or {confirm: "DELETE"} (Bearer) | 204 (account-deletion.ts) |
 *
 * Errors are `{error, code}` (http/errors.ts) with 400 (bad input, each its own message), 401 (login failed, no or bad
 * token), 403 (wrong current password), 409 (email taken; a running game blocks a deletion) or
 * 429 (rate limited).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  deleteAccountBodySchema,
  firstIssueMessage,
  loginBodySchema,
  passwordChangeBodySchema,
  signupBodySchema,
  type AuthResponse,
  type MeResponse,
  ErrorCode,
} from '@mathsprint/shared/protocol';
import { parseInput } from '../http/errors.js';
import { requireUser, SESSION_MESSAGES } from '../http/session.js';
import type { AccountDeletion } from './account-deletion.js';
import type { AccountsService } from './accounts.service.js';
import { AppError } from '../platform/app-error.js';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  deletion: AccountDeletion;
}

/** Field → message for a field that is absent or blank, checked in this order (the form's order). */
const SIGNUP_REQUIRED = { name: 'Full name is required', email: 'Email is required', password: 'Password is required' };
/** Sign-up fields whose whitespace is content: a password of spaces is not missing, and the schema
 * says what is wrong with it ("Password can't be only spaces"). */
const SIGNUP_VERBATIM = new Set(['password']);
const LOGIN_REQUIRED = { email: 'Email is required', password: 'Password is required' };
const PASSWORD_REQUIRED = { currentPassword: 'Current password is required', newPassword: 'New password is required' };

export const accountsRoutes: FastifyPluginAsync<AccountsRoutesOptions> = async (app, { accounts, deletion }) => {
  app.post('/signup', async (request, reply): Promise<AuthResponse> => {
    const body = parseForm(signupBodySchema, request.body, SIGNUP_REQUIRED, SIGNUP_VERBATIM);
    // A guest signing up keeps their games: their account is converted (ours; see signup).
    const guestId = request.sessionUser?.isGuest ? request.sessionUser.id : undefined;
    const result = await accounts.signup(body, { ip: request.ip, guestId });
    noStore(reply).status(201);
    return result;
  });

  app.post('/login', async (request, reply): Promise<AuthResponse> => {
    const body = parseForm(loginBodySchema, request.body, LOGIN_REQUIRED);
    const result = await accounts.login(body, { ip: request.ip });
    noStore(reply);
    return result;
  });

  app.post('/auth/guest', async (request, reply): Promise<AuthResponse> => {
    const result = await accounts.createGuest({ ip: request.ip });
    noStore(reply).status(201);
    return result;
  });

  app.get('/api/me', async (request, reply): Promise<MeResponse> => {
    const session = requireUser(request);
    const user = await accounts.getPublicUser(session.id);
    // verifyToken just found the row; it can only be gone if deleted in between.
    if (!user) throw new AppError(ErrorCode.SESSION_EXPIRED, SESSION_MESSAGES.sessionExpired);
    noStore(reply);
    return { user };
  });

  app.delete('/api/me', async (request, reply) => {
    const session = requireUser(request);
    const body = parseInput(deleteAccountBodySchema, request.body);
    await deletion.deleteAccount(session.id, body);
    return noStore(reply).status(204).send();
  });

  app.post('/api/password', async (request, reply): Promise<AuthResponse> => {
    const session = requireUser(request);
    const body = parseForm(passwordChangeBodySchema, request.body, PASSWORD_REQUIRED);
    const result = await accounts.changePassword(session.id, body.currentPassword, body.newPassword);
    noStore(reply);
    return result;
  });
};

/** Responses carrying tokens or personal data must not sit in any cache. */
function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

/**
 * Parses a form-like JSON body. A field that is absent or blank (empty, or whitespace unless it is
 * in `verbatim`) gets its "… is required" message first; then the schema's own message, shown as it
 * is (the forms display the server's text, spec §8), or zod's generic one naming the field
 * (`firstIssueMessage`), as on every other route.
 * @throws AppError INVALID_INPUT (400) with one message a person can read.
 */
function parseForm<S extends z.ZodType>(
  schema: S,
  body: unknown,
  required: Record<string, string>,
  verbatim: ReadonlySet<string> = new Set(),
): z.output<S> {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new AppError(ErrorCode.INVALID_INPUT, 'Request body must be a JSON object');
  }
  const fields = (body ?? {}) as Record<string, unknown>;
  for (const [field, message] of Object.entries(required)) {
    const value = fields[field];
    const blank = typeof value === 'string' && (verbatim.has(field) ? value === '' : value.trim() === '');
    if (value === undefined || value === null || blank) {
      throw new AppError(ErrorCode.INVALID_INPUT, message);
    }
  }
  const result = schema.safeParse(fields);
  if (!result.success) throw new AppError(ErrorCode.INVALID_INPUT, firstIssueMessage(result.error, 'Request body'));
  return result.data;
}
