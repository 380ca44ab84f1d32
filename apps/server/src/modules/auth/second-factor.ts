import { timingSafeEqual } from 'node:crypto';
import type { CodeSent, LoginSession, SecondFactor, SecondFactorChallenge } from '@portal/shared/auth';
import type { Kysely } from 'kysely';
import { accountKey } from '../../common/member-types.ts';
import type { Portal } from '../../common/request-identity.ts';
import { maskEmail, maskMobile, newSecret, sha256 } from '../../common/secrets.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/unit-of-work.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { MemberRow, MemberService } from '../members/service.ts';
import type { AuthenticatorApp } from './authenticator-app.ts';
import * as challenges from './challenges.ts';
import type { CodeSender } from './code-sender.ts';
import type { VerificationCodes } from './codes.ts';
import type { RequestContext, SignInFlags } from './context.ts';
import { failedLoginEvent, type LoginGuard } from './login-guard.ts';
import type { MemberSessions } from './member-sessions.ts';
import { factorsOf } from './security-centre.ts';

const CHALLENGE_TTL_MS = 10 * 60 * 1000;
const CHALLENGE_MAX_ATTEMPTS = 5;

/**
 * The second factor of a sign-in: whether one is needed, the challenge that waits for it, sending its code and
 * completing it. Wrong answers count towards the login lock of the account.
 */
export class SecondFactorService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly members: Pick<MemberService, 'knowsIp' | 'findById'>,
    private readonly sessions: MemberSessions,
    private readonly codes: VerificationCodes,
    private readonly sender: CodeSender,
    private readonly app: Pick<AuthenticatorApp, 'verify'>,
    private readonly guard: LoginGuard,
    private readonly audit: AuditRecorder,
  ) {}

  /**
   * The second factor a sign-in needs, if any. `via` says how the first factor was proved: an SMS code has proved
   * the phone; a social sign-in was checked by the identity provider, so only the member's own choice of the
   * authenticator app at every login applies to it.
   */
  async challengeIfNeeded(
    member: MemberRow,
    portal: Portal,
    context: RequestContext,
    flags: SignInFlags,
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
      const factors = factorsOf(member).filter((f) => !(via === 'sms' && f === 'sms'));
      if (!known && any && factors.length > 0) {
        reason = 'NEW_IP';
        methods = factors;
      }
    }
    if (!reason) return null;
    const { secret, hash } = newSecret();
    await this.db.transaction().execute(async (trx) => {
      await challenges.insert(trx, {
        id_hash: hash,
        member_id: member.id,
        portal,
        ip: context.ip,
        methods,
        reason,
        must_change_password: flags.mustChangePassword,
        password_expired: flags.passwordExpired,
        expires_at: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
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

  async sendCode(challengeId: string, method: 'sms' | 'email', context: RequestContext): Promise<CodeSent> {
    const { challenge, member } = await this.load(challengeId, context.ip);
    if (!challenge.methods.includes(method)) throw new AppError(400, 'FACTOR_UNAVAILABLE');
    const target = `${challenge.id_hash}:${method}`;
    // Limited per destination (the phone or the member's mailbox), as every other code, not per challenge: each
    // login opens a new challenge, which would otherwise bring a fresh allowance of messages.
    const mobile = `${member.country_dialing_code}${member.mobile_num}`;
    if (method === 'sms') {
      return this.sender.send(
        { purpose: 'second-factor', target, destination: mobile },
        { channel: 'sms', recipient: mobile },
        context.language,
      );
    }
    return this.sender.send(
      { purpose: 'second-factor', target, destination: `mail:${member.id}` },
      {
        channel: 'email',
        recipient: member.email as string,
        subject: context.language === 'bn' ? 'লগইন যাচাই কোড' : 'Your login code',
      },
      context.language,
    );
  }

  async complete(
    input: { challengeId: string; method: SecondFactor; code: string },
    context: RequestContext,
  ): Promise<LoginSession> {
    const { challenge, member } = await this.load(input.challengeId, context.ip);
    if (!challenge.methods.includes(input.method)) throw new AppError(400, 'FACTOR_UNAVAILABLE');
    const passed = await this.checkFactor(member, challenge.id_hash, input.method, input.code);
    if (!passed) {
      const attempts = await this.db.transaction().execute(async (trx) => {
        const counted = await challenges.countAttempt(trx, challenge.id_hash);
        await this.audit.record(trx, {
          actor: `member:${member.account}`,
          action: 'member.2fa.failed',
          ip: context.ip,
        });
        return counted;
      });
      const failure = await this.guard.failed(accountKey(member.account), context);
      if (failure.locked) await this.audit.event(failedLoginEvent(member.account, true, context.ip));
      if (attempts === undefined || attempts >= CHALLENGE_MAX_ATTEMPTS) throw new AppError(401, 'CHALLENGE_EXPIRED');
      throw new AppError(400, 'VERIFICATION_CODE_INVALID');
    }
    const session = await inTransaction(this.db, async (unit) => {
      // Removing the challenge is what makes it single-use: of two simultaneous completions only one removes it.
      if (!(await challenges.remove(unit.trx, challenge.id_hash))) throw new AppError(401, 'CHALLENGE_EXPIRED');
      await this.audit.record(unit.trx, {
        actor: `member:${member.account}`,
        action: 'member.2fa.passed',
        ip: context.ip,
        detail: { method: input.method },
      });
      const flags = { mustChangePassword: challenge.must_change_password, passwordExpired: challenge.password_expired };
      return this.sessions.start(member, challenge.portal, context, flags, 'member.login', unit);
    });
    await this.guard.succeeded(accountKey(member.account));
    return session;
  }

  private async load(challengeId: string, ip: string) {
    const challenge = await challenges.findLive(this.db, sha256(challengeId));
    if (!challenge || challenge.ip !== ip || challenge.attempts >= CHALLENGE_MAX_ATTEMPTS) {
      throw new AppError(401, 'CHALLENGE_EXPIRED');
    }
    const member = await this.members.findById(challenge.member_id);
    if (member?.status !== 'active') throw new AppError(401, 'CHALLENGE_EXPIRED');
    return { challenge, member };
  }

  private async checkFactor(member: MemberRow, challengeHash: string, method: SecondFactor, code: string) {
    switch (method) {
      case 'totp':
        return this.app.verify(member, code);
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
}
