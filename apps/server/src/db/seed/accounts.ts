import type { MemberService } from '../../modules/members/service.ts';

/** The README's demo accounts; loaded with the demo content into an empty database when SEED_DEMO is on. */
export const DEMO_AGENT = { account: 'demoagent', password: 'Agent1234' } as const;
export const DEMO_PLAYER = { account: 'demo', password: 'Demo1234' } as const;

export async function seedDemoAccounts(members: MemberService): Promise<void> {
  const actor = 'seed';
  await members.createByOperator({ ...DEMO_AGENT, type: 1, nickname: 'Demo Agent', email: 'agent@example.com' }, actor);
  await members.createByOperator(
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
}
