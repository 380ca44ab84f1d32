import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword, verifyPassword } from '../../common/passwords.ts';
import type { OperatorIdentity } from '../../common/request-identity.ts';
import type { Database } from '../../db/schema.ts';
import { BadCredentials, NotLoggedIn } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import * as repository from './repository.ts';
import { hashToken, newSessionToken } from './tokens.ts';

const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
const IDLE_TIMEOUT_MS = 30 * 60 * 1000;

export class AdminService {
  /** Verified against when the user name is unknown, so both paths take the same time. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly audit: AuditRecorder,
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

  async login(username: string, password: string, ip: string): Promise<{ token: string; admin: OperatorIdentity }> {
    const admin = await repository.findAdminByUsername(this.db, username);
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const valid = await verifyPassword(admin?.password_hash ?? (await this.dummyHash), password);
    if (!admin || !valid) {
      await this.audit.event({ actor: `admin:${username.slice(0, 32)}`, action: 'admin.login.failed', ip });
      throw new BadCredentials();
    }
    const { token, tokenHash } = newSessionToken();
    await this.db.transaction().execute(async (trx) => {
      await repository.insertSession(trx, tokenHash, admin.id, new Date(Date.now() + ABSOLUTE_TIMEOUT_MS));
      await this.audit.record(trx, { actor: `admin:${admin.username}`, action: 'admin.login', ip });
    });
    return { token, admin: { id: admin.id, username: admin.username } };
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
