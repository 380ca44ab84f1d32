// The payments side of an agent's team report (issue 29): deposits, first deposits and withdrawals of a whole team,
// one query per figure family. The team is the agents module's published `agent_team(agent)` function, joined here
// (as a module's SQL may call another module's function, never read its tables).
import { BRAND_TIME_ZONE } from '@portal/shared/date-range';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A day's (or, with `day` null, the whole range's) payment figures of a team, amounts in minor units. */
export interface TeamPaymentRow {
  day: string | null;
  deposits: bigint;
  depositCount: number;
  firstDeposits: number;
  withdrawals: bigint;
  withdrawalCount: number;
}

/** Withdrawals that left the member: paid out, whatever the member said of the receipt, and not refunded since. */
const PAID_OUT = ['paid', 'received', 'not_received', 'fully_paid'] as const;

export class PaymentTeamFigures {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Per brand-zone day of [start, end) and over the whole range (`day` null): confirmed deposits (counted when
   * confirmed), members whose first confirmed deposit ever fell then, and withdrawals paid out then.
   */
  async byDay(agentId: string, start: Date, end: Date, currency: string): Promise<TeamPaymentRow[]> {
    const { rows } = await sql<{
      day: string | null;
      deposits: string;
      deposit_count: string;
      first_deposits: string;
      withdrawals: string;
      withdrawal_count: string;
    }>`
      WITH team AS (SELECT member_id FROM agent_team(${agentId}::bigint)),
      facts AS (
        SELECT d.updated_at AS at, d.amount_minor AS deposit, 0::bigint AS withdrawal, false AS first
          FROM deposit_orders d
         WHERE d.member_id IN (SELECT member_id FROM team) AND d.status = 'confirmed' AND d.currency = ${currency}
           AND d.updated_at >= ${start} AND d.updated_at < ${end}
        UNION ALL
        SELECT f.at, NULL, 0, true
          FROM (SELECT min(d.updated_at) AS at FROM deposit_orders d
                 WHERE d.member_id IN (SELECT member_id FROM team) AND d.status = 'confirmed'
                 GROUP BY d.member_id) f
         WHERE f.at >= ${start} AND f.at < ${end}
        UNION ALL
        SELECT e.created_at, NULL, w.amount_minor, false
          FROM withdrawals w JOIN withdrawal_events e ON e.withdrawal_id = w.id AND e.status = 'paid'
         WHERE w.member_id IN (SELECT member_id FROM team) AND w.status IN (${sql.join(PAID_OUT.map((s) => sql.lit(s)))})
           AND w.currency = ${currency} AND e.created_at >= ${start} AND e.created_at < ${end}
      )
      SELECT day,
             coalesce(sum(deposit), 0)::bigint AS deposits,
             count(deposit) AS deposit_count,
             count(*) FILTER (WHERE first) AS first_deposits,
             coalesce(sum(withdrawal), 0)::bigint AS withdrawals,
             count(*) FILTER (WHERE withdrawal > 0) AS withdrawal_count
        FROM (SELECT to_char((at AT TIME ZONE ${sql.lit(BRAND_TIME_ZONE)})::date, 'YYYY-MM-DD') AS day, * FROM facts) f
       GROUP BY GROUPING SETS ((day), ())`.execute(this.db);
    return rows.map((r) => ({
      day: r.day,
      deposits: BigInt(r.deposits),
      depositCount: Number(r.deposit_count),
      firstDeposits: Number(r.first_deposits),
      withdrawals: BigInt(r.withdrawals),
      withdrawalCount: Number(r.withdrawal_count),
    }));
  }

  /**
   * The order numbers of withdrawals by the journal entry that held their amount (the request's posting, whose
   * journal reference is the request's key, not the order): for the team's transaction details.
   */
  async withdrawalOrders(holdEntryIds: readonly string[]): Promise<Map<string, string>> {
    if (holdEntryIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('withdrawals')
      .select(['hold_entry_id', 'order_no'])
      .where('hold_entry_id', 'in', [...holdEntryIds])
      .execute();
    return new Map(rows.map((row) => [row.hold_entry_id, row.order_no]));
  }
}

/**
 * Per member of `team` (a relation of member_id, first_day, last_day: the stretches of brand-zone days each member
 * counts for the agent), confirmed deposits and withdrawals paid out within [start, end) on those days: member_id,
 * deposit_minor, withdrawal_minor. An SQL fragment for the agents module's report query (passed in by app.ts).
 */
export function memberMoneySql(currency: string) {
  return (team: RawBuilder<unknown>, range: { start: Date; end: Date }): RawBuilder<unknown> => sql`
    SELECT t.member_id, coalesce(sum(f.deposit), 0)::bigint AS deposit_minor,
           coalesce(sum(f.withdrawal), 0)::bigint AS withdrawal_minor
      FROM ${team} t
      JOIN (SELECT d.member_id, d.updated_at AS at, d.amount_minor AS deposit, 0::bigint AS withdrawal
              FROM deposit_orders d
             WHERE d.status = 'confirmed' AND d.currency = ${currency}
               AND d.updated_at >= ${range.start} AND d.updated_at < ${range.end}
            UNION ALL
            SELECT w.member_id, e.created_at, 0, w.amount_minor
              FROM withdrawals w JOIN withdrawal_events e ON e.withdrawal_id = w.id AND e.status = 'paid'
             WHERE w.status IN (${sql.join(PAID_OUT.map((s) => sql.lit(s)))}) AND w.currency = ${currency}
               AND e.created_at >= ${range.start} AND e.created_at < ${range.end}) f
        ON f.member_id = t.member_id
       AND (f.at AT TIME ZONE ${sql.lit(BRAND_TIME_ZONE)})::date BETWEEN t.first_day AND t.last_day
     GROUP BY t.member_id`;
}
