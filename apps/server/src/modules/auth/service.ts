import { randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  CodeSent,
  LoginRequest,
  LoginSession,
  SecondFactor,
  SecondFactorChallenge,
  SecurityInfo,
  TotpSetup,
} from '@portal/shared/auth';
import type { Language } from '@portal/shared/constants';
import { checkRule, ruleMessage } from '@portal/shared/validation';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { AGENT_TYPES, accountKey, PLAYER_TYPES, TRIAL_TYPE } from '../../common/member-types.ts';
import { hashPassword, verifyPassword } from '../../common/passwords.ts';
import type { MemberIdentity, Portal } from '../../common/request-identity.ts';
import { maskEmail, maskMobile, newSecret, sha256 } from '../../common/secrets.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction, type UnitOfWork } from '../../db/unit-of-work.ts';
import type { EphemeralStore } from '../../http/ephemeral-store.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { MemberRow } from '../members/repository.ts';
import type { MemberService } from '../members/service.ts';
import type { MessagingService } from '../messaging/service.ts';
import type { SettingsService } from '../system/settings-service.ts';
import type { VerificationCodes } from './codes.ts';
import type { LoginGuard } from './login-guard.ts';
import type { SessionStore } from './sessions.ts';

/** The forced-change password of spec section 9. */
export const FORCED_CHANGE_PASSWORD = '123456';
const CHALLENGE_TTL_MS = 10 * 60 * 1000;
const CHALLENGE_MAX_ATTEMPTS = 5;
const SMS_SENDS_BEFORE_LOCK = 5;
const SMS_WINDOW_MS = 5 * 60 * 1000;
const SMS_LOCK_MS = 5 * 60 * 1000;
const SMS_THROTTLE_MS = 1000;

export interface RequestContext {
  ip: string;
  userAgent: string | undefined;
  language: Language;
}

/** What a route needs to finish a login: the answer, plus the token to set as a cookie. */
export type LoginOutcome = { session: LoginSession } | { challenge: SecondFactorChallenge };

export class AuthService {
  /** Verified against when the account is unknown, so both paths take the same time. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly members: MemberService,
    private readonly settings: SettingsService,
    private readonly sessions: SessionStore,
    private readonly codes: VerificationCodes,
    private readonly guard: LoginGuard,
    private readonly store: EphemeralStore,
    private readonly messaging: MessagingService,
    private readonly audit: AuditRecorder,
    private readonly publicUrl: string,
  ) {}

  // ---- sessions ----

  authenticate(token: string): Promise<MemberIdentity | null> {
    return this.sessions.authenticate(token);
  }

  async logout(identity: MemberIdentity, ip: string) {
    await inTransaction(this.db, async (unit) => {
      await this.sessions.revoke(identity.tokenHash, unit);
      await this.audit.record(unit.trx, { actor: `member:${identity.account}`, action: 'member.logout', ip });
    });
  }

  /** Opens a session for a member who proved who they are. */
  async openSession(
    member: MemberRow,
    portal: Portal,
    context: RequestContext,
    flags: { mustChangePassword: boolean; passwordExpired: boolean },
    action = 'member.login',
  ): Promise<LoginSession> {
    return inTransaction(this.db, (unit) => this.startSession(member, portal, context, flags, action, unit));
  }

  /** The writes of a sign-in (the session, the known address, the audit row), in the caller's unit. */
  private async startSession(
    member: MemberRow,
    portal: Portal,
    context: RequestContext,
    flags: { mustChangePassword: boolean; passwordExpired: boolean },
    action: string,
    unit: UnitOfWork,
  ): Promise<LoginSession> {
    const firstTimeLogin = member.last_login_at === null;
    const session = { memberId: member.id, portal, ip: context.ip, userAgent: context.userAgent };
    const token = await this.sessions.create({ ...session, mustChangePassword: flags.mustChangePassword }, unit);
    await this.members.markLoggedIn(member.id, context.ip, unit.trx);
    await this.audit.record(unit.trx, {
      actor: `member:${member.account}`,
      action,
      ip: context.ip,
      detail: { portal },
    });
    return {
      status: 'OK',
      token,
      userName: member.account,
      account: member.account,
      type: member.type,
      isAgent: AGENT_TYPES.includes(member.type),
      firstTimeLogin,
      passwordExpired: flags.passwordExpired,
      mustChangePassword: flags.mustChangePassword,
    };
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

  // ---- login ----

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
    const key = sms ? `sms:${countryDialingCode}${name}` : accountKey(name);

    const { captchaRequired } = await this.guard.before(key, context.ip);
    if (captchaRequired) {
      const solved = await captcha.ok();
      if (!solved) {
        // Counts towards the lock like a wrong password, so it is audited like one (a lock may start here).
        const failure = await this.guard.failed(key, context.ip);
        await this.auditFailure(name, failure.locked, context.ip);
        throw new AppError(
          401,
          request.captcha ? 'CAPTCHA_INVALID' : 'CAPTCHA_REQUIRED',
          {},
          { captchaRequired: true },
        );
      }
    }

    const member = sms
      ? await this.checkSmsLogin(name, countryDialingCode, request)
      : await this.checkPassword(name, request);
    if (!member) {
      const failure = await this.guard.failed(key, context.ip);
      await this.auditFailure(name, failure.locked, context.ip);
      throw new AppError(401, 'LOGIN_FAILED', {}, { captchaRequired: failure.captchaRequired });
    }

    if (member.status !== 'active') throw new AppError(403, 'ACCOUNT_DISABLED');
    if (portal === 'agent' && !AGENT_TYPES.includes(member.type)) throw new AppError(403, 'NON_AGENT');
    if (portal === 'member' && !PLAYER_TYPES.includes(member.type)) throw new AppError(403, 'NON_MEMBER');

    const passwordExpired = await this.members.passwordExpired(member);
    const mustChangePassword =
      !sms && (request.password === FORCED_CHANGE_PASSWORD || (passwordExpired && snapshot.flags.PWDEXPFORCECHANGE3));
    const flags = { mustChangePassword, passwordExpired };

    const challenge = await this.challengeIfNeeded(member, portal, context, flags, sms ? 'sms' : 'password');
    // The failures are forgiven only once the whole sign-in succeeds: wrong second factors count towards the same
    // lock, so a known password cannot open challenge after challenge to guess the factor.
    if (challenge) return { challenge };
    await this.guard.succeeded(key);
    return { session: await this.openSession(member, portal, context, flags) };
  }

  /** A refused sign-in changes only the counters of the login guard, which live outside the database. */
  private auditFailure(name: string, locked: boolean, ip: string) {
    return this.audit.event({
      actor: `member:${name.slice(0, 64)}`,
      action: locked ? 'member.login.locked' : 'member.login.failed',
      ip,
    });
  }

  private async checkPassword(name: string, request: LoginRequest): Promise<MemberRow | null> {
    const member = name ? await this.members.findByAccount(name) : undefined;
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const hash = member?.password_hash ?? (await this.dummyHash);
    const valid = await verifyPassword(hash, request.password ?? '');
    return member?.password_hash && valid ? member : null;
  }

  private async checkSmsLogin(mobile: string, countryDialingCode: string, request: LoginRequest) {
    try {
      await this.codes.consume('login', `${countryDialingCode}${mobile}`, request.verificationCode);
    } catch (error) {
      // A missing code is the caller's mistake, not a guess: say so without counting it.
      if (error instanceof AppError && error.code === 'VERIFICATION_CODE_MISSING') throw error;
      return null;
    }
    return (await this.members.findByMobile(countryDialingCode, mobile)) ?? null;
  }

  // ---- second factor ----

  private factorsOf(member: MemberRow): SecondFactor[] {
    const factors: SecondFactor[] = [];
    if (member.totp_enabled) factors.push('totp');
    if (member.mobile_num && member.mobile_verified) factors.push('sms');
    if (member.email) factors.push('email');
    if (member.payee_name) factors.push('bankName');
    return factors;
  }

  /**
   * The second factor a sign-in needs, if any. `via` says how the first factor was proved: an SMS code has proved
   * the phone; a social sign-in was checked by the identity provider, so only the member's own choice of the
   * authenticator app at every login applies to it.
   */
  async challengeIfNeeded(
    member: MemberRow,
    portal: Portal,
    context: RequestContext,
    flags: { mustChangePassword: boolean; passwordExpired: boolean },
    via: 'password' | 'sms' | 'social',
  ): Promise<SecondFactorChallenge | null> {
    let reason: SecondFactorChallenge['reason'] | null = null;
    let methods: SecondFactor[] = [];
    if (member.totp_enabled && member.totp_always) {
      reason = 'ALWAYS';
      methods = ['totp'];
    } else if (via !== 'social') {
      const { known, any } = await this.members.knowsIp(member.id, context.ip);
      // A member with no sign-in history yet (an operator-made account) has no address to compare with.
      // An SMS-code login has already proved the phone, so only the other factors would add anything.
      const factors = this.factorsOf(member).filter((f) => !(via === 'sms' && f === 'sms'));
      if (!known && any && factors.length > 0) {
        reason = 'NEW_IP';
        methods = factors;
      }
    }
    if (!reason) return null;
    const { secret, hash } = newSecret();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('login_challenges')
        .values({
          id_hash: hash,
          member_id: member.id,
          portal,
          ip: context.ip,
          methods,
          reason,
          must_change_password: flags.mustChangePassword,
          password_expired: flags.passwordExpired,
          expires_at: new Date(Date.now() + CHALLENGE_TTL_MS),
        })
        .execute();
      await this.audit.record(trx, {
        actor: `member:${member.account}`,
        action: 'member.2fa.challenge',
        ip: context.ip,
        detail: { reason, methods },
      });
    });
    return {
      status: 'SECOND_FACTOR',
      challengeId: secret,
      methods,
      maskedMobile: methods.includes('sms') ? maskMobile(member.country_dialing_code, member.mobile_num) : null,
      maskedEmail: methods.includes('email') ? maskEmail(member.email) : null,
      reason,
    };
  }

  private async loadChallenge(challengeId: string, ip: string) {
    const challenge = await this.db
      .selectFrom('login_challenges')
      .selectAll()
      .where('id_hash', '=', sha256(challengeId))
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (!challenge || challenge.ip !== ip || challenge.attempts >= CHALLENGE_MAX_ATTEMPTS) {
      throw new AppError(401, 'CHALLENGE_EXPIRED');
    }
    const member = await this.members.findById(challenge.member_id);
    if (member?.status !== 'active') throw new AppError(401, 'CHALLENGE_EXPIRED');
    return { challenge, member };
  }

  async sendSecondFactorCode(challengeId: string, method: 'sms' | 'email', context: RequestContext): Promise<CodeSent> {
    const { challenge, member } = await this.loadChallenge(challengeId, context.ip);
    if (!challenge.methods.includes(method)) throw new AppError(400, 'FACTOR_UNAVAILABLE');
    const expiredMinutes = (await this.settings.snapshot()).get('registration').codeExpiredMinutes;
    const target = `${challenge.id_hash}:${method}`;
    // Limited per destination (the phone or the member's mailbox), as every other code, not per challenge: each
    // login opens a new challenge, which would otherwise bring a fresh allowance of messages.
    const mobile = `${member.country_dialing_code}${member.mobile_num}`;
    await this.throttleSends(method === 'sms' ? mobile : `mail:${member.id}`);
    const code = await this.codes.issue('second-factor', target, expiredMinutes);
    await this.messaging.send(
      method === 'sms'
        ? {
            channel: 'sms',
            recipient: mobile,
            body: this.codeText(code, expiredMinutes, context.language),
          }
        : {
            channel: 'email',
            recipient: member.email as string,
            subject: context.language === 'bn' ? 'লগইন যাচাই কোড' : 'Your login code',
            body: this.codeText(code, expiredMinutes, context.language),
          },
    );
    return { expiredMinutes };
  }

  async completeSecondFactor(
    input: { challengeId: string; method: SecondFactor; code: string },
    context: RequestContext,
  ): Promise<LoginSession> {
    const { challenge, member } = await this.loadChallenge(input.challengeId, context.ip);
    if (!challenge.methods.includes(input.method)) throw new AppError(400, 'FACTOR_UNAVAILABLE');
    const passed = await this.checkFactor(member, challenge.id_hash, input.method, input.code);
    if (!passed) {
      const updated = await this.db.transaction().execute(async (trx) => {
        const counted = await trx
          .updateTable('login_challenges')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id_hash', '=', challenge.id_hash)
          .returning('attempts')
          .executeTakeFirst();
        await this.audit.record(trx, {
          actor: `member:${member.account}`,
          action: 'member.2fa.failed',
          ip: context.ip,
        });
        return counted;
      });
      const failure = await this.guard.failed(accountKey(member.account), context.ip);
      if (failure.locked) await this.auditFailure(member.account, true, context.ip);
      if (!updated || updated.attempts >= CHALLENGE_MAX_ATTEMPTS) throw new AppError(401, 'CHALLENGE_EXPIRED');
      throw new AppError(400, 'VERIFICATION_CODE_INVALID');
    }
    const session = await inTransaction(this.db, async (unit) => {
      // Deleting the challenge is what makes it single-use: of two simultaneous completions only one deletes it.
      const removed = await unit.trx
        .deleteFrom('login_challenges')
        .where('id_hash', '=', challenge.id_hash)
        .executeTakeFirst();
      if (removed.numDeletedRows === 0n) throw new AppError(401, 'CHALLENGE_EXPIRED');
      await this.audit.record(unit.trx, {
        actor: `member:${member.account}`,
        action: 'member.2fa.passed',
        ip: context.ip,
        detail: { method: input.method },
      });
      const flags = { mustChangePassword: challenge.must_change_password, passwordExpired: challenge.password_expired };
      return this.startSession(member, challenge.portal, context, flags, 'member.login', unit);
    });
    await this.guard.succeeded(accountKey(member.account));
    return session;
  }

  private async checkFactor(member: MemberRow, challengeHash: string, method: SecondFactor, code: string) {
    switch (method) {
      case 'totp':
        return this.totpValid(member, code);
      case 'sms':
      case 'email':
        try {
          await this.codes.consume('second-factor', `${challengeHash}:${method}`, code);
          return true;
        } catch {
          return false;
        }
      case 'bankName': {
        const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
        const expected = Buffer.from(sha256(normalise(member.payee_name ?? '')), 'hex');
        return Boolean(member.payee_name) && timingSafeEqual(expected, Buffer.from(sha256(normalise(code)), 'hex'));
      }
    }
  }

  /** A TOTP code is accepted once (a replayed code within its window is refused), one step either side. */
  private async totpValid(member: MemberRow, code: string): Promise<boolean> {
    if (!member.totp_secret || !/^\d{6}$/.test(code)) return false;
    const result = await verifyTotp({ secret: member.totp_secret, token: code, epochTolerance: 30 }).catch(() => null);
    if (!result?.valid) return false;
    return this.store.put(`totp:used:${member.id}:${code}`, '1', 120_000, true);
  }

  // ---- SMS and e-mail codes ----

  private codeText(code: string, minutes: number, language: Language) {
    return language === 'bn'
      ? `আপনার যাচাই কোড ${code}। ${minutes} মিনিটের মধ্যে ব্যবহার করুন। কাউকে জানাবেন না।`
      : `Your verification code is ${code}. It expires in ${minutes} minutes. Never share it.`;
  }

  /** One send per second per destination, and a five-minute lock after five sends in five minutes. */
  private async throttleSends(target: string) {
    if ((await this.store.remainingMs(`sms:lock:${target}`)) > 0) throw new AppError(429, 'RATE_LIMITED');
    if (!(await this.store.put(`sms:last:${target}`, '1', SMS_THROTTLE_MS, true))) {
      throw new AppError(429, 'RATE_LIMITED');
    }
    const sends = await this.store.increment(`sms:count:${target}`, SMS_WINDOW_MS);
    if (sends > SMS_SENDS_BEFORE_LOCK) {
      await this.store.put(`sms:lock:${target}`, '1', SMS_LOCK_MS);
      throw new AppError(429, 'RATE_LIMITED');
    }
  }

  private async checkMobile(mobileNum: string, countryDialingCode: string, language: Language) {
    const rules = await this.members.rules();
    if (!mobileNum) throw new AppError(400, 'PHONE_MISSING', {}, { field: 'mobileNum' });
    const rule = { ...rules.fields.mobileNum, enabled: true, required: true };
    if (checkRule(rule, mobileNum) || !rules.countryDialingCodes.includes(countryDialingCode)) {
      throw new AppError(400, 'PHONE_INVALID', {}, { field: 'mobileNum', hint: ruleMessage(rule, language) });
    }
    return rules;
  }

  /** SMS code for registration by mobile (REGMOBVERF3). */
  async sendRegisterSms(mobileNum: string, countryDialingCode: string, context: RequestContext): Promise<CodeSent> {
    const snapshot = await this.settings.snapshot();
    if (!snapshot.flags.MOBILENUMREG3 || !snapshot.flags.REGMOBVERF3) throw new AppError(403, 'FEATURE_DISABLED');
    await this.checkMobile(mobileNum, countryDialingCode, context.language);
    if (await this.members.findByMobile(countryDialingCode, mobileNum)) {
      throw new AppError(409, 'MOBILE_TAKEN', {}, { field: 'mobileNum' });
    }
    return this.sendSms('register', countryDialingCode, mobileNum, context.language);
  }

  /**
   * SMS code for login by code or for a password reset by mobile. A number with no account gets the same answer
   * and no message, so this call does not tell who is registered.
   */
  async sendNoLoginSms(
    mobileNum: string,
    countryDialingCode: string,
    purpose: 'login' | 'forget',
    context: RequestContext,
  ): Promise<CodeSent> {
    const snapshot = await this.settings.snapshot();
    const flag = purpose === 'login' ? snapshot.flags.MOBILEVERCODELOGIN3 : snapshot.flags.CHNGPASSVERIF3;
    if (!flag) throw new AppError(403, 'FEATURE_DISABLED');
    await this.checkMobile(mobileNum, countryDialingCode, context.language);
    const member = await this.members.findByMobile(countryDialingCode, mobileNum);
    if (member?.status !== 'active') {
      await this.throttleSends(`${countryDialingCode}${mobileNum}`);
      return { expiredMinutes: snapshot.get('registration').codeExpiredMinutes };
    }
    return this.sendSms(purpose, countryDialingCode, mobileNum, context.language);
  }

  private async sendSms(
    purpose: 'register' | 'login' | 'forget',
    countryDialingCode: string,
    mobileNum: string,
    language: Language,
  ): Promise<CodeSent> {
    const target = `${countryDialingCode}${mobileNum}`;
    await this.throttleSends(target);
    const expiredMinutes = (await this.settings.snapshot()).get('registration').codeExpiredMinutes;
    const code = await this.codes.issue(purpose, target, expiredMinutes);
    await this.messaging.send({
      channel: 'sms',
      recipient: target,
      body: this.codeText(code, expiredMinutes, language),
    });
    return { expiredMinutes };
  }

  /** Checks the SMS code of a registration by mobile; the caller has validated the number. */
  async consumeRegisterCode(countryDialingCode: string, mobileNum: string, code: string | undefined) {
    await this.codes.consume('register', `${countryDialingCode}${mobileNum}`, code);
  }

  // ---- free play ----

  /** A trial account and its session; `fund` gives it its demo balance before the session opens. */
  async freePlay(context: RequestContext, fund: (memberId: string) => Promise<void>): Promise<LoginSession> {
    const snapshot = await this.settings.snapshot();
    if (!snapshot.flags.FREEPLAY3) throw new AppError(403, 'FEATURE_DISABLED');
    const member = await this.members.createTrial(context.ip);
    await fund(member.id);
    return this.openSession(member, 'member', context, { mustChangePassword: false, passwordExpired: false });
  }

  // ---- passwords ----

  private async realMember(identity: MemberIdentity): Promise<MemberRow> {
    if (identity.type === TRIAL_TYPE) throw new AppError(403, 'NEED_REAL_ACCOUNT');
    const member = await this.members.findById(identity.id);
    if (!member) throw new AppError(401, 'NOT_LOGGED_IN');
    return member;
  }

  async changePassword(
    identity: MemberIdentity,
    body: { oldPassword?: string; newPassword: string; confirmNewPassword: string },
    context: RequestContext,
  ) {
    const member = await this.realMember(identity);
    // Right after a forced-change login the member has just typed the password, so it is not asked again; an
    // account without one (registered by mobile only, or by social sign-in) sets its first password here.
    if (member.password_hash && (!identity.mustChangePassword || body.oldPassword)) {
      if (!body.oldPassword) throw new AppError(400, 'OLD_PASSWORD_WRONG', {}, { field: 'oldPassword' });
      if (!(await this.members.passwordMatches(member, body.oldPassword))) {
        throw new AppError(400, 'OLD_PASSWORD_WRONG', {}, { field: 'oldPassword' });
      }
    }
    await this.members.checkNewPassword('newPassword', body.newPassword, context.language);
    if (body.confirmNewPassword !== body.newPassword) {
      throw new AppError(400, 'CONFIRMATION_MISMATCH', {}, { field: 'confirmNewPassword' });
    }
    await this.members.refuseSamePassword(member, body.newPassword);
    const passwordHash = await this.members.hashNewPassword(body.newPassword);
    await inTransaction(this.db, async (unit) => {
      await this.members.setPassword(member, passwordHash, unit.trx);
      await this.endOtherAccess(member.id, identity.tokenHash, unit);
      await this.sessions.clearMustChange(identity.tokenHash, unit);
      await this.audit.record(unit.trx, {
        actor: `member:${member.account}`,
        action: 'member.password.changed',
        ip: context.ip,
      });
    });
  }

  /** After a password change: other sessions end, and logins waiting for a second factor are dropped. */
  private async endOtherAccess(memberId: string, keepSession: string | null, unit: UnitOfWork) {
    await this.sessions.revokeOthers(memberId, keepSession, unit);
    await unit.trx.deleteFrom('login_challenges').where('member_id', '=', memberId).execute();
  }

  async resetByMobile(
    body: { mobileNum: string; countryDialingCode: string; verificationCode: string; newPassword: string },
    context: RequestContext,
  ): Promise<{ account: string }> {
    const snapshot = await this.settings.snapshot();
    if (!snapshot.flags.CHNGPASSVERIF3) throw new AppError(403, 'FEATURE_DISABLED');
    await this.checkMobile(body.mobileNum, body.countryDialingCode, context.language);
    await this.members.checkNewPassword('newPassword', body.newPassword, context.language);
    const member = await this.members.findByMobile(body.countryDialingCode, body.mobileNum);
    if (member) await this.members.refuseSamePassword(member, body.newPassword);
    const target = `${body.countryDialingCode}${body.mobileNum}`;
    const codeId = await this.codes.check('forget', target, body.verificationCode);
    if (member?.status !== 'active' || member.type === TRIAL_TYPE) {
      throw new AppError(400, 'VERIFICATION_CODE_INVALID');
    }
    const passwordHash = await this.members.hashNewPassword(body.newPassword);
    await inTransaction(this.db, async (unit) => {
      await this.codes.use(unit.trx, codeId);
      await this.members.setPassword(member, passwordHash, unit.trx);
      await this.endOtherAccess(member.id, null, unit);
      await this.audit.record(unit.trx, {
        actor: `member:${member.account}`,
        action: 'member.password.reset.mobile',
        ip: context.ip,
      });
    });
    return { account: member.account };
  }

  async sendResetLink(username: string, email: string, context: RequestContext) {
    const snapshot = await this.settings.snapshot();
    if (!snapshot.flags.CHNGPASSMAIL3) throw new AppError(403, 'FEATURE_DISABLED');
    const member = await this.members.emailMatches(username, email);
    if (member?.status !== 'active') throw new AppError(404, 'USER_EMAIL_NOT_FOUND');
    await this.throttleSends(`mail:${member.id}`);
    const { secret } = newSecret();
    await this.db.transaction().execute(async (trx) => {
      await this.codes.issue('reset-link', member.id, 30, secret, trx);
      await this.audit.record(trx, {
        actor: `member:${member.account}`,
        action: 'member.password.reset.mail',
        ip: context.ip,
      });
    });
    // Sent once the link exists; a provider failure is kept in the outbox, and the member may ask again.
    const link = `${this.publicUrl}/forget?resetToken=${secret}`;
    const bn = context.language === 'bn';
    await this.messaging.send({
      channel: 'email',
      recipient: member.email as string,
      subject: bn ? 'পাসওয়ার্ড রিসেট' : 'Reset your password',
      body: bn
        ? `${member.account}, নতুন পাসওয়ার্ড দিতে ৩০ মিনিটের মধ্যে এই লিঙ্কটি খুলুন: ${link}\nআপনি না চাইলে এই ই-মেইল উপেক্ষা করুন।`
        : `${member.account}, open this link within 30 minutes to set a new password: ${link}\nIf you did not ask for this, ignore this e-mail.`,
    });
  }

  async resetByLink(
    body: { token: string; newPassword: string; confirmNewPassword: string },
    context: RequestContext,
  ): Promise<{ account: string }> {
    await this.members.checkNewPassword('newPassword', body.newPassword, context.language);
    if (body.confirmNewPassword !== body.newPassword) {
      throw new AppError(400, 'CONFIRMATION_MISMATCH', {}, { field: 'confirmNewPassword' });
    }
    const linked = await this.codes.peekSecret('reset-link', body.token);
    const member = linked ? await this.members.findById(linked) : undefined;
    if (member?.status !== 'active') throw new AppError(400, 'RESET_LINK_INVALID');
    await this.members.refuseSamePassword(member, body.newPassword);
    const passwordHash = await this.members.hashNewPassword(body.newPassword);
    await inTransaction(this.db, async (unit) => {
      // Used up only now, so a refused new password does not cost the member their link.
      if ((await this.codes.consumeSecret('reset-link', body.token, unit.trx)) !== member.id) {
        throw new AppError(400, 'RESET_LINK_INVALID');
      }
      await this.members.setPassword(member, passwordHash, unit.trx);
      await this.endOtherAccess(member.id, null, unit);
      await this.audit.record(unit.trx, {
        actor: `member:${member.account}`,
        action: 'member.password.reset.link',
        ip: context.ip,
      });
    });
    return { account: member.account };
  }

  // ---- security centre ----

  /** Sends a code to the member's own, not yet verified, mobile number. */
  async sendMobileVerification(identity: MemberIdentity, context: RequestContext): Promise<CodeSent> {
    const member = await this.realMember(identity);
    if (!member.mobile_num || !member.country_dialing_code || member.mobile_verified) {
      throw new AppError(400, 'FACTOR_UNAVAILABLE');
    }
    if (await this.members.findByMobile(member.country_dialing_code, member.mobile_num)) {
      throw new AppError(409, 'MOBILE_TAKEN', {}, { field: 'mobileNum' });
    }
    return this.sendSms('register', member.country_dialing_code, member.mobile_num, context.language);
  }

  /** Marks the member's mobile number verified with the code sent to it. */
  async verifyMobile(identity: MemberIdentity, code: string, ip: string): Promise<SecurityInfo> {
    const member = await this.realMember(identity);
    if (!member.mobile_num || !member.country_dialing_code || member.mobile_verified) {
      throw new AppError(400, 'FACTOR_UNAVAILABLE');
    }
    const codeId = await this.codes.check('register', `${member.country_dialing_code}${member.mobile_num}`, code);
    await this.db.transaction().execute(async (trx) => {
      await this.codes.use(trx, codeId);
      await this.members.markMobileVerified(member.id, trx);
      await this.audit.record(trx, { actor: `member:${member.account}`, action: 'member.mobile.verified', ip });
    });
    return this.security(identity);
  }

  async security(identity: MemberIdentity): Promise<SecurityInfo> {
    const member = await this.realMember(identity);
    const recent = await this.members.recentIps(member.id);
    return {
      totpEnabled: member.totp_enabled,
      totpAlways: member.totp_always,
      factors: this.factorsOf(member),
      maskedMobile: maskMobile(member.country_dialing_code, member.mobile_num),
      mobileVerified: member.mobile_verified,
      hasPaymentPassword: member.payment_password_hash !== null,
      maskedEmail: maskEmail(member.email),
      recentLogins: recent.map((r) => ({ ip: r.ip, at: new Date(r.last_seen_at).toISOString() })),
    };
  }

  async setupTotp(identity: MemberIdentity): Promise<TotpSetup> {
    const member = await this.realMember(identity);
    if (member.totp_enabled) throw new AppError(409, 'TOTP_ALREADY_ON');
    const secret = generateSecret();
    const brand = (await this.settings.snapshot()).get('brand').brandName;
    const otpauthUrl = generateURI({ issuer: brand, label: member.account, secret });
    await this.members.setTotp(member.id, { totp_secret: secret, totp_enabled: false });
    return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
  }

  async enableTotp(identity: MemberIdentity, code: string, ip: string): Promise<SecurityInfo> {
    const member = await this.realMember(identity);
    if (!(await this.totpValid(member, code))) throw new AppError(400, 'VERIFICATION_CODE_INVALID');
    await this.changeTotp(member, { totp_enabled: true }, 'member.totp.enabled', ip);
    return this.security(identity);
  }

  async disableTotp(identity: MemberIdentity, code: string, ip: string): Promise<SecurityInfo> {
    const member = await this.realMember(identity);
    if (!member.totp_enabled || !(await this.totpValid(member, code))) {
      throw new AppError(400, 'VERIFICATION_CODE_INVALID');
    }
    const off = { totp_enabled: false, totp_always: false, totp_secret: null };
    await this.changeTotp(member, off, 'member.totp.disabled', ip);
    return this.security(identity);
  }

  async setTotpAlways(identity: MemberIdentity, enabled: boolean, ip: string): Promise<SecurityInfo> {
    const member = await this.realMember(identity);
    if (!member.totp_enabled) throw new AppError(400, 'FACTOR_UNAVAILABLE');
    await this.changeTotp(member, { totp_always: enabled }, 'member.totp.always', ip, { enabled });
    return this.security(identity);
  }

  private async changeTotp(
    member: MemberRow,
    values: Parameters<MemberService['setTotp']>[1],
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
