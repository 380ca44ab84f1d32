import { randomBytes } from 'node:crypto';
import type { TotpSetup } from '@portal/shared/auth';
import type { Kysely } from 'kysely';
import { hashPassword, verifyPassword } from '../../common/passwords.ts';
import type { OperatorIdentity } from '../../common/request-identity.ts';
import { acceptTotpCode, newTotpSetup } from '../../common/totp.ts';
import type { Database } from '../../db/schema.ts';
import type { EphemeralStore } from '../../http/ephemeral-store.ts';
import { AppError, BadCredentials, NotLoggedIn } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import * as repository from './repository.ts';
import { hashToken, newSessionToken } from './tokens.ts';

/** An operator's password: a passphrase, longer than a player's. */
export const OPERATOR_PASSWORD_MIN = 10;
const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** Wrong passwords for one operator name before it locks; each later one locks it twice as long, up to an hour. */
const FAILURES_BEFORE_LOCK = 5;
const FIRST_LOCK_MS = 60_000;
const LONGEST_LOCK_MS = 60 * 60_000;
/** Failures are counted over this long from the first. */
const FAILURE_WINDOW_MS = 24 * 60 * 60_000;

/** How long the `failures`-th wrong password in a row locks the name: none, then 1, 2, 4 … 60 minutes. */
export function lockAfter(failures: number): number {
  if (failures < FAILURES_BEFORE_LOCK) return 0;
  return Math.min(FIRST_LOCK_MS * 2 ** (failures - FAILURES_BEFORE_LOCK), LONGEST_LOCK_MS);
}

export class AdminService {
  /** Verified against when the user name is unknown, so both paths take the same time. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly audit: AuditRecorder,
    /** Failure counts and locks, shared by every node (Redis or the database). */
    private readonly store: EphemeralStore,
  ) {}

  /**
   * Creates the first operator when there is none. Returns the generated password when none was configured,
   * so that start-up can print it once.
   */
  async ensureFirstAdmin(username: string, password: string | undefined): Promise<string | null> {
    if ((await repository.countAdmins(this.db)) > 0) return null;
    const chosen = password ?? randomBytes(12).toString('base64url');
    await repository.insertAdmin(this.db, username, await hashPassword(chosen));
    return password ? null : chosen;
  }

  /**
   * Signs an operator in. Wrong passwords are counted per operator name, whatever the address they come from: from the
   * fifth in a row the name is locked, for a minute and then twice as long after each further failure (up to an
   * hour); while locked, no password is even checked. Each lock is audited; a success clears the count.
   */
  async login(
    username: string,
    password: string,
    ip: string,
    code?: string,
  ): Promise<{ token: string; admin: OperatorIdentity }> {
    const name = username.trim().toLowerCase();
    const lockedMs = await this.store.remainingMs(this.lockKey(name));
    if (lockedMs > 0) throw new AppError(423, 'ACCOUNT_LOCKED', { minutes: String(Math.ceil(lockedMs / 60_000)) });
    const admin = await repository.findAdminByUsername(this.db, username);
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const valid = await verifyPassword(admin?.password_hash ?? (await this.dummyHash), password);
    if (!admin || !valid) {
      await this.countFailure(name, username, ip);
      throw new BadCredentials();
    }
    // An enrolled authenticator app is asked at every sign-in; a wrong code counts as a wrong password.
    if (admin.totp_enabled) {
      if (code === undefined) throw new AppError(401, 'TOTP_REQUIRED');
      if (!(await this.codeIsRight(admin, code))) {
        await this.countFailure(name, username, ip);
        throw new AppError(401, 'VERIFICATION_CODE_INVALID');
      }
    }
    const { token, tokenHash } = newSessionToken();
    await this.db.transaction().execute(async (trx) => {
      await repository.insertSession(trx, tokenHash, admin.id, new Date(Date.now() + ABSOLUTE_TIMEOUT_MS));
      await this.audit.record(trx, { actor: `admin:${admin.username}`, action: 'admin.login', ip });
    });
    await this.store.remove(this.failureKey(name));
    return { token, admin: { id: admin.id, username: admin.username } };
  }

  private async countFailure(name: string, username: string, ip: string) {
    const actor = `admin:${username.slice(0, 32)}`;
    await this.audit.event({ actor, action: 'admin.login.failed', ip });
    const lockMs = lockAfter(await this.store.increment(this.failureKey(name), FAILURE_WINDOW_MS));
    if (lockMs > 0) {
      await this.store.put(this.lockKey(name), '1', lockMs);
      await this.audit.event({ actor, action: 'admin.login.locked', detail: { minutes: lockMs / 60_000 }, ip });
    }
  }

  /** A new authenticator secret for the operator, not asked at sign-in until a code from it is confirmed. */
  async totpSetup(operator: OperatorIdentity): Promise<TotpSetup> {
    const admin = await repository.findAdminById(this.db, operator.id);
    if (admin.totp_enabled) throw new AppError(409, 'TOTP_ALREADY_ON');
    const setup = await newTotpSetup('Portal operators', admin.username);
    await repository.setTotp(this.db, admin.id, { totp_secret: setup.secret, totp_enabled: false });
    return setup;
  }

  /** Turns the authenticator app on (`enabled`, with a code from the set-up secret) or off (with a current code). */
  async totpSwitch(operator: OperatorIdentity, enabled: boolean, code: string, ip: string): Promise<void> {
    const admin = await repository.findAdminById(this.db, operator.id);
    if (enabled && admin.totp_enabled) throw new AppError(409, 'TOTP_ALREADY_ON');
    if (!admin.totp_secret || (!enabled && !admin.totp_enabled)) throw new AppError(400, 'FACTOR_UNAVAILABLE');
    if (!(await this.codeIsRight(admin, code))) throw new AppError(400, 'VERIFICATION_CODE_INVALID');
    await this.db.transaction().execute(async (trx) => {
      const values = enabled
        ? { totp_secret: admin.totp_secret, totp_enabled: true }
        : { totp_secret: null, totp_enabled: false };
      await repository.setTotp(trx, admin.id, values);
      const action = enabled ? 'admin.totp.enabled' : 'admin.totp.disabled';
      await this.audit.record(trx, { actor: `admin:${admin.username}`, action, ip });
    });
  }

  /**
   * The signed-in operator changes its password, proving it with the current one (and the app's code when one is
   * enrolled). Every other session of the operator ends: a stolen token stops working with the old password.
   */
  async changePassword(
    operator: OperatorIdentity,
    currentToken: string,
    input: { oldPassword: string; newPassword: string; code?: string },
    ip: string,
  ): Promise<{ endedSessions: number }> {
    const admin = await repository.findAdminById(this.db, operator.id);
    if (!(await verifyPassword(admin.password_hash, input.oldPassword))) throw new AppError(400, 'OLD_PASSWORD_WRONG');
    if (admin.totp_enabled) {
      if (input.code === undefined) throw new AppError(401, 'TOTP_REQUIRED');
      if (!(await this.codeIsRight(admin, input.code))) throw new AppError(400, 'VERIFICATION_CODE_INVALID');
    }
    if (input.newPassword === input.oldPassword) throw new AppError(400, 'SAME_PASSWORD');
    const hash = await hashPassword(input.newPassword);
    return this.db.transaction().execute(async (trx) => {
      await repository.setPasswordHash(trx, admin.id, hash);
      const endedSessions = await repository.deleteSessionsOf(trx, admin.id, hashToken(currentToken));
      const actor = `admin:${admin.username}`;
      await this.audit.record(trx, { actor, action: 'admin.password.changed', detail: { endedSessions }, ip });
      return { endedSessions };
    });
  }

  /**
   * Sets a forgotten password without the old one (`npm run operator:password`, on the server): every session of
   * the operator ends and a sign-in lock lifts. `clearTotp` also removes an authenticator app that was lost with it.
   * Null when there is no such operator.
   */
  async resetPassword(
    username: string,
    newPassword: string,
    options: { clearTotp?: boolean; actor?: string } = {},
  ): Promise<{ endedSessions: number } | null> {
    const admin = await repository.findAdminByUsername(this.db, username);
    if (!admin) return null;
    const hash = await hashPassword(newPassword);
    const ended = await this.db.transaction().execute(async (trx) => {
      await repository.setPasswordHash(trx, admin.id, hash);
      if (options.clearTotp) await repository.setTotp(trx, admin.id, { totp_secret: null, totp_enabled: false });
      const endedSessions = await repository.deleteSessionsOf(trx, admin.id);
      await this.audit.record(trx, {
        actor: options.actor ?? 'system:command-line',
        action: 'admin.password.reset',
        detail: { operator: admin.username, endedSessions, totpCleared: options.clearTotp === true },
      });
      return endedSessions;
    });
    const name = admin.username.trim().toLowerCase();
    await this.store.remove(this.failureKey(name), this.lockKey(name));
    return { endedSessions: ended };
  }

  private codeIsRight(admin: { id: number; totp_secret: string | null }, code: string): Promise<boolean> {
    return acceptTotpCode(this.store, admin.totp_secret, code, `admin:totp:used:${admin.id}`);
  }

  private failureKey(name: string) {
    return `admin:login:fail:${name}`;
  }

  private lockKey(name: string) {
    return `admin:login:lock:${name}`;
  }

  async authenticate(token: string): Promise<OperatorIdentity> {
    const now = new Date();
    const row = await repository.touchSession(
      this.db,
      hashToken(token),
      now,
      new Date(now.getTime() - IDLE_TIMEOUT_MS),
    );
    if (!row) throw new NotLoggedIn();
    return { id: row.id, username: row.username };
  }

  async logout(token: string, actor: { name: string; ip: string }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const ended = await repository.deleteSession(trx, hashToken(token));
      if (ended) await this.audit.record(trx, { actor: actor.name, action: 'admin.logout', ip: actor.ip });
    });
  }
}
