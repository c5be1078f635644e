/**
 * Sign-in calls (spec §7 "Account"; issue #2 adds POST /auth/guest and GET /api/auth/providers).
 * Each returns `{token, user}` or throws an Error whose message is the server's text or the
 * screen's fallback ('Login failed', 'Signup failed').
 */
import type { AuthResponse } from '@mathsprint/shared/protocol';
import { api } from '../../../lib/api';
import { authResponseSchema } from './schemas';

function parseAuth(data: unknown, fallback: string): AuthResponse {
  const parsed = authResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error(fallback);
  return parsed.data;
}

/** POST /login {email, password}. Fallback message 'Login failed' (spec §2 Login, §8). */
export async function login(body: { email: string; password: string }): Promise<AuthResponse> {
  return parseAuth(await api.post<unknown>('/login', body, 'Login failed'), 'Login failed');
}

/** POST /signup {name, email, password}. Fallback message 'Signup failed' (spec §2 Signup, §8). */
export async function signup(body: { name: string; email: string; password: string }): Promise<AuthResponse> {
  return parseAuth(await api.post<unknown>('/signup', body, 'Signup failed'), 'Signup failed');
}

/** POST /auth/guest: a guest account with a generated name (issue #2 "Guests"). */
export async function continueAsGuest(): Promise<AuthResponse> {
  const fallback = 'Could not start a guest session';
  return parseAuth(await api.post<unknown>('/auth/guest', {}, fallback), fallback);
}

/** Which federated providers the server has configured (issue #2: the Google button says so when not). */
export interface AuthProviders {
  google: boolean;
}

/**
 * GET /api/auth/providers. When the call fails the answer is unknown, and the Google button stays
 * enabled: /auth/google itself then explains (503 JSON) rather than the app hiding a working login.
 */
export async function getAuthProviders(): Promise<AuthProviders | null> {
  try {
    const data = await api.get<unknown>('/api/auth/providers');
    if (data && typeof data === 'object' && 'google' in data && typeof data.google === 'boolean') {
      return { google: data.google };
    }
    return null;
  } catch (error) {
    console.error('Failed to load sign-in providers', error);
    return null;
  }
}

/** The backend path of Google sign-in (spec §2 Login: a full-page redirect). */
export const GOOGLE_SIGN_IN_PATH = '/auth/google';
