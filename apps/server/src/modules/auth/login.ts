import { randomBytes } from 'node:crypto';
import type { LoginRequest } from '@portal/shared/auth';
import { type MobileNumber, mobileInvalidMessage, parseMobile } from '@portal/shared/phone';
import type { Kysely } from 'kysely';
import { AGENT_TYPES, accountKey, PLAYER_TYPES } from '../../common/member-types.ts';
import { hashPassword, verifyPassword } from '../../common/passwords.ts';
import type { Portal } from '../../common/request-identity.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { MemberRow, MemberService } from '../members/service.ts';
import type { SettingsService } from '../system/settings-service.ts';
import type { VerificationCodes } from './codes.ts';
import type { LoginOutcome, RequestContext } from './context.ts';
import { failedLoginEvent, type LoginGuard } from './login-guard.ts';
import type { MemberSessions } from './member-sessions.ts';
import type { SecondFactorService } from './second-factor.ts';

/** The forced-change password of spec section 9. */
export const FORCED_CHANGE_PASSWORD = '123456';

/** Sign-in by password or SMS code, behind the login guard, and the operator's lifting of a login lock. */
export class LoginService {
  /** Verified against when the account is unknown, so both paths take the same time. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly members: Pick<MemberService, 'findByAccount' | 'findByMobile' | 'passwordExpired'>,
    private readonly settings: SettingsService,
    private readonly sessions: MemberSessions,
    private readonly secondFactor: Pick<SecondFactorService, 'challengeIfNeeded'>,
    private readonly codes: VerificationCodes,
    private readonly guard: LoginGuard,
    private readonly audit: AuditRecorder,
  ) {}

  async login(
    request: LoginRequest,
    captcha: { ok: () => Promise<boolean> },
    context: RequestContext,
  ): Promise<LoginOutcome> {
    const snapshot = await this.settings.snapshot();
    const portal: Portal = request.portal ?? 'member';
    const sms = request.type === 'sms';
    if (sms && !snapshot.flags.MOBILEVERCODELOGIN3) throw new AppError(403, 'FEATURE_DISABLED');
    const countryDialingCode = request.countryDialingCode ?? snapshot.get('registration').defaultCountryDialingCode;
    const name = request.username.trim();
    // A number, however it was typed, is one key: the lock cannot be dodged by writing it another way.
    const mobile = parseMobile(name, countryDialingCode);
    if (sms && !mobile) {
      if (!name) throw new AppError(400, 'PHONE_MISSING', {}, { field: 'mobileNum' });
      throw new AppError(
        400,
        'PHONE_INVALID',
        {},
        { field: 'mobileNum', hint: mobileInvalidMessage(context.language) },
      );
    }
    const key = mobile
      ? sms
        ? `sms:${mobile.countryDialingCode}${mobile.nationalNumber}`
        : accountKey(mobile.nationalNumber)
      : accountKey(name);

    const { captchaRequired } = await this.guard.before(key, context);
    if (captchaRequired) {
      const solved = await captcha.ok();
      if (!solved) {
        // Counts towards the lock like a wrong password, so it is audited like one (a lock may start here).
        const failure = await this.guard.failed(key, context);
        await this.audit.event(failedLoginEvent(name, failure.locked, context.ip));
        throw new AppError(
          401,
          request.captcha ? 'CAPTCHA_INVALID' : 'CAPTCHA_REQUIRED',
          {},
          { captchaRequired: true },
        );
      }
    }

    const member =
      sms && mobile ? await this.checkSmsLogin(mobile, request) : await this.checkPassword(name, mobile, request);
    if (!member) {
      const failure = await this.guard.failed(key, context);
      await this.audit.event(failedLoginEvent(name, failure.locked, context.ip));
      throw new AppError(401, 'LOGIN_FAILED', {}, { captchaRequired: failure.captchaRequired });
    }

    if (member.status !== 'active') throw new AppError(403, 'ACCOUNT_DISABLED');
    if (portal === 'agent' && !AGENT_TYPES.includes(member.type)) throw new AppError(403, 'NON_AGENT');
    if (portal === 'member' && !PLAYER_TYPES.includes(member.type)) throw new AppError(403, 'NON_MEMBER');

    const passwordExpired = await this.members.passwordExpired(member);
    const mustChangePassword =
      !sms && (request.password === FORCED_CHANGE_PASSWORD || (passwordExpired && snapshot.flags.PWDEXPFORCECHANGE3));
    const flags = { mustChangePassword, passwordExpired };

    const challenge = await this.secondFactor.challengeIfNeeded(
      member,
      portal,
      context,
      flags,
      sms ? 'sms' : 'password',
    );
    // The failures are forgiven only once the whole sign-in succeeds: wrong second factors count towards the same
    // lock, so a known password cannot open challenge after challenge to guess the factor.
    if (challenge) return { challenge };
    await this.guard.succeeded(key);
    return { session: await this.sessions.open(member, portal, context, flags) };
  }

  async unlock(account: string, actor: string) {
    // The lock lives in the ephemeral store (Redis, or a table written outside this transaction): it is lifted only
    // once the row is committed, so no lock is ever lifted unaudited; a failure to lift it then answers an error
    // and the operator tries again.
    await this.db
      .transaction()
      .execute((trx) => this.audit.record(trx, { actor, action: 'member.login.unlocked', detail: { account } }));
    await this.guard.unlock(accountKey(account));
  }

  /**
   * An account registered by mobile is named by the stored number (`1743529090`); a player signs in with it the
   * way they dial it (`01743529090`) too. A name that exists as typed is that account.
   */
  private async checkPassword(
    name: string,
    mobile: MobileNumber | null,
    request: LoginRequest,
  ): Promise<MemberRow | null> {
    const member = name
      ? ((await this.members.findByAccount(name)) ??
        (mobile && mobile.nationalNumber !== name
          ? await this.members.findByAccount(mobile.nationalNumber)
          : undefined))
      : undefined;
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const hash = member?.password_hash ?? (await this.dummyHash);
    const valid = await verifyPassword(hash, request.password ?? '');
    return member?.password_hash && valid ? member : null;
  }

  private async checkSmsLogin(mobile: MobileNumber, request: LoginRequest) {
    const { countryDialingCode, nationalNumber } = mobile;
    try {
      await this.codes.consume('login', `${countryDialingCode}${nationalNumber}`, request.verificationCode);
    } catch (error) {
      // A missing code is the caller's mistake, not a guess: say so without counting it.
      if (error instanceof AppError && error.code === 'VERIFICATION_CODE_MISSING') throw error;
      return null;
    }
    return (await this.members.findByMobile(countryDialingCode, nationalNumber)) ?? null;
  }
}
