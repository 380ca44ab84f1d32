import { describe, expect, it } from 'vitest';
import { forgetRememberedAccount, REMEMBER_KEY, readRememberedAccount, rememberAccount } from './remember-account';

const HOUR = 3600_000;

describe('remembered account', () => {
  it('keeps the account name for 24 hours, then drops it', () => {
    const now = Date.UTC(2025, 0, 1);
    rememberAccount('demo', now);
    expect(readRememberedAccount(now + 23 * HOUR)).toBe('demo');
    expect(readRememberedAccount(now + 24 * HOUR + 1)).toBeNull();
    expect(window.localStorage.getItem(REMEMBER_KEY)).toBeNull();
  });

  it('stores nothing but the name and its expiry', () => {
    rememberAccount('demo', 0);
    expect(JSON.parse(window.localStorage.getItem(REMEMBER_KEY) ?? '')).toEqual({
      account: 'demo',
      expiresAt: 24 * HOUR,
    });
  });

  it('forgets on request and ignores damaged entries', () => {
    rememberAccount('demo');
    forgetRememberedAccount();
    expect(readRememberedAccount()).toBeNull();
    window.localStorage.setItem(REMEMBER_KEY, '{oops');
    expect(readRememberedAccount()).toBeNull();
  });
});
