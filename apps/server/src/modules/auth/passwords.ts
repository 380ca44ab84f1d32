import type { Kysely } from 'kysely';
import { TRIAL_TYPE } from '../../common/member-types.ts';
import type { MemberIdentity } from '../../common/request-identity.ts';
import { newSecret } from '../../common/secrets.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction, type UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { MemberService } from '../members/service.ts';
import type { MessagingService } from '../messaging/service.ts';
import type { SettingsService } from '../system/settings-service.ts';
import * as challenges from './challenges.ts';
import type { CodeSender } from './code-sender.ts';
import type { VerificationCodes } from './codes.ts';
import type { RequestContext } from './context.ts';
import type { SessionStore } from './sessions.ts';

/**
 * A member's password: changed in a session, or recovered without one by an SMS code or an e-mailed link. Every
 * change ends the member's other sessions and drops the logins waiting for a second factor.
 */
export class PasswordService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly members: MemberService,
    private readonly settings: SettingsService,
    private readonly sessions: SessionStore,
    private readonly codes: VerificationCodes,
    private readonly sender: CodeSender,
    private readonly messaging: Pick<MessagingService, 'send'>,
    private readonly audit: AuditRecorder,
    private readonly publicUrl: string,
  ) {}

  async change(
    identity: MemberIdentity,
    body: { oldPassword?: string; newPassword: string; confirmNewPassword: string },
    context: RequestContext,
  ) {
    const member = await this.members.realMember(identity);
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

  async resetByMobile(
    body: { mobileNum: string; countryDialingCode: string; verificationCode: string; newPassword: string },
    context: RequestContext,
  ): Promise<{ account: string }> {
    const snapshot = await this.settings.snapshot();
    if (!snapshot.flags.CHNGPASSVERIF3) throw new AppError(403, 'FEATURE_DISABLED');
    const mobile = await this.members.checkMobile(body.mobileNum, body.countryDialingCode, context.language);
    await this.members.checkNewPassword('newPassword', body.newPassword, context.language);
    const member = await this.members.findByMobile(mobile.countryDialingCode, mobile.nationalNumber);
    if (member) await this.members.refuseSamePassword(member, body.newPassword);
    const target = `${mobile.countryDialingCode}${mobile.nationalNumber}`;
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
    await this.sender.throttle(`mail:${member.id}`);
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

  /** After a password change: other sessions end, and logins waiting for a second factor are dropped. */
  private async endOtherAccess(memberId: string, keepSession: string | null, unit: UnitOfWork) {
    await this.sessions.revokeOthers(memberId, keepSession, unit);
    await challenges.removeForMember(unit.trx, memberId);
  }
}
