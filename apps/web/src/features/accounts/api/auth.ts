/**
 * Sign-in calls (spec §7 "Account"; issue #2 adds POST /auth/guest and GET /api/auth/providers).
 * Each returns `{token, user}` (parsed with authResponseSchema) or throws an ApiError whose message
 * is the server's text or the screen's fallback ('Login failed', 'Signup failed').
 */
import { authProvidersResponseSchema, authResponseSchema, type AuthProvidersResponse, type AuthResponse } from '@mathsprint/shared/protocol';
import { api } from '../../../lib/api';

/** POST /login {email, password}. Fallback message 'Login failed' (spec §2 Login, §8). */
export async function login(body: { email: string; password: string }): Promise<AuthResponse> {
  return api.post('/login', authResponseSchema, body, 'Login failed');
}

/** POST /signup {name, email, password}. Fallback message 'Signup failed' (spec §2 Signup, §8). */
export async function signup(body: { name: string; email: string; password: string }): Promise<AuthResponse> {
  return api.post('/signup', authResponseSchema, body, 'Signup failed');
}

/** POST /auth/guest: a guest account with a generated name (issue #2 "Guests"). */
export async function continueAsGuest(): Promise<AuthResponse> {
  return api.post('/auth/guest', authResponseSchema, {}, 'Could not start a guest session');
}

/** Which federated providers the server has configured (issue #2: the Google button says so when not). */
export type AuthProviders = AuthProvidersResponse;

/**
 * GET /api/auth/providers. When the call fails the answer is unknown, and the Google button stays
 * enabled: /auth/google itself then explains (503 JSON) rather than the app hiding a working login.
 */
export async function getAuthProviders(): Promise<AuthProviders | null> {
  try {
    const { google } = await api.get('/api/auth/providers', authProvidersResponseSchema);
    return { google };
  } catch (error) {
    console.error('Failed to load sign-in providers', error);
    return null;
  }
}

/** The backend path of Google sign-in (spec §2 Login: a full-page redirect). */
export const GOOGLE_SIGN_IN_PATH = '/auth/google';
