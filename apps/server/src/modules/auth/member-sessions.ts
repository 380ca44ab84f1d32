import type { LoginSession } from '@portal/shared/auth';
import type { Kysely } from 'kysely';
import { AGENT_TYPES } from '../../common/member-types.ts';
import type { MemberAuthenticator, MemberIdentity, Portal } from '../../common/request-identity.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction, type UnitOfWork } from '../../db/unit-of-work.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { MemberRow, MemberService } from '../members/service.ts';
import type { RequestContext, SignInFlags } from './context.ts';
import type { SessionStore } from './sessions.ts';

/**
 * A member's sessions: opened once the member proved who they are (by password, code, second factor, social
 * sign-in, registration or free play), read on every call, ended by a logout.
 */
export class MemberSessions implements MemberAuthenticator {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: SessionStore,
    private readonly members: Pick<MemberService, 'markLoggedIn'>,
    private readonly audit: AuditRecorder,
  ) {}

  authenticate(token: string): Promise<MemberIdentity | null> {
    return this.store.authenticate(token);
  }

  async logout(identity: MemberIdentity, ip: string) {
    await inTransaction(this.db, async (unit) => {
      await this.store.revoke(identity.tokenHash, unit);
      await this.audit.record(unit.trx, { actor: `member:${identity.account}`, action: 'member.logout', ip });
    });
  }

  /** Opens a session for a member who proved who they are. */
  open(
    member: MemberRow,
    portal: Portal,
    context: RequestContext,
    flags: SignInFlags,
    action = 'member.login',
  ): Promise<LoginSession> {
    return inTransaction(this.db, (unit) => this.start(member, portal, context, flags, action, unit));
  }

  /** The writes of a sign-in (the session, the known address, the audit row), in the caller's unit. */
  async start(
    member: MemberRow,
    portal: Portal,
    context: RequestContext,
    flags: SignInFlags,
    action: string,
    unit: UnitOfWork,
  ): Promise<LoginSession> {
    const firstTimeLogin = member.last_login_at === null;
    const session = { memberId: member.id, portal, ip: context.ip, userAgent: context.userAgent };
    const token = await this.store.create({ ...session, mustChangePassword: flags.mustChangePassword }, unit);
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
}
