// The wallet side of an agent's team report (issue 29): what the team staked, won and was given, read from the
// journal of the members' cash accounts (the same lines as each member's own profit record, so the two agree), and
// the members' cash balances. The team is the agents module's published `agent_team(agent)` function.
import { BRAND_TIME_ZONE } from '@portal/shared/date-range';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { MemberPlayRange } from '../../common/report-range.ts';
import type { Database } from '../../db/schema.ts';
import type { EntryType } from './ledger.ts';
import { playLines, playSums } from './play-rollup.ts';
import { periodActive, periodPlaySql } from './team-periods.ts';

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

/** Which lines of the team's cash accounts a transactions page asks for. */
export interface TeamLineQuery {
  start: Date;
  end: Date;
  types: readonly EntryType[];
  /** One team member only (the agents module has checked it is in the team). */
  memberId?: string;
  limit: number;
  offset: number;
}

/** A line of a team member's cash account, amounts in minor units. */
export interface TeamLine {
  id: string;
  entryId: string;
  createdAt: Date;
  memberId: string;
  type: EntryType;
  amount: bigint;
  balanceAfter: bigint;
  reference: string;
}

const zone = sql.lit(BRAND_TIME_ZONE);

/** The roll-up's watermark as `db` (the report's transaction) sees it. */
async function watermark(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('wallet_play_watermark').select('line_id').executeTakeFirstOrThrow();
  return row.line_id;
}

export class WalletTeamFigures {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Per brand-zone day of the range and over the whole range (`day` null), the team as it stood each day: the
   * roll-up's team rows of the days, the lines newer than its watermark as they are (a member already active that
   * day in the roll-up is not counted twice), and the members active over the range from the member rows. One
   * snapshot (REPEATABLE READ), so each line is counted once.
   */
  playByDay(agentId: string, range: MemberPlayRange, currency: string): Promise<TeamPlayRow[]> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const team = sql`(SELECT * FROM agent_team_days(${agentId}::bigint, ${range.from}::date, ${range.to}::date,
                                                         ${zone}))`;
        // The watermark, and the first day of a move the roll-up has not read yet: days from it are added up from the
        // member rows over the team of each day.
        const state = await sql<{ line_id: string; first: string | null }>`
          SELECT w.line_id, agent_team_moved_from(${agentId}, w.tree_checked_at, ${zone})::text AS first
            FROM wallet_play_watermark w`.execute(trx);
        const mark = state.rows[0]?.line_id ?? '0';
        const cut = state.rows[0]?.first ?? null;
        const fresh =
          cut !== null && cut <= range.to
            ? sql`UNION ALL
                  SELECT d.day, count(*) FILTER (WHERE d.rounds > 0), sum(d.stake_minor), sum(d.refund_minor),
                         sum(d.win_minor), sum(d.bonus_minor)
                    FROM ${team} t JOIN wallet_play_member_days d ON d.member_id = t.member_id
                     AND d.day BETWEEN greatest(t.first_day, ${cut}::date) AND t.last_day
                   GROUP BY d.day`
            : sql``;
        const live = playLines(
          sql`journal_lines l`,
          sql`l.id > ${mark} AND l.created_at >= ${range.start} AND l.created_at < ${range.end}`,
          currency,
          false,
        );
        const [days, active] = await Promise.all([
          sql<{ day: string; active: string; stake: string; refund: string; win: string; bonus: string }>`
            SELECT to_char(x.day, 'YYYY-MM-DD') AS day, sum(x.active)::bigint AS active,
                   sum(x.stake_minor)::bigint AS stake, sum(x.refund_minor)::bigint AS refund,
                   sum(x.win_minor)::bigint AS win, sum(x.bonus_minor)::bigint AS bonus
              FROM (SELECT w.day, w.active_members AS active, w.stake_minor, w.refund_minor, w.win_minor, w.bonus_minor
                      FROM wallet_team_play_days w
                     WHERE w.agent_id = ${agentId} AND w.day BETWEEN ${range.from}::date AND ${range.to}::date
                       AND (${cut}::date IS NULL OR w.day < ${cut}::date)
                    ${fresh}
                    UNION ALL
                    SELECT n.day, count(*) FILTER (WHERE n.rounds > 0 AND coalesce(d.rounds, 0) = 0), sum(n.stake_minor),
                           sum(n.refund_minor), sum(n.win_minor), sum(n.bonus_minor)
                      FROM (SELECT p.member_id, p.day, ${playSums}
                              FROM (${live}) p
                             WHERE EXISTS (SELECT 1 FROM ${team} t WHERE t.member_id = p.member_id
                                              AND p.day BETWEEN t.first_day AND t.last_day)
                             GROUP BY p.member_id, p.day) n
                      LEFT JOIN wallet_play_member_days d ON d.member_id = n.member_id AND d.day = n.day
                     GROUP BY n.day) x
             GROUP BY x.day`.execute(trx),
          // Over one day, the range's active members are the day's; over more, members do not add up over days:
          // a kept period's row of the agent, else the members' rows.
          range.from === range.to
            ? null
            : periodActive(trx, agentId, range, currency).then(
                async (n) =>
                  n ??
                  Number(
                    (
                      await sql<{
                        n: string;
                      }>`SELECT count(*) AS n FROM (${await memberPlaySql(currency)(trx, team, range)}) x
                                                WHERE x.rounds > 0`.execute(trx)
                    ).rows[0]?.n ?? 0,
                  ),
              ),
        ]);
        const rows = days.rows.map((r) => ({
          day: r.day as string | null,
          validBets: BigInt(r.stake) - BigInt(r.refund),
          wins: BigInt(r.win),
          bonuses: BigInt(r.bonus),
          activeMembers: Number(r.active),
        }));
        const total = (key: 'validBets' | 'wins' | 'bonuses') => rows.reduce((sum, row) => sum + row[key], 0n);
        rows.push({
          day: null,
          validBets: total('validBets'),
          wins: total('wins'),
          bonuses: total('bonuses'),
          activeMembers: active ?? rows[0]?.activeMembers ?? 0,
        });
        return rows;
      });
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

  /**
   * A page of the lines of the team's cash accounts in [start, end), newest first, with the count and the money in
   * and out over all the lines selected (not only the page). Each member's lines come from the index on (account,
   * time), as the member's own account record reads them.
   */
  async teamLines(
    agentId: string,
    query: TeamLineQuery,
    currency: string,
  ): Promise<{ lines: TeamLine[]; count: number; totalIn: bigint; totalOut: bigint }> {
    let lines = this.db
      .selectFrom('ledger_accounts as a')
      .innerJoin('journal_lines as l', 'l.account_id', 'a.id')
      .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
      .where('a.member_id', 'in', sql<string>`(SELECT member_id FROM agent_team(${agentId}::bigint))`)
      .where('a.kind', '=', 'member_cash')
      .where('a.currency', '=', currency)
      .where('l.created_at', '>=', query.start)
      .where('l.created_at', '<', query.end)
      .where('e.type', 'in', [...query.types]);
    if (query.memberId !== undefined) lines = lines.where('a.member_id', '=', query.memberId);
    const [sums, rows] = await Promise.all([
      lines
        .select([
          (eb) => eb.fn.countAll<string>().as('n'),
          sql<string>`coalesce(sum(l.amount_minor) FILTER (WHERE l.amount_minor > 0), 0)::bigint`.as('in'),
          sql<string>`coalesce(-sum(l.amount_minor) FILTER (WHERE l.amount_minor < 0), 0)::bigint`.as('out'),
        ])
        .executeTakeFirstOrThrow(),
      lines
        .select([
          'l.id',
          'l.entry_id',
          'l.created_at',
          'a.member_id',
          'e.type',
          'l.amount_minor',
          'l.balance_after_minor',
          'e.reference',
        ])
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
    ]);
    return {
      count: Number(sums.n),
      totalIn: BigInt(sums.in),
      totalOut: BigInt(sums.out),
      lines: rows.map((r) => ({
        id: r.id,
        entryId: r.entry_id,
        createdAt: new Date(r.created_at),
        memberId: r.member_id ?? '',
        type: r.type as EntryType,
        amount: BigInt(r.amount_minor),
        // Member accounts always keep a running balance, so every one of their lines has it.
        balanceAfter: BigInt(r.balance_after_minor ?? '0'),
        reference: r.reference,
      })),
    };
  }
}

/**
 * Columns of a per-member play row: member_id, rounds, stake_minor, refund_minor, win_minor, bonus_minor. `db` is
 * the caller's transaction, in which the watermark is read: it must see the roll-up and the lines in one snapshot
 * (REPEATABLE READ), so that each line is counted once, from the roll-up or as it is.
 */
export type MemberPlaySql = (
  db: Kysely<Database>,
  team: RawBuilder<unknown>,
  range: MemberPlayRange,
  /** The agent whose whole team `team` is: over a kept period, its period rows are read instead (team-periods.ts). */
  agentId?: string,
) => Promise<RawBuilder<unknown>>;

/**
 * Per member of `team` (a relation of member_id, first_day, last_day: the stretches of days each member counts
 * for the agent), the play of those days: the roll-up's month rows for whole months of a stretch, its day rows for
 * the other days, and the journal lines newer than the roll-up's watermark, read as they are (their ids are a
 * range of the primary key, the lines of the last minute or so). An SQL fragment for
 * the agents module's report query (passed in by app.ts).
 */
export function memberPlaySql(currency: string): MemberPlaySql {
  return async (db, team, range, agentId) => {
    const kept = agentId !== undefined ? await periodPlaySql(db, agentId, team, range, currency) : null;
    if (kept) return kept;
    const mark = await watermark(db);
    const { months, edges } = splitRange(range.from, range.to, range.today);
    const filter = (alias: string) =>
      sql.join(
        [
          sql`true`,
          ...(range.vendorCode !== undefined ? [sql`${sql.ref(`${alias}.vendor_code`)} = ${range.vendorCode}`] : []),
          ...(range.gameType !== undefined ? [sql`${sql.ref(`${alias}.game_type`)} = ${range.gameType}`] : []),
        ],
        sql` AND `,
      );
    // Without a vendor or game-type filter, the member-level rows: a third of the rows for the same sums.
    const filtered = range.vendorCode !== undefined || range.gameType !== undefined;
    const dayTable = sql.table(filtered ? 'wallet_play_days' : 'wallet_play_member_days');
    const monthTable = sql.table(filtered ? 'wallet_play_months' : 'wallet_play_member_months');
    const monthList = months.length ? sql.join(months.map((m) => sql`${m}::date`)) : sql`NULL::date`;
    const whole = (day: RawBuilder<unknown>) => sql`t.first_day <= date_trunc('month', ${day})::date
      AND (t.last_day >= (date_trunc('month', ${day}) + interval '1 month' - interval '1 day')::date
           OR t.last_day >= ${range.today}::date)`;
    const edgeDays = edges.length
      ? sql.join(
          edges.map(([a, b]) => sql`d.day BETWEEN ${a}::date AND ${b}::date`),
          sql` OR `,
        )
      : sql`false`;
    const columns = (alias: string) =>
      sql`${sql.ref(`${alias}.member_id`)} AS member_id, ${sql.ref(`${alias}.rounds`)}::bigint AS rounds,
          ${sql.ref(`${alias}.stake_minor`)} AS stake_minor, ${sql.ref(`${alias}.refund_minor`)} AS refund_minor,
          ${sql.ref(`${alias}.win_minor`)} AS win_minor, ${sql.ref(`${alias}.bonus_minor`)} AS bonus_minor`;
    const live = playLines(
      sql`journal_lines l`,
      sql`l.id > ${mark} AND l.created_at >= ${range.start}
          AND l.created_at < ${range.end}`,
      currency,
      range.gameType !== undefined,
    );
    return sql`
      SELECT x.member_id, sum(x.rounds)::bigint AS rounds, sum(x.stake_minor)::bigint AS stake_minor,
             sum(x.refund_minor)::bigint AS refund_minor, sum(x.win_minor)::bigint AS win_minor,
             sum(x.bonus_minor)::bigint AS bonus_minor
        FROM (SELECT ${columns('m')}
                FROM ${monthTable} m JOIN ${team} t ON t.member_id = m.member_id
               WHERE m.month IN (${monthList}) AND ${whole(sql`m.month`)} AND ${filter('m')}
              UNION ALL
              SELECT ${columns('d')}
                FROM ${dayTable} d JOIN ${team} t ON t.member_id = d.member_id
                 AND d.day BETWEEN t.first_day AND t.last_day
               WHERE (${edgeDays}) AND ${filter('d')}
              UNION ALL
              SELECT ${columns('d')}
                FROM ${team} t JOIN ${dayTable} d ON d.member_id = t.member_id
                 AND d.day BETWEEN t.first_day AND t.last_day
               WHERE (t.first_day > ${range.from}::date OR t.last_day < ${range.to}::date)
                 AND date_trunc('month', d.day)::date IN (${monthList}) AND NOT (${whole(sql`d.day`)})
                 AND ${filter('d')}
              UNION ALL
              SELECT p.member_id, ${playSums}
                FROM (${live}) p JOIN ${team} t ON t.member_id = p.member_id
                 AND p.day BETWEEN t.first_day AND t.last_day
               WHERE ${filter('p')}
               GROUP BY p.member_id) x
       GROUP BY x.member_id`;
  };
}

/**
 * The whole months of [from, to] (first days; a month counts as whole when the range covers it up to its end or up
 * to today) and the stretches of days outside them, as [first, last] pairs.
 */
export function splitRange(from: string, to: string, today: string): { months: string[]; edges: [string, string][] } {
  const months: string[] = [];
  const edges: [string, string][] = [];
  let cursor = from;
  while (cursor <= to) {
    const monthStart = `${cursor.slice(0, 7)}-01`;
    const monthEnd = lastDayOfMonth(monthStart);
    const last = monthEnd < to ? monthEnd : to;
    if (cursor === monthStart && (to >= monthEnd || to >= today)) months.push(monthStart);
    else edges.push([cursor, last]);
    cursor = nextDay(monthEnd);
  }
  return { months, edges };
}

function lastDayOfMonth(monthStart: string): string {
  const [y, m] = monthStart.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
