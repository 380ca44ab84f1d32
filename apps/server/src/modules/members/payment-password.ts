import { createHash, createHmac, randomBytes } from 'node:crypto';
import { PAYMENT_PASSWORD_PATTERN } from '@portal/shared/wallet';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { AuditRecorder } from '../../common/audit.ts';
import { hashPassword, verifyPassword } from '../../common/passwords.ts';
import type { Database } from '../../db/schema.ts';
import type { EphemeralStore } from '../../http/ephemeral-store.ts';
import { AppError } from '../../http/errors.ts';

const MAX_FAILURES = 5;
const LOCK_MS = 15 * 60_000;
/** How long a verified password is remembered, so a run of transfers does not pay for argon2 each time. */
const VERIFIED_MS = 5 * 60_000;

/**
 * The 6-digit payment password that guards withdrawals, transfers and bound accounts. Five wrong tries lock it for
 * 15 minutes (counted in the shared ephemeral store, Redis or the database, so every API node sees the same count).
 *
 * A correct password is remembered for a few minutes in this process's memory, so a run of transfers does not pay
 * for argon2, nor for a read of the shared store, each time. Remembering is this node's own shortcut: another node
 * simply verifies again, and the statement that moves the money checks that the stored hash is still the one that
 * was verified (member_transfer_allowed). A wrong try on this node forgets the member's remembered password, so the
 * next try is a full verification that sees the lock; a lock reached on another node is seen by this node's
 * shortcut only after it expires, and the shortcut needs the right password anyway.
 */
export class PaymentPasswords {
  /** Keys the remembered verifications, so memory holds no password nor a hash that could be brute-forced offline. */
  private readonly secret = randomBytes(32);
  /** Member id → the last password verified (keyed with `secret`) and the fingerprint of the stored hash it matched. */
  private readonly remembered = new LRUCache<string, { passwordMac: string; fingerprint: string }>({
    max: 100_000,
    ttl: VERIFIED_MS,
  });

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EphemeralStore,
    private readonly audit: AuditRecorder,
  ) {}

  /** Sets or changes it; the member proves who they are with the login password. */
  async set(
    memberId: string,
    body: { loginPassword: string; newPaymentPassword: string; confirmPaymentPassword: string },
    ip: string,
  ): Promise<void> {
    if (!PAYMENT_PASSWORD_PATTERN.test(body.newPaymentPassword)) throw new AppError(400, 'PAYMENT_PASSWORD_FORMAT');
    if (body.newPaymentPassword !== body.confirmPaymentPassword) throw new AppError(400, 'CONFIRMATION_MISMATCH');
    const member = await this.db
      .selectFrom('members')
      .select(['account', 'password_hash'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    await this.refuseWhileLocked(memberId);
    if (!member.password_hash || !(await verifyPassword(member.password_hash, body.loginPassword))) {
      await this.countFailure(memberId);
      throw new AppError(400, 'OLD_PASSWORD_WRONG');
    }
    const hash = await hashPassword(body.newPaymentPassword);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('members').set({ payment_password_hash: hash }).where('id', '=', memberId).execute();
      await this.audit.record(trx, { actor: `member:${member.account}`, action: 'member.payment_password.set', ip });
    });
    await this.store.remove(this.failureKey(memberId));
  }

  /** Throws unless `password` is the member's payment password (`storedHash` when the caller already read it). */
  async verify(memberId: string, password: string, storedHash?: string | null): Promise<void> {
    await this.refuseWhileLocked(memberId);
    const member =
      storedHash === undefined
        ? await this.db
            .selectFrom('members')
            .select('payment_password_hash')
            .where('id', '=', memberId)
            .executeTakeFirstOrThrow()
        : { payment_password_hash: storedHash };
    if (!member.payment_password_hash) throw new AppError(400, 'PAYMENT_PASSWORD_NOT_SET');
    // Only a correct password is remembered, with the stored hash it matched: a wrong one always costs a full argon2
    // check and counts towards the lock, and a changed password invalidates what was remembered.
    const fingerprint = storedHashFingerprint(member.payment_password_hash);
    if (this.rememberedFingerprint(memberId, password) === fingerprint) return;
    if (!PAYMENT_PASSWORD_PATTERN.test(password) || !(await verifyPassword(member.payment_password_hash, password))) {
      const failures = await this.countFailure(memberId);
      throw new AppError(400, 'PAYMENT_PASSWORD_WRONG', { left: String(Math.max(0, MAX_FAILURES - failures)) });
    }
    await this.store.remove(this.failureKey(memberId));
    this.remembered.set(memberId, { passwordMac: this.passwordMac(password), fingerprint });
  }

  /** Whether the member has set a payment password (the withdrawal form asks before offering the button). */
  async isSet(memberId: string): Promise<boolean> {
    const member = await this.db
      .selectFrom('members')
      .select('payment_password_hash')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    return member.payment_password_hash !== null;
  }

  /**
   * Without reading anything: when `password` was verified for the member on this node in the last minutes, the
   * fingerprint of the stored hash it matched (the caller checks in its own statement that the stored hash is still
   * that one, see member_transfer_allowed); null when a full `verify` is needed.
   */
  rememberedFingerprint(memberId: string, password: string): string | null {
    const remembered = this.remembered.get(memberId);
    return remembered?.passwordMac === this.passwordMac(password) ? remembered.fingerprint : null;
  }

  private passwordMac(password: string): string {
    return createHmac('sha256', this.secret).update(password).digest('hex');
  }

  private failureKey(memberId: string) {
    return `paypw:fail:${memberId}`;
  }

  private countFailure(memberId: string): Promise<number> {
    this.remembered.delete(memberId);
    return this.store.increment(this.failureKey(memberId), LOCK_MS);
  }

  private async refuseWhileLocked(memberId: string) {
    if ((await this.store.count(this.failureKey(memberId))) >= MAX_FAILURES) {
      throw new AppError(423, 'PAYMENT_PASSWORD_LOCKED', { minutes: String(LOCK_MS / 60_000) });
    }
  }
}

/**
 * What a remembered verification records of the stored hash (hex SHA-256), the same as member_transfer_allowed
 * computes in SQL.
 */
function storedHashFingerprint(storedHash: string): string {
  return createHash('sha256').update(storedHash, 'utf8').digest('hex');
}
