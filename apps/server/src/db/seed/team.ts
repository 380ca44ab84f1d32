import type { Kysely } from 'kysely';
import { REAL_CURRENCY } from '../../common/currencies.ts';
import { hashPassword } from '../../common/passwords.ts';
import type { DepositService } from '../../modules/payments/deposits.ts';
import type { WithdrawalService } from '../../modules/payments/withdrawals.ts';
import type { SeamlessService } from '../../modules/seamless/service.ts';
import type { Database } from '../schema.ts';
import { DEMO_AGENT } from './accounts.ts';
import { DEMO_TEAM_PASSWORD, planDemoTeam, TEAM_DAYS } from './team-plan.ts';

/** The demo agent's invitation links, one per traffic source (codes of the link alphabet, fixed for the demo). */
export const DEMO_AGENT_LINKS = [
  { code: 'FB3TEAM7RX', source: 'facebook-page', note: 'Pinned post on the team page' },
  { code: 'TG2GRUP5KW', source: 'telegram-group-1', note: 'Dhaka cricket chat' },
  { code: 'YT9VDEQ4HZ', source: 'youtube', note: null },
] as const;

export interface TeamSeedServices {
  deposits: DepositService;
  withdrawals: WithdrawalService;
  seamless: SeamlessService;
}

/**
 * Writes the demo agent's team (team-plan.ts) into a database that has the demo accounts and deposit channels: the
 * members (their registration and last sign-in times as planned, one password for all of them), then day by day
 * their deposits, vendor rounds and withdrawals, each through its module's seed-only path, which posts through the
 * wallet's door dated in the past (docs/decisions.md, "The demo team's past"). Returns what it wrote.
 */
export async function seedDemoTeam(
  db: Kysely<Database>,
  services: TeamSeedServices,
  now = new Date(),
): Promise<{ members: number; deposits: number; rounds: number; withdrawals: number }> {
  const plan = planDemoTeam(now);
  const agent = await db
    .selectFrom('members')
    .select(['id', 'invite_code'])
    .where('account_key', '=', DEMO_AGENT.account)
    .executeTakeFirstOrThrow();
  const ids = new Map<string, string>([[DEMO_AGENT.account, agent.id]]);
  await db
    .insertInto('agent_invite_links')
    .values(
      DEMO_AGENT_LINKS.map((link) => ({
        agent_id: agent.id,
        ...link,
        created_at: new Date(now.getTime() - TEAM_DAYS * 86_400_000),
      })),
    )
    .execute();
  const codes = new Map(plan.members.map((m) => [m.account, m.inviteCode]));
  codes.set(DEMO_AGENT.account, agent.invite_code);
  // One hash for the whole team: argon2 per member would cost seconds at every first start.
  const passwordHash = await hashPassword(DEMO_TEAM_PASSWORD);
  // Level by level, so that every upline exists before its downline (and before any trigger that follows the tree).
  for (let level = 1; plan.members.some((m) => m.level === level); level++) {
    const rows = plan.members.filter((m) => m.level === level);
    const inserted = await db
      .insertInto('members')
      .values(
        rows.map((m, index) => ({
          account: m.account,
          account_key: m.account.toLowerCase(),
          type: m.type,
          status: m.status,
          nickname: m.nickname,
          password_hash: passwordHash,
          country_dialing_code: '880',
          mobile_num: m.mobileNum,
          invite_code: m.inviteCode,
          upline_id: ids.get(m.upline) ?? null,
          referrer_id: ids.get(m.upline) ?? null,
          // The demo agent's direct players came through its links or its own code; deeper ones through their
          // upline's own code, as a registration by invitation records it.
          invited_by_code:
            m.upline === DEMO_AGENT.account
              ? (DEMO_AGENT_LINKS[index % (DEMO_AGENT_LINKS.length + 1)]?.code ?? agent.invite_code)
              : (codes.get(m.upline) ?? null),
          contacts: '{}',
          mobile_verified: true,
          register_method: 'WEB',
          created_at: m.createdAt,
          last_login_at: m.lastLoginAt,
        })),
      )
      .returning(['id', 'account'])
      .execute();
    for (const row of inserted) ids.set(row.account, row.id);
  }

  const idOf = (account: string) => {
    const id = ids.get(account);
    if (!id) throw new Error(`demo team member ${account} missing`);
    return id;
  };
  let deposits = 0;
  let rounds = 0;
  let withdrawals = 0;
  for (const day of plan.days) {
    await services.deposits.recordPastConfirmed(
      day.deposits.map(({ account, ...deposit }) => ({ ...deposit, memberId: idOf(account) })),
    );
    await services.seamless.recordPastRounds(
      day.rounds.map(({ account, ...round }) => ({ ...round, memberId: idOf(account) })),
      REAL_CURRENCY,
    );
    for (const withdrawal of day.withdrawals) {
      const { account, ...rest } = withdrawal;
      await services.withdrawals.recordPastReceived({ ...rest, memberId: idOf(account) });
    }
    deposits += day.deposits.length;
    rounds += day.rounds.length;
    withdrawals += day.withdrawals.length;
  }
  return { members: plan.members.length, deposits, rounds, withdrawals };
}
