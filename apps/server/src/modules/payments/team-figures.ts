// The payments side of an agent's team report (issue 29): deposits, first deposits and withdrawals of a whole team,
// one query per figure family. The team is the agents module's published `agent_team(agent)` function, joined here
// (as a module's SQL may call another module's function, never read its tables).
import { BRAND_TIME_ZONE, rangeInstants, today } from '@portal/shared/date-range';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { changeSums } from './team-rollup.ts';

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
  /** `rolledCurrency`: the currency the team roll-up (team-rollup.ts) keeps rows for. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rolledCurrency: string,
  ) {}

  /**
   * Per brand-zone day of the range and over the whole range (`day` null), the team as it stood each day:
   * confirmed deposits (counted when confirmed), members whose first confirmed deposit ever fell then, and
   * withdrawals paid out then (teamPaymentFacts). The roll-up's team day rows and the changes above its watermark,
   * in one statement (one snapshot); by time when the roll-up has not read a move of the agent's team yet.
   */
  async byDay(agentId: string, range: TeamDays, currency: string): Promise<TeamPaymentRow[]> {
    const rolled = currency === this.rolledCurrency ? await this.rolledDays(agentId, range, currency) : null;
    if (rolled) return rolled;
    const facts = sql`
      SELECT day, deposit AS deposit_minor, (deposit IS NOT NULL)::int AS deposit_count,
             first::int AS first_deposits, withdrawal AS withdrawal_minor, (withdrawal > 0)::int AS withdrawal_count
        FROM (SELECT (f.at AT TIME ZONE ${zone})::date AS day, f.*
                FROM (${teamPaymentFacts(teamDays(agentId, range), range, currency, true)}) f) f`;
    return (await paymentDays(this.db, facts, sql`false`)).rows;
  }

  /** byDay from the roll-up's team day rows and the changes above its watermark; null as for rolledState. */
  private async rolledDays(agentId: string, range: TeamDays, currency: string): Promise<TeamPaymentRow[] | null> {
    const days = await paymentDays(
      this.db,
      sql`
        SELECT (c.at AT TIME ZONE ${zone})::date AS day, ${changeSums(currency)}
          FROM (${changesAbove(agentId, range, sql`(SELECT change_id FROM rolled)`, sql``)}) c
         GROUP BY 1
        UNION ALL
        SELECT day, deposit_minor, deposit_count, first_deposits, withdrawal_minor, withdrawal_count
          FROM payment_team_days
         WHERE agent_id = ${agentId} AND day BETWEEN ${range.from}::date AND ${range.to}::date`,
      sql`(SELECT moved FROM rolled)`,
      rolledState(agentId, range),
    );
    return days.moved ? null : days.rows;
  }

  /**
   * Per member of the agent's team with a confirmed deposit or a paid-out withdrawal on a day of the range it counted
   * for the agent (the tree as it stood each day), those amounts; with `ids`, of those members only. Over a month
   * (whole, or up to today) from the roll-up (monthMoney); else, or when the roll-up has not read a move of the
   * agent's team yet, by time (memberMoneySql).
   */
  async memberMoney(
    agentId: string,
    range: TeamDays,
    currency: string,
    ids?: readonly string[],
  ): Promise<Map<string, { deposits: bigint; withdrawals: bigint }>> {
    const month = await this.monthMoney(agentId, range, currency, ids);
    if (month) return month.members;
    const only = ids ? sql`AND m.member_id = ANY(${[...ids]}::bigint[])` : sql``;
    const { rows } = await sql<{ member_id: string; deposit_minor: string; withdrawal_minor: string }>`
      SELECT * FROM (${memberMoneySql(currency)(teamDays(agentId, range), range)}) m WHERE true ${only}`.execute(
      this.db,
    );
    return new Map(rows.map((r) => [r.member_id, moneyOf(r.deposit_minor, r.withdrawal_minor)]));
  }

  /**
   * Over a month (whole, or up to today), from the roll-up's rows and the changes above its watermark in one
   * statement: the team's deposits and withdrawals of the month, and per member with any (with `ids`, of those
   * members only) its own. Null when the range is no month or the roll-up has not read a move of the agent's team
   * yet (its rows are the old team's).
   */
  async monthMoney(
    agentId: string,
    range: TeamDays,
    currency: string,
    ids?: readonly string[],
  ): Promise<{ deposits: bigint; withdrawals: bigint; members: Map<string, Money> } | null> {
    const month = currency === this.rolledCurrency ? monthOf(range, today()) : null;
    if (month === null) return null;
    const only = (column: RawBuilder<unknown>) => (ids ? sql`AND ${column} = ANY(${[...ids]}::bigint[])` : sql``);
    const above = (filter: RawBuilder<unknown>) =>
      changesAbove(agentId, range, sql`(SELECT change_id FROM rolled)`, filter);
    const { rows } = await sql<{
      moved: boolean;
      deposits: string;
      withdrawals: string;
      money: [string, string, string][];
    }>`
      WITH rolled AS MATERIALIZED ${rolledState(agentId, range)}
      SELECT (SELECT moved FROM rolled) AS moved,
             (SELECT coalesce(sum(deposit_minor), 0)
                FROM (SELECT deposit_minor FROM payment_team_days
                       WHERE agent_id = ${agentId} AND day BETWEEN ${range.from}::date AND ${range.to}::date
                      UNION ALL
                      SELECT c.deposit_minor FROM (${above(sql`AND c.currency = ${currency}`)}) c) d)::text AS deposits,
             (SELECT coalesce(sum(withdrawal_minor), 0)
                FROM (SELECT withdrawal_minor FROM payment_team_days
                       WHERE agent_id = ${agentId} AND day BETWEEN ${range.from}::date AND ${range.to}::date
                      UNION ALL
                      SELECT c.withdrawal_minor FROM (${above(sql`AND c.currency = ${currency}`)}) c) w)::text
               AS withdrawals,
             (SELECT coalesce(json_agg(json_build_array(member_id::text, deposit_minor::text,
                                                        withdrawal_minor::text)), '[]')
                FROM (SELECT member_id, sum(deposit_minor) AS deposit_minor, sum(withdrawal_minor) AS withdrawal_minor
                        FROM (SELECT member_id, deposit_minor, deposit_count, 0 AS first_deposits, withdrawal_minor,
                                     withdrawal_count
                                FROM payment_team_member_months
                               WHERE agent_id = ${agentId} AND month = ${month}::date ${only(sql`member_id`)}
                              UNION ALL
                              SELECT c.member_id, ${changeSums(currency)}
                                FROM (${above(only(sql`c.member_id`))}) c
                               GROUP BY c.member_id) m
                       GROUP BY member_id
                      HAVING sum(deposit_count) <> 0 OR sum(withdrawal_count) <> 0) x) AS money`.execute(this.db);
    const row = rows[0];
    if (!row || row.moved) return null;
    return {
      deposits: BigInt(row.deposits),
      withdrawals: BigInt(row.withdrawals),
      members: new Map(row.money.map(([id, deposits, withdrawals]) => [id, moneyOf(deposits, withdrawals)])),
    };
  }

  /**
   * Over a month (as monthMoney), the members with money as an SQL relation of member_id (the roll-up's rows and the
   * changes above its watermark as the statement that reads it sees them), for a report to find those without play
   * in its own statement rather than read thousands of rows; null for another range. Whether the rows hold the
   * agent's team (no move the roll-up has not read) is monthMoney's to tell.
   */
  monthMembers(agentId: string, range: TeamDays, currency: string): RawBuilder<unknown> | null {
    const month = currency === this.rolledCurrency ? monthOf(range, today()) : null;
    if (month === null) return null;
    const above = changesAbove(agentId, range, sql`(SELECT change_id FROM payment_rollup_watermark)`, sql``);
    return sql`
      (WITH live AS MATERIALIZED (
         SELECT c.member_id, coalesce(sum(c.deposit_count + c.withdrawal_count) FILTER (WHERE c.currency = ${currency}), 0) AS n
           FROM (${above}) c GROUP BY c.member_id)
       SELECT r.member_id FROM payment_team_member_months r
        WHERE r.agent_id = ${agentId} AND r.month = ${month}::date
          AND NOT EXISTS (SELECT 1 FROM live l WHERE l.member_id = r.member_id)
       UNION ALL
       SELECT l.member_id FROM live l
         LEFT JOIN payment_team_member_months r
           ON r.agent_id = ${agentId} AND r.month = ${month}::date AND r.member_id = l.member_id
        WHERE coalesce(r.deposit_count + r.withdrawal_count, 0) + l.n <> 0)`;
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

/** The agent's team as it stood on each day of the range (the agents module's published function). */
function teamDays(agentId: string, range: TeamDays): RawBuilder<unknown> {
  return sql`(SELECT * FROM agent_team_days(${agentId}::bigint, ${range.from}::date, ${range.to}::date, ${zone}))`;
}

/**
 * The roll-up's watermark (change_id) and whether a move of the agent's team on a day up to the range's end is newer
 * than the roll-up's last look at the tree (moved: its rows of those days are the old team's), as a statement sees
 * them: a one-row relation, for a statement's `WITH rolled AS MATERIALIZED`.
 */
function rolledState(agentId: string, range: TeamDays): RawBuilder<unknown> {
  return sql`(
    SELECT w.change_id,
           coalesce(agent_team_moved_from(${agentId}, w.tree_checked_at, ${zone}) <= ${range.to}::date, false) AS moved
      FROM payment_rollup_watermark w)`;
}

/** A member's deposits and withdrawals, minor units. */
export interface Money {
  deposits: bigint;
  withdrawals: bigint;
}

const moneyOf = (deposits: string, withdrawals: string): Money => ({
  deposits: BigInt(deposits),
  withdrawals: BigInt(withdrawals),
});

/**
 * The changes above `mark` (an SQL bigint) of the range's instants, of the agent's team members on the change's day,
 * with `filter` (over `c`) — whole rows of payment_fact_changes.
 */
function changesAbove(
  agentId: string,
  range: TeamDays,
  mark: RawBuilder<unknown>,
  filter: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const { start, end } = rangeInstants(range);
  return sql`
    SELECT c.* FROM payment_fact_changes c
     WHERE c.id > ${mark} AND c.at >= ${start} AND c.at < ${end} ${filter}
       AND EXISTS (SELECT 1 FROM ${teamDays(agentId, range)} t WHERE t.member_id = c.member_id
                      AND (c.at AT TIME ZONE ${zone})::date BETWEEN t.first_day AND t.last_day)`;
}

/**
 * Payment figures per day and over all (`day` null) of `source`, a relation of day, deposit_minor, deposit_count,
 * first_deposits, withdrawal_minor and withdrawal_count, in one statement with `rolled` (rolledState) as a CTE when
 * given; and `moved`, an SQL boolean over it.
 */
async function paymentDays(
  db: Kysely<Database>,
  source: RawBuilder<unknown>,
  moved: RawBuilder<unknown>,
  rolled?: RawBuilder<unknown>,
): Promise<{ moved: boolean; rows: TeamPaymentRow[] }> {
  const { rows } = await sql<{
    day: string | null;
    deposits: string;
    deposit_count: string;
    first_deposits: string;
    withdrawals: string;
    withdrawal_count: string;
    moved: boolean;
  }>`
    ${rolled ? sql`WITH rolled AS MATERIALIZED ${rolled}` : sql``}
    SELECT to_char(day, 'YYYY-MM-DD') AS day, coalesce(sum(deposit_minor), 0)::bigint AS deposits,
           coalesce(sum(deposit_count), 0)::bigint AS deposit_count,
           coalesce(sum(first_deposits), 0)::bigint AS first_deposits,
           coalesce(sum(withdrawal_minor), 0)::bigint AS withdrawals,
           coalesce(sum(withdrawal_count), 0)::bigint AS withdrawal_count, ${moved} AS moved
      FROM (${source}) s
     GROUP BY GROUPING SETS ((day), ())`.execute(db);
  return {
    moved: rows.some((r) => r.moved),
    rows: rows.map((r) => ({
      day: r.day,
      deposits: BigInt(r.deposits),
      depositCount: Number(r.deposit_count),
      firstDeposits: Number(r.first_deposits),
      withdrawals: BigInt(r.withdrawals),
      withdrawalCount: Number(r.withdrawal_count),
    })),
  };
}

/** The month (its first day) the range is, whole or from its first day up to today; else null. */
export function monthOf(range: TeamDays, today: string): string | null {
  if (!range.from.endsWith('-01')) return null;
  const [y, m] = range.from.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return range.to === last || (range.to === today && range.to < last && range.to >= range.from) ? range.from : null;
}

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
