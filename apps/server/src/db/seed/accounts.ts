import type { MemberService } from '../../modules/members/service.ts';
import type { WalletService } from '../../modules/wallet/service.ts';

/** The README's demo accounts; loaded with the demo content into an empty database when SEED_DEMO is on. */
export const DEMO_AGENT = { account: 'demoagent', password: 'Agent1234' } as const;
export const DEMO_PLAYER = { account: 'demo', password: 'Demo1234' } as const;

/** What the demo player starts with (an operator adjustment in the ledger), so a new user can play at once. */
export const DEMO_PLAYER_FUNDS_MINOR = 100_000n;

export async function seedDemoAccounts(members: MemberService, wallet: WalletService): Promise<void> {
  const actor = 'seed';
  await members.createByOperator({ ...DEMO_AGENT, type: 1, nickname: 'Demo Agent', email: 'agent@example.com' }, actor);
  const player = await members.createByOperator(
    {
      ...DEMO_PLAYER,
      type: 0,
      nickname: 'Demo Player',
      email: 'demo@example.com',
      countryDialingCode: '880',
      mobileNum: '1700000001',
      upline: DEMO_AGENT.account,
    },
    actor,
  );
  await wallet.adjust(player.id, DEMO_PLAYER_FUNDS_MINOR, 'demo funds', 'seed:demo-player-funds', actor);
}
