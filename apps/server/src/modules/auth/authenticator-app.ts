import type { SecurityInfo, TotpSetup } from '@portal/shared/auth';
import type { Kysely } from 'kysely';
import type { MemberIdentity } from '../../common/request-identity.ts';
import { acceptTotpCode, newTotpSetup } from '../../common/totp.ts';
import type { Database } from '../../db/schema.ts';
import type { EphemeralStore } from '../../http/ephemeral-store.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { MemberRow, MemberService, TotpValues } from '../members/service.ts';
import type { SettingsService } from '../system/settings-service.ts';
import type { SecurityCentre } from './security-centre.ts';

/** The authenticator app (TOTP): set up, confirmed, turned off, asked at every login, and its codes checked. */
export class AuthenticatorApp {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly members: Pick<MemberService, 'realMember' | 'setTotp'>,
    private readonly settings: SettingsService,
    private readonly store: EphemeralStore,
    private readonly audit: AuditRecorder,
    private readonly centre: SecurityCentre,
  ) {}

  async setup(identity: MemberIdentity): Promise<TotpSetup> {
    const member = await this.members.realMember(identity);
    if (member.totp_enabled) throw new AppError(409, 'TOTP_ALREADY_ON');
    const brand = (await this.settings.snapshot()).get('brand').brandName;
    const setup = await newTotpSetup(brand, member.account);
    await this.members.setTotp(member.id, { totp_secret: setup.secret, totp_enabled: false });
    return setup;
  }

  async enable(identity: MemberIdentity, code: string, ip: string): Promise<SecurityInfo> {
    const member = await this.members.realMember(identity);
    if (!(await this.verify(member, code))) throw new AppError(400, 'VERIFICATION_CODE_INVALID');
    await this.change(member, { totp_enabled: true }, 'member.totp.enabled', ip);
    return this.centre.info(identity);
  }

  async disable(identity: MemberIdentity, code: string, ip: string): Promise<SecurityInfo> {
    const member = await this.members.realMember(identity);
    if (!member.totp_enabled || !(await this.verify(member, code))) {
      throw new AppError(400, 'VERIFICATION_CODE_INVALID');
    }
    const off = { totp_enabled: false, totp_always: false, totp_secret: null };
    await this.change(member, off, 'member.totp.disabled', ip);
    return this.centre.info(identity);
  }

  async setAlways(identity: MemberIdentity, enabled: boolean, ip: string): Promise<SecurityInfo> {
    const member = await this.members.realMember(identity);
    if (!member.totp_enabled) throw new AppError(400, 'FACTOR_UNAVAILABLE');
    await this.change(member, { totp_always: enabled }, 'member.totp.always', ip, { enabled });
    return this.centre.info(identity);
  }

  /** A code is accepted once (a replayed code within its window is refused), one step either side. */
  verify(member: MemberRow, code: string): Promise<boolean> {
    return acceptTotpCode(this.store, member.totp_secret, code, `totp:used:${member.id}`);
  }

  private async change(
    member: MemberRow,
    values: TotpValues,
    action: string,
    ip: string,
    detail?: Record<string, unknown>,
  ) {
    await this.db.transaction().execute(async (trx) => {
      await this.members.setTotp(member.id, values, trx);
      await this.audit.record(trx, { actor: `member:${member.account}`, action, ip, detail });
    });
  }
}
