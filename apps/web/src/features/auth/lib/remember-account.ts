import { TIMING } from '@portal/shared/constants';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

/**
 * 'Remember' keeps the account name, never the password, for 24 hours (spec section 9; the spec's
 * remembered-password cookie is replaced on purpose, see docs/decisions.md).
 */
export const REMEMBER_KEY = 'loginRemember';
const LIFETIME_MS = TIMING.rememberCookieHours * 60 * 60 * 1000;

interface Remembered {
  account: string;
  expiresAt: number;
}

export function rememberAccount(account: string, now: number = Date.now()): void {
  const value: Remembered = { account, expiresAt: now + LIFETIME_MS };
  writeStorage('local', REMEMBER_KEY, JSON.stringify(value));
}

export function forgetRememberedAccount(): void {
  removeStorage('local', REMEMBER_KEY);
}

/** The remembered account name, or null when none is kept or it is older than 24 hours. */
export function readRememberedAccount(now: number = Date.now()): string | null {
  const text = readStorage('local', REMEMBER_KEY);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Remembered>;
    if (typeof value.account === 'string' && typeof value.expiresAt === 'number' && value.expiresAt > now) {
      return value.account;
    }
  } catch {
    // A damaged entry is dropped below.
  }
  forgetRememberedAccount();
  return null;
}
