import { readStorage } from './storage';

export const SESSION_TOKEN_KEY = 'token';

/** The session token arrives with login (a later issue); until then visitors are logged out. */
export function getSessionToken(): string | null {
  return readStorage('session', SESSION_TOKEN_KEY);
}

export function isLoggedIn(): boolean {
  return Boolean(getSessionToken());
}
