import type { LoginSession } from '@portal/shared/auth';
import { AppError } from '../../http/errors.ts';
import type { MemberService } from '../members/service.ts';
import type { SettingsService } from '../system/settings-service.ts';
import type { RequestContext } from './context.ts';
import type { MemberSessions } from './member-sessions.ts';

/** Gives a new trial account its demo balance: the wallet's, handed in by app.ts so this module never imports it. */
export type DemoFunding = (memberId: string) => Promise<void>;

/** Free play (FREEPLAY3): a trial account with a demo balance, signed in at once. */
export class FreePlay {
  constructor(
    private readonly members: Pick<MemberService, 'createTrial'>,
    private readonly settings: SettingsService,
    private readonly sessions: MemberSessions,
    private readonly fund: DemoFunding,
  ) {}

  /** The account is funded before its session opens. */
  async start(context: RequestContext): Promise<LoginSession> {
    const snapshot = await this.settings.snapshot();
    if (!snapshot.flags.FREEPLAY3) throw new AppError(403, 'FEATURE_DISABLED');
    const member = await this.members.createTrial(context.ip);
    await this.fund(member.id);
    return this.sessions.open(member, 'member', context, { mustChangePassword: false, passwordExpired: false });
  }
}
