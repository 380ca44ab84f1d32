// The payments side of the agents' contract settlements (issue 29): each contract holder's team's confirmed deposits
// and paid-out withdrawals in a window, for every holder in one query, counted as the team overview counts them. The
// teams are the agents module's published `agent_teams(agents)` function. Amounts in minor units.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { PAID_OUT } from './team-figures.ts';

export interface TeamCashFlow {
  deposits: bigint;
  withdrawals: bigint;
}

export class PaymentContractWindows {
  constructor(private readonly db: Kysely<Database>) {}

  async cashFlow(
    holderIds: readonly string[],
    start: Date,
    end: Date,
    currency: string,
  ): Promise<Map<string, TeamCashFlow>> {
    const result = new Map<string, TeamCashFlow>();
    if (holderIds.length === 0) return result;
    const { rows } = await sql<{ agent_id: string; deposits: string; withdrawals: string }>`
      WITH teams AS (SELECT agent_id, member_id FROM agent_teams(${[...holderIds]}::bigint[])),
      flows AS (
        SELECT d.member_id, d.amount_minor AS deposit, 0::bigint AS withdrawal
          FROM deposit_orders d
         WHERE d.member_id IN (SELECT member_id FROM teams) AND d.status = 'confirmed' AND d.currency = ${currency}
           AND d.updated_at >= ${start} AND d.updated_at < ${end}
        UNION ALL
        SELECT w.member_id, 0, w.amount_minor
          FROM withdrawals w JOIN withdrawal_events e ON e.withdrawal_id = w.id AND e.status = 'paid'
         WHERE w.member_id IN (SELECT member_id FROM teams)
           AND w.status IN (${sql.join(PAID_OUT.map((s) => sql.lit(s)))})
           AND w.currency = ${currency} AND e.created_at >= ${start} AND e.created_at < ${end})
      SELECT t.agent_id, sum(f.deposit)::bigint AS deposits, sum(f.withdrawal)::bigint AS withdrawals
        FROM teams t JOIN flows f ON f.member_id = t.member_id
       GROUP BY t.agent_id`.execute(this.db);
    for (const row of rows) {
      result.set(String(row.agent_id), { deposits: BigInt(row.deposits), withdrawals: BigInt(row.withdrawals) });
    }
    return result;
  }
}
