import type { CodeSent, SecurityInfo } from '@portal/shared/auth';
import type { Kysely } from 'kysely';
import type { MemberIdentity } from '../../common/request-identity.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { MemberService } from '../members/service.ts';
import type { SettingsService } from '../system/settings-service.ts';
import type { CodeSender } from './code-sender.ts';
import type { VerificationCodes } from './codes.ts';
import type { RequestContext } from './context.ts';
import type { SecurityCentre } from './security-centre.ts';

/**
 * SMS codes that prove a phone: for a registration by mobile, for a login by code or a password reset (sent
 * without a session), and for verifying the signed-in member's own number.
 */
export class MobileVerification {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly members: Pick<MemberService, 'checkMobile' | 'findByMobile' | 'realMember' | 'markMobileVerified'>,
    private readonly settings: SettingsService,
    private readonly codes: VerificationCodes,
    private readonly sender: CodeSender,
    private readonly audit: AuditRecorder,
    private readonly centre: SecurityCentre,
  ) {}

  /** SMS code for registration by mobile (REGMOBVERF3). */
  async sendRegisterCode(mobileNum: string, countryDialingCode: string, context: RequestContext): Promise<CodeSent> {
    const snapshot = await this.settings.snapshot();
    if (!snapshot.flags.MOBILENUMREG3 || !snapshot.flags.REGMOBVERF3) throw new AppError(403, 'FEATURE_DISABLED');
    const mobile = await this.members.checkMobile(mobileNum, countryDialingCode, context.language);
    if (await this.members.findByMobile(mobile.countryDialingCode, mobile.nationalNumber)) {
      throw new AppError(409, 'MOBILE_TAKEN', {}, { field: 'mobileNum' });
    }
    return this.sender.sendSms('register', mobile.countryDialingCode, mobile.nationalNumber, context.language);
  }

  /**
   * SMS code for login by code or for a password reset by mobile. A number with no account gets the same answer
   * and no message, so this call does not tell who is registered.
   */
  async sendNoLoginCode(
    mobileNum: string,
    countryDialingCode: string,
    purpose: 'login' | 'forget',
    context: RequestContext,
  ): Promise<CodeSent> {
    const snapshot = await this.settings.snapshot();
    const flag = purpose === 'login' ? snapshot.flags.MOBILEVERCODELOGIN3 : snapshot.flags.CHNGPASSVERIF3;
    if (!flag) throw new AppError(403, 'FEATURE_DISABLED');
    const mobile = await this.members.checkMobile(mobileNum, countryDialingCode, context.language);
    const member = await this.members.findByMobile(mobile.countryDialingCode, mobile.nationalNumber);
    if (member?.status !== 'active') {
      await this.sender.throttle(`${mobile.countryDialingCode}${mobile.nationalNumber}`);
      return { expiredMinutes: snapshot.get('registration').codeExpiredMinutes };
    }
    return this.sender.sendSms(purpose, mobile.countryDialingCode, mobile.nationalNumber, context.language);
  }

  /** Checks the SMS code of a registration by mobile; the caller has validated the number into its stored form. */
  async consumeRegisterCode(countryDialingCode: string, mobileNum: string, code: string | undefined) {
    await this.codes.consume('register', `${countryDialingCode}${mobileNum}`, code);
  }

  /** Sends a code to the member's own, not yet verified, mobile number. */
  async sendToOwnMobile(identity: MemberIdentity, context: RequestContext): Promise<CodeSent> {
    const member = await this.members.realMember(identity);
    if (!member.mobile_num || !member.country_dialing_code || member.mobile_verified) {
      throw new AppError(400, 'FACTOR_UNAVAILABLE');
    }
    if (await this.members.findByMobile(member.country_dialing_code, member.mobile_num)) {
      throw new AppError(409, 'MOBILE_TAKEN', {}, { field: 'mobileNum' });
    }
    return this.sender.sendSms('register', member.country_dialing_code, member.mobile_num, context.language);
  }

  /** Marks the member's mobile number verified with the code sent to it. */
  async verifyOwnMobile(identity: MemberIdentity, code: string, ip: string): Promise<SecurityInfo> {
    const member = await this.members.realMember(identity);
    if (!member.mobile_num || !member.country_dialing_code || member.mobile_verified) {
      throw new AppError(400, 'FACTOR_UNAVAILABLE');
    }
    const codeId = await this.codes.check('register', `${member.country_dialing_code}${member.mobile_num}`, code);
    await this.db.transaction().execute(async (trx) => {
      await this.codes.use(trx, codeId);
      await this.members.markMobileVerified(member.id, trx);
      await this.audit.record(trx, { actor: `member:${member.account}`, action: 'member.mobile.verified', ip });
    });
    return this.centre.info(identity);
  }
}
