import type { SecondFactor, SecurityInfo } from '@portal/shared/auth';
import type { MemberIdentity } from '../../common/request-identity.ts';
import { maskEmail, maskMobile } from '../../common/secrets.ts';
import type { MemberRow, MemberService } from '../members/service.ts';

/** The second factors a member can prove at a sign-in from a new address. */
export function factorsOf(member: MemberRow): SecondFactor[] {
  const factors: SecondFactor[] = [];
  if (member.totp_enabled) factors.push('totp');
  if (member.mobile_num && member.mobile_verified) factors.push('sms');
  if (member.email) factors.push('email');
  if (member.payee_name) factors.push('bankName');
  return factors;
}

/** What the security centre shows a member: their factors, masked contacts and recent sign-in addresses. */
export class SecurityCentre {
  constructor(private readonly members: Pick<MemberService, 'realMember' | 'recentIps'>) {}

  async info(identity: MemberIdentity): Promise<SecurityInfo> {
    const member = await this.members.realMember(identity);
    const recent = await this.members.recentIps(member.id);
    return {
      totpEnabled: member.totp_enabled,
      totpAlways: member.totp_always,
      factors: factorsOf(member),
      maskedMobile: maskMobile(member.country_dialing_code, member.mobile_num),
      mobileVerified: member.mobile_verified,
      hasPaymentPassword: member.payment_password_hash !== null,
      maskedEmail: maskEmail(member.email),
      recentLogins: recent.map((r) => ({ ip: r.ip, at: new Date(r.last_seen_at).toISOString() })),
    };
  }
}
