// The demo agent's contracts: the platform's four with the demo agent, and daily wages and real-time salaries the
// demo agent gave its sub-agents, all in force since before the demo team's first day. No statement is written here:
// each settlement job's last finished window is set back (a month of days, two days of hours, two hours of 5-minute
// windows), so the jobs' own catch-up settles the team's past at the first start, through the wallet's door.
import type { ContractTerms, ContractType } from '@portal/shared/contracts';
import type { Kysely } from 'kysely';
import { AGENT_TYPES } from '../../common/member-types.ts';
import { windowAt, windowIndex } from '../../jobs/windows.ts';
import { CONTRACT_JOBS } from '../../modules/contracts/settlement.ts';
import type { Database } from '../schema.ts';
import { DEMO_AGENT } from './accounts.ts';

const DAY_MS = 86_400_000;

const PLATFORM_TERMS: ContractTerms[] = [
  {
    type: 'dividend',
    period: 'monthly',
    tiers: [
      { minValidBet: '0.00', minProfitLoss: '0.00', minActiveMembers: 5, rate: '25.00' },
      { minValidBet: '500000.00', minProfitLoss: '50000.00', minActiveMembers: 30, rate: '35.00' },
    ],
  },
  {
    type: 'dailyWage',
    tiers: [
      { minBet: '0.00', rate: '0.50' },
      { minBet: '50000.00', rate: '0.80' },
      { minBet: '200000.00', rate: '1.00' },
    ],
  },
  {
    type: 'hourlySalary',
    tiers: [
      { minBet: '1000.00', rate: '0.20' },
      { minBet: '10000.00', rate: '0.30' },
    ],
  },
  {
    type: 'realTimeSalary',
    tiers: [
      { minSingleBet: '10.00', profitRate: '0.10', lossRate: '0.30' },
      { minSingleBet: '1000.00', profitRate: '0.20', lossRate: '0.50' },
    ],
  },
];

const SUB_AGENT_TERMS: ContractTerms[] = [
  {
    type: 'dailyWage',
    tiers: [
      { minBet: '0.00', rate: '0.30' },
      { minBet: '50000.00', rate: '0.60' },
    ],
  },
  { type: 'realTimeSalary', tiers: [{ minSingleBet: '10.00', profitRate: '0.05', lossRate: '0.20' }] },
];

/** How far back each job's catch-up starts at the first start. */
const CATCH_UP_FROM: Record<ContractType, number> = {
  dividend: 35 * DAY_MS,
  dailyWage: 31 * DAY_MS,
  hourlySalary: 2 * DAY_MS,
  realTimeSalary: 2 * 3_600_000,
};

export async function seedDemoContracts(db: Kysely<Database>, now = new Date()): Promise<number> {
  const agent = await db
    .selectFrom('members')
    .select('id')
    .where('account_key', '=', DEMO_AGENT.account)
    .executeTakeFirstOrThrow();
  const subAgents = await db
    .selectFrom('members')
    .select('id')
    .where('upline_id', '=', agent.id)
    .where('type', 'in', [...AGENT_TYPES])
    .orderBy('id')
    .limit(3)
    .execute();
  const since = new Date(now.getTime() - 40 * DAY_MS);
  const contracts = [
    ...PLATFORM_TERMS.map((terms) => ({ terms, holderId: agent.id, offererId: null as string | null })),
    ...subAgents.flatMap((sub) => SUB_AGENT_TERMS.map((terms) => ({ terms, holderId: sub.id, offererId: agent.id }))),
  ];
  await db.transaction().execute(async (trx) => {
    for (const { terms, holderId, offererId } of contracts) {
      const row = await trx
        .insertInto('agent_contracts')
        .values({
          type: terms.type,
          holder_id: holderId,
          offerer_id: offererId,
          terms: JSON.stringify(terms),
          state: 'active',
          offered_at: since,
          accepted_at: new Date(since.getTime() + 3_600_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('agent_contract_events')
        .values([
          {
            contract_id: row.id,
            state: 'offered',
            actor_id: offererId,
            actor_name: offererId ? null : 'admin',
            at: since,
          },
          { contract_id: row.id, state: 'active', actor_id: holderId, at: new Date(since.getTime() + 3_600_000) },
        ])
        .execute();
    }
    for (const [type, back] of Object.entries(CATCH_UP_FROM) as [ContractType, number][]) {
      const { kind, spec } = CONTRACT_JOBS[type];
      const window = windowAt(kind, spec, windowIndex(spec, now.getTime() - back));
      await trx
        .insertInto('agent_contract_runs')
        .values({
          type,
          window_key: window.key,
          window_start: window.start,
          window_end: window.end,
          contracts: 0,
          paid_minor: 0n,
        })
        .execute();
    }
  });
  return contracts.length;
}
