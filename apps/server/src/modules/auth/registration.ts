import type { LoginSession, RegisterRequest, RegistrationType } from '@portal/shared/auth';
import { AppError } from '../../http/errors.ts';
import type { MemberService } from '../members/service.ts';
import type { RequestContext } from './context.ts';
import type { MemberSessions } from './member-sessions.ts';
import type { MobileVerification } from './mobile-verification.ts';

/**
 * A registration signs the new member in. The members module checks the form against the brand's rules and stores
 * the account; this service adds what proves the visitor (captcha, SMS code) and opens the session.
 */
export class RegistrationService {
  constructor(
    private readonly members: Pick<MemberService, 'validateRegistration' | 'createRegistered'>,
    private readonly mobile: Pick<MobileVerification, 'consumeRegisterCode'>,
    private readonly sessions: MemberSessions,
  ) {}

  async register(
    type: RegistrationType,
    body: RegisterRequest,
    captcha: { ok: () => Promise<boolean> },
    context: RequestContext,
  ): Promise<LoginSession> {
    const input = await this.members.validateRegistration(type, body, context.language);
    if (input.settings.captchaEnabled && !(await captcha.ok())) {
      throw new AppError(400, body.captcha ? 'CAPTCHA_INVALID' : 'CAPTCHA_REQUIRED', {}, { field: 'captcha' });
    }
    if (type === 'registerMobile' && input.settings.smsVerification) {
      await this.mobile.consumeRegisterCode(
        input.countryDialingCode as string,
        input.mobileNum as string,
        body.verificationCode,
      );
    }
    const member = await this.members.createRegistered(input, context.ip);
    return this.sessions.open(member, 'member', context, { mustChangePassword: false, passwordExpired: false });
  }
}
