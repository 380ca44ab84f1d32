import type { EphemeralStore } from '../../http/ephemeral-store.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditEntry } from '../audit/service.ts';

/** Failures of one account, or from one device, after which the login asks for a captcha. */
export const CAPTCHA_AFTER_FAILURES = 3;
/** Failures of one account, or from one device, within the window after which it is locked. */
export const LOCK_AFTER_FAILURES = 10;
/**
 * The same for one address: only a high ceiling against spraying, since many players share one carrier address and
 * one player's typos must not put a captcha on, or lock out, everyone behind it.
 */
export const ADDRESS_CAPTCHA_AFTER_FAILURES = 30;
export const ADDRESS_LOCK_AFTER_FAILURES = 100;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Where a sign-in comes from: the address, and the browser's device id when it has one. */
export interface SignInOrigin {
  ip: string;
  device: string | null;
}

interface Counted {
  failures: string;
  lock: string;
  captchaAfter: number;
  lockAfter: number;
}

/**
 * Brute-force protection of logins. Counts failures per account name (whether or not it exists, so a lock says
 * nothing about existence), per device (a long-lived cookie) and per address, demands a captcha after a few and
 * locks after ten in fifteen minutes; an address, shared by many players of a carrier, only at a high ceiling.
 */
export class LoginGuard {
  constructor(
    private readonly store: EphemeralStore,
    private readonly lockMs: number,
  ) {}

  private counted(accountKey: string, origin: SignInOrigin): Counted[] {
    const each = (name: string, captchaAfter: number, lockAfter: number): Counted => ({
      failures: `login:fail:${name}`,
      lock: `login:lock:${name}`,
      captchaAfter,
      lockAfter,
    });
    return [
      each(`acct:${accountKey}`, CAPTCHA_AFTER_FAILURES, LOCK_AFTER_FAILURES),
      ...(origin.device ? [each(`device:${origin.device}`, CAPTCHA_AFTER_FAILURES, LOCK_AFTER_FAILURES)] : []),
      each(`ip:${origin.ip}`, ADDRESS_CAPTCHA_AFTER_FAILURES, ADDRESS_LOCK_AFTER_FAILURES),
    ];
  }

  /** Throws ACCOUNT_LOCKED while any lock holds; returns whether a captcha is demanded. */
  async before(accountKey: string, origin: SignInOrigin): Promise<{ captchaRequired: boolean }> {
    const counted = this.counted(accountKey, origin);
    // One round trip: every login starts here.
    const found = await this.store.inspect(...counted.flatMap((c) => [c.lock, c.failures]));
    const remaining = Math.max(...counted.map((_, i) => found[2 * i]?.remainingMs ?? 0));
    if (remaining > 0) {
      throw new AppError(429, 'ACCOUNT_LOCKED', { minutes: String(Math.max(1, Math.ceil(remaining / 60_000))) });
    }
    const captchaRequired = counted.some((c, i) => Number(found[2 * i + 1]?.value ?? 0) >= c.captchaAfter);
    return { captchaRequired };
  }

  /** Records a failure; returns whether the next attempt must carry a captcha and whether this one locked. */
  async failed(accountKey: string, origin: SignInOrigin): Promise<{ captchaRequired: boolean; locked: boolean }> {
    const counted = this.counted(accountKey, origin);
    const failures = await Promise.all(counted.map((c) => this.store.increment(c.failures, FAILURE_WINDOW_MS)));
    let locked = false;
    let captchaRequired = false;
    for (const [i, c] of counted.entries()) {
      const count = failures[i] ?? 0;
      if (count >= c.captchaAfter) captchaRequired = true;
      // A lock ends the failures' window too, so a correct password works again once the lock expires.
      if (count >= c.lockAfter) {
        await this.store.put(c.lock, '1', this.lockMs);
        await this.store.remove(c.failures);
        locked = true;
      }
    }
    return { captchaRequired: locked || captchaRequired, locked };
  }

  /** An operator lifts an account's lock (the member proved who they are some other way). */
  async unlock(accountKey: string) {
    await this.store.remove(`login:lock:acct:${accountKey}`, `login:fail:acct:${accountKey}`);
  }

  async succeeded(accountKey: string) {
    await this.store.remove(`login:fail:acct:${accountKey}`);
  }
}

/**
 * The audit event of a refused sign-in. It changes only the counters of the guard, which live outside the database,
 * so it is an event of its own rather than a row of a transaction.
 */
export function failedLoginEvent(name: string, locked: boolean, ip: string): AuditEntry {
  return { actor: `member:${name.slice(0, 64)}`, action: locked ? 'member.login.locked' : 'member.login.failed', ip };
}
