// The wallet side of an agent's team report (issue 29): what the team staked, won and was given, read from the
// journal of the members' cash accounts (the same lines as each member's own profit record, so the two agree), and
// the members' cash balances. The team is the agents module's published `agent_team(agent)` function.
import { BRAND_TIME_ZONE } from '@portal/shared/date-range';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A day's (or, with `day` null, the whole range's) play figures of a team, amounts in minor units. */
export interface TeamPlayRow {
  day: string | null;
  /** Stakes of the bets placed, less the stakes refunded. */
  validBets: bigint;
  wins: bigint;
  /** Bonuses, rebates, salaries, dividends and the operator's credits. */
  bonuses: bigint;
  /** Members with at least one bet. */
  activeMembers: number;
}

/** Entry types that pay a member for playing; an operator's adjustment counts when it credits the member. */
const BONUS_TYPES = ['bonus', 'rebate', 'salary', 'dividend'] as const;
const READ_TYPES = ['bet', 'win', 'refund', 'adjustment', ...BONUS_TYPES] as const;

const list = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

export class WalletTeamFigures {
  constructor(private readonly db: Kysely<Database>) {}

  /** Per brand-zone day of [start, end) and over the whole range (`day` null), in one pass over the lines. */
  async playByDay(agentId: string, start: Date, end: Date, currency: string): Promise<TeamPlayRow[]> {
    const { rows } = await sql<{
      day: string | null;
      bets: string;
      refunds: string;
      wins: string;
      bonuses: string;
      active: string;
    }>`
      SELECT day,
             coalesce(-sum(amount) FILTER (WHERE type = 'bet'), 0)::bigint AS bets,
             coalesce(sum(amount) FILTER (WHERE type = 'refund'), 0)::bigint AS refunds,
             coalesce(sum(amount) FILTER (WHERE type = 'win'), 0)::bigint AS wins,
             coalesce(sum(amount) FILTER (WHERE type IN (${list(BONUS_TYPES)})
                                          OR (type = 'adjustment' AND amount > 0)), 0)::bigint AS bonuses,
             count(DISTINCT member_id) FILTER (WHERE type = 'bet') AS active
        FROM (SELECT to_char((l.created_at AT TIME ZONE ${sql.lit(BRAND_TIME_ZONE)})::date, 'YYYY-MM-DD') AS day,
                     l.amount_minor AS amount, e.type, a.member_id
                FROM ledger_accounts a
                JOIN journal_lines l ON l.account_id = a.id AND l.created_at >= ${start} AND l.created_at < ${end}
                JOIN journal_entries e ON e.id = l.entry_id
               WHERE a.member_id IN (SELECT member_id FROM agent_team(${agentId}::bigint))
                 AND a.kind = 'member_cash' AND a.currency = ${currency}
                 AND e.type IN (${list(READ_TYPES)})) lines
       GROUP BY GROUPING SETS ((day), ())`.execute(this.db);
    return rows.map((r) => ({
      day: r.day,
      validBets: BigInt(r.bets) - BigInt(r.refunds),
      wins: BigInt(r.wins),
      bonuses: BigInt(r.bonuses),
      activeMembers: Number(r.active),
    }));
  }

  /** Cash balances of some members (0 for a member who never had money), minor units by member id. */
  async cashBalances(memberIds: readonly string[], currency: string): Promise<Map<string, bigint>> {
    const balances = new Map<string, bigint>(memberIds.map((id) => [id, 0n]));
    if (memberIds.length === 0) return balances;
    const rows = await this.db
      .selectFrom('ledger_accounts')
      .select(['member_id', 'balance_minor'])
      .where('member_id', 'in', [...memberIds])
      .where('kind', '=', 'member_cash')
      .where('currency', '=', currency)
      .execute();
    for (const row of rows) if (row.member_id) balances.set(row.member_id, BigInt(row.balance_minor));
    return balances;
  }
}
