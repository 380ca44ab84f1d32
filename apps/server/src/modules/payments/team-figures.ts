// The payments side of an agent's team report (issue 29): deposits, first deposits and withdrawals of a whole team,
// one query per figure family. The team is the agents module's published `agent_team(agent)` function, joined here
// (as a module's SQL may call another module's function, never read its tables).
import { BRAND_TIME_ZONE, rangeInstants } from '@portal/shared/date-range';
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
export const PAID_OUT = ['paid', 'received', 'not_received', 'fully_paid'] as const;

export class PaymentTeamFigures {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Per brand-zone day of the range and over the whole range (`day` null), the team as it stood each day:
   * confirmed deposits (counted when confirmed), members whose first confirmed deposit ever fell then, and
   * withdrawals paid out then (teamPaymentFacts).
   */
  async byDay(agentId: string, range: TeamDays, currency: string): Promise<TeamPaymentRow[]> {
    const team = sql`(SELECT * FROM agent_team_days(${agentId}::bigint, ${range.from}::date, ${range.to}::date,
                                                     ${zone}))`;
    const { rows } = await sql<{
      day: string | null;
      deposits: string;
      deposit_count: string;
      first_deposits: string;
      withdrawals: string;
      withdrawal_count: string;
    }>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, deposits, deposit_count, first_deposits, withdrawals,
             withdrawal_count
        FROM (SELECT day,
                     coalesce(sum(deposit), 0)::bigint AS deposits,
                     count(deposit) AS deposit_count,
                     count(*) FILTER (WHERE first) AS first_deposits,
                     coalesce(sum(withdrawal), 0)::bigint AS withdrawals,
                     count(*) FILTER (WHERE withdrawal > 0) AS withdrawal_count
                FROM (SELECT (f.at AT TIME ZONE ${zone})::date AS day, f.*
                        FROM (${teamPaymentFacts(team, range, currency, true)}) f) f
               GROUP BY GROUPING SETS ((day), ())) g`.execute(this.db);
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
   * Per member of the agent's team with a confirmed deposit or a paid-out withdrawal on a day of the range it counted
   * for the agent (the tree as it stood each day), those amounts (memberMoneySql).
   */
  async memberMoney(
    agentId: string,
    range: TeamDays,
    currency: string,
  ): Promise<Map<string, { deposits: bigint; withdrawals: bigint }>> {
    const team = sql`(SELECT * FROM agent_team_days(${agentId}::bigint, ${range.from}::date, ${range.to}::date,
                                                     ${zone}))`;
    const { rows } = await sql<{ member_id: string; deposit_minor: string; withdrawal_minor: string }>`
      ${memberMoneySql(currency)(team, range)}`.execute(this.db);
    return new Map(
      rows.map((r) => [r.member_id, { deposits: BigInt(r.deposit_minor), withdrawals: BigInt(r.withdrawal_minor) }]),
    );
  }

  /**
   * Per invitation code of the agent (its links' and its own, the agents module's published `agent_link_members`):
   * members with at least one confirmed deposit, and their confirmed deposits in the currency, ever.
   */
  async byInviteCode(
    agentId: string,
    currency: string,
  ): Promise<Map<string, { firstDeposits: number; deposits: bigint; depositCount: number }>> {
    const { rows } = await sql<{ code: string; first_deposits: string; deposits: string; deposit_count: string }>`
      WITH invited AS (SELECT code, member_id FROM agent_link_members(${agentId}::bigint)),
      paid AS (
        SELECT d.member_id,
               coalesce(sum(d.amount_minor) FILTER (WHERE d.currency = ${currency}), 0)::bigint AS total,
               count(*) FILTER (WHERE d.currency = ${currency}) AS n
          FROM deposit_orders d
         WHERE d.member_id IN (SELECT member_id FROM invited) AND d.status = 'confirmed'
         GROUP BY d.member_id
      )
      SELECT i.code, count(*) AS first_deposits, sum(p.total)::bigint AS deposits, sum(p.n) AS deposit_count
        FROM invited i JOIN paid p ON p.member_id = i.member_id
       GROUP BY i.code`.execute(this.db);
    return new Map(
      rows.map((r) => [
        r.code,
        {
          firstDeposits: Number(r.first_deposits),
          deposits: BigInt(r.deposits),
          depositCount: Number(r.deposit_count),
        },
      ]),
    );
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

/** Brand-zone days of a team report. */
export interface TeamDays {
  from: string;
  to: string;
}

const zone = sql.lit(BRAND_TIME_ZONE);

/**
 * The payments of each member of `team` (a relation of member_id, first_day, last_day: the stretches of brand-zone
 * days each member counts for the agent) on the days of its stretch: member_id, at, deposit (a confirmed deposit's
 * amount in the currency, else null), withdrawal (a paid-out withdrawal's amount, else 0), first (with `first`:
 * whether the deposit is the member's first confirmed deposit ever, listed whatever its currency). The payments of
 * the range are joined to the team, so PostgreSQL reads either the range's payments from their time indexes (a short
 * range: a day's payments are far fewer than a big team) or each member's from the member indexes, whichever it
 * estimates cheaper.
 */
function teamPaymentFacts(
  team: RawBuilder<unknown>,
  range: TeamDays,
  currency: string,
  first: boolean,
): RawBuilder<unknown> {
  // The range's instants bound every fact; only a member in the team for part of the range has its days checked.
  const { start, end } = rangeInstants(range);
  // A member's first confirmed deposit ever is kept in its own table by a trigger (migration 0050): each confirmed
  // deposit of the range is marked first by a probe of it, not checked against the member's earlier deposits. A
  // first deposit in another currency is kept too (its amount null), for it is the member's first all the same.
  const deposits = first
    ? sql`SELECT d.member_id, d.updated_at AS at,
                 CASE WHEN d.currency = ${currency} THEN d.amount_minor END AS deposit, 0::bigint AS withdrawal,
                 p.member_id IS NOT NULL AS first
            FROM deposit_orders d
            LEFT JOIN payment_first_deposits p ON p.member_id = d.member_id AND p.deposit_id = d.id
           WHERE d.status = 'confirmed' AND d.updated_at >= ${start} AND d.updated_at < ${end}
             AND (d.currency = ${currency} OR p.member_id IS NOT NULL)`
    : sql`SELECT d.member_id, d.updated_at AS at, d.amount_minor AS deposit, 0::bigint AS withdrawal, false AS first
            FROM deposit_orders d
           WHERE d.status = 'confirmed' AND d.currency = ${currency}
             AND d.updated_at >= ${start} AND d.updated_at < ${end}`;
  return sql`
    SELECT t.member_id, f.at, f.deposit, f.withdrawal, f.first
      FROM ${team} t
      JOIN (${deposits}
            UNION ALL
            SELECT w.member_id, e.created_at, NULL, w.amount_minor, false
              FROM withdrawal_events e JOIN withdrawals w ON w.id = e.withdrawal_id
             WHERE e.status = 'paid' AND e.created_at >= ${start} AND e.created_at < ${end}
               AND w.status IN (${sql.join(PAID_OUT.map((s) => sql.lit(s)))}) AND w.currency = ${currency}) f
        ON f.member_id = t.member_id
       AND ((t.first_day = ${range.from}::date AND t.last_day = ${range.to}::date)
            OR (f.at AT TIME ZONE ${zone})::date BETWEEN t.first_day AND t.last_day)`;
}

/**
 * Per member of `team` (as for teamPaymentFacts), confirmed deposits and withdrawals paid out on the days of its
 * stretches: member_id, deposit_minor, withdrawal_minor. An SQL fragment for the agents module's report query
 * (passed in by app.ts).
 */
export function memberMoneySql(currency: string) {
  return (team: RawBuilder<unknown>, range: TeamDays): RawBuilder<unknown> => sql`
    SELECT f.member_id, coalesce(sum(f.deposit), 0)::bigint AS deposit_minor,
           coalesce(sum(f.withdrawal), 0)::bigint AS withdrawal_minor
      FROM (${teamPaymentFacts(team, range, currency, false)}) f
     GROUP BY f.member_id`;
}
