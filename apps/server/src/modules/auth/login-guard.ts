import type { EphemeralStore } from '../../http/ephemeral-store.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditEntry } from '../audit/service.ts';

/** Failures (per account and per address) after which the login asks for a captcha. */
export const CAPTCHA_AFTER_FAILURES = 3;
/** Failures within the window after which the account or address is locked. */
export const LOCK_AFTER_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Brute-force protection of logins. Counts failures per account name (whether or not it exists, so a lock says
 * nothing about existence) and per address, demands a captcha after a few and locks after ten in fifteen minutes.
 */
export class LoginGuard {
  constructor(
    private readonly store: EphemeralStore,
    private readonly lockMs: number,
  ) {}

  private keys(accountKey: string, ip: string) {
    return {
      accountFailures: `login:fail:acct:${accountKey}`,
      ipFailures: `login:fail:ip:${ip}`,
      accountLock: `login:lock:acct:${accountKey}`,
      ipLock: `login:lock:ip:${ip}`,
    };
  }

  /** Throws ACCOUNT_LOCKED while either lock holds; returns whether a captcha is demanded. */
  async before(accountKey: string, ip: string): Promise<{ captchaRequired: boolean }> {
    const k = this.keys(accountKey, ip);
    // One round trip: every login starts here.
    const [accountLock, ipLock, accountFailures, ipFailures] = await this.store.inspect(
      k.accountLock,
      k.ipLock,
      k.accountFailures,
      k.ipFailures,
    );
    const remaining = Math.max(accountLock?.remainingMs ?? 0, ipLock?.remainingMs ?? 0);
    if (remaining > 0) {
      throw new AppError(429, 'ACCOUNT_LOCKED', { minutes: String(Math.max(1, Math.ceil(remaining / 60_000))) });
    }
    const failures = Math.max(Number(accountFailures?.value ?? 0), Number(ipFailures?.value ?? 0));
    return { captchaRequired: failures >= CAPTCHA_AFTER_FAILURES };
  }

  /** Records a failure; returns whether the next attempt must carry a captcha and whether this one locked. */
  async failed(accountKey: string, ip: string): Promise<{ captchaRequired: boolean; locked: boolean }> {
    const k = this.keys(accountKey, ip);
    const [accountFailures, ipFailures] = await Promise.all([
      this.store.increment(k.accountFailures, FAILURE_WINDOW_MS),
      this.store.increment(k.ipFailures, FAILURE_WINDOW_MS),
    ]);
    let locked = false;
    // A lock ends the failures' window too, so a correct password works again once the lock expires.
    if (accountFailures >= LOCK_AFTER_FAILURES) {
      await this.store.put(k.accountLock, '1', this.lockMs);
      await this.store.remove(k.accountFailures);
      locked = true;
    }
    if (ipFailures >= LOCK_AFTER_FAILURES) {
      await this.store.put(k.ipLock, '1', this.lockMs);
      await this.store.remove(k.ipFailures);
      locked = true;
    }
    return { captchaRequired: locked || Math.max(accountFailures, ipFailures) >= CAPTCHA_AFTER_FAILURES, locked };
  }

  /** An operator lifts an account's lock (the member proved who they are some other way). */
  async unlock(accountKey: string) {
    const k = this.keys(accountKey, '');
    await this.store.remove(k.accountLock, k.accountFailures);
  }

  async succeeded(accountKey: string) {
    await this.store.remove(this.keys(accountKey, '').accountFailures);
  }
}

/**
 * The audit event of a refused sign-in. It changes only the counters of the guard, which live outside the database,
 * so it is an event of its own rather than a row of a transaction.
 */
export function failedLoginEvent(name: string, locked: boolean, ip: string): AuditEntry {
  return { actor: `member:${name.slice(0, 64)}`, action: locked ? 'member.login.locked' : 'member.login.failed', ip };
}
