// The team reports' rows per report period (issue 29, "Speed"): per agent, period (a day, a Sunday-to-Saturday week,
// a month) and team member, the member's play over the days of the period it counted for the agent (the tree as it
// stood each day, agent_pairs_days), and per agent and period their sums. The play roll-up keeps them in the same
// transaction as its member rows; a report over one of these periods reads a page as an index range of 20 rows and
// its totals as one row, and adds the lines above the watermark as they are, so it stays exact to the last line.
import { BRAND_TIME_ZONE } from '@portal/shared/date-range';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { MemberPlayRange } from '../../common/report-range.ts';
import type { Database } from '../../db/schema.ts';
import { playLines, playSums } from './play-rollup.ts';

const zone = sql.lit(BRAND_TIME_ZONE);

/** A report period the roll-up keeps rows for: 'd' a day, 'w' a week (its Sunday), 'm' a month (its first day). */
export interface TeamPeriod {
  kind: 'd' | 'w' | 'm';
  period: string;
}

/** The columns a page of member rows can be sorted by (each has an index). */
export type PeriodSort = 'rounds' | 'valid' | 'win' | 'bonus' | 'result' | 'net';

/** Which members a report lists: who bet (team betting), or who has any play figure (user profit and loss). */
export type PeriodKeep = 'betting' | 'play';

/** A member's play over a period, minor units. */
export interface PeriodFigures {
  rounds: bigint;
  stake: bigint;
  refund: bigint;
  win: bigint;
  bonus: bigint;
}

export interface PeriodPage {
  /** Members the report lists over the period. */
  count: number;
  /** Members with a round over the period. */
  active: number;
  totals: PeriodFigures;
  rows: ({ memberId: string } & PeriodFigures)[];
  /** Those of the members asked for by `members` who have a play figure over the period (`keep` 'play'). */
  played: Set<string>;
  /** Of the members of `listed`, those with no play figure over the period: how many, and the first by id. */
  unplayed: { count: number; first: string[] };
}

export interface PeriodPageQuery {
  range: MemberPlayRange;
  keep: PeriodKeep;
  sort: PeriodSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** Members whose figures over the period the caller also wants (the lines above the watermark added). */
  members?: readonly string[];
  /**
   * Members the report lists besides those with play, as an SQL relation of member_id (another module's, read in
   * this snapshot): those without play are counted and the first offset + limit of them by id given.
   */
  listed?: RawBuilder<unknown>;
}

/**
 * The kept period [from, to] is, if any: one day from yesterday on; a week from last week on, whole or up to today;
 * a month, whole or up to today (no line is dated after today). The roll-up keeps day rows for today and yesterday
 * and week rows for this week and the last as it sees them; a report's today is never before the roll-up's.
 */
export function periodOf(from: string, to: string, today: string): TeamPeriod | null {
  if (from === to) return from >= addDays(today, -1) ? { kind: 'd', period: from } : null;
  const upToToday = (last: string) => to === last || (to === today && to < last);
  if (weekStart(from) === from && from >= addDays(weekStart(today), -7) && upToToday(addDays(from, 6))) {
    return { kind: 'w', period: from };
  }
  if (from.endsWith('-01') && upToToday(lastOfMonth(from))) return { kind: 'm', period: from };
  return null;
}

function dayUtc(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function addDays(day: string, n: number): string {
  const date = dayUtc(day);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

function weekStart(day: string): string {
  return addDays(day, -dayUtc(day).getUTCDay());
}

function lastOfMonth(first: string): string {
  const date = dayUtc(first);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

/** Up to this many members asked for are looked up one by one; more, by reading the period's member ids. */
const ASKED_PROBES = 500;

const SORT_COLUMNS: Record<PeriodSort, string> = {
  rounds: 'rounds',
  valid: 'valid_minor',
  win: 'win_minor',
  bonus: 'bonus_minor',
  result: 'result_minor',
  net: 'net_minor',
};

const zero = (): PeriodFigures => ({ rounds: 0n, stake: 0n, refund: 0n, win: 0n, bonus: 0n });

function kept(keep: PeriodKeep, f: PeriodFigures): boolean {
  return f.rounds > 0n || f.stake !== 0n || f.refund !== 0n || f.win !== 0n || (keep === 'play' && f.bonus !== 0n);
}

function sortValue(sort: PeriodSort, f: PeriodFigures): bigint {
  const valid = f.stake - f.refund;
  return {
    rounds: f.rounds,
    valid,
    win: f.win,
    bonus: f.bonus,
    result: f.win - valid,
    net: f.win + f.bonus - valid,
  }[sort];
}

const add = (a: PeriodFigures, b: PeriodFigures): PeriodFigures => ({
  rounds: a.rounds + b.rounds,
  stake: a.stake + b.stake,
  refund: a.refund + b.refund,
  win: a.win + b.win,
  bonus: a.bonus + b.bonus,
});

interface FigureRow {
  member_id: string;
  rounds: string;
  stake_minor: string;
  refund_minor: string;
  win_minor: string;
  bonus_minor: string;
}

const figures = (r: Omit<FigureRow, 'member_id'>): PeriodFigures => ({
  rounds: BigInt(r.rounds),
  stake: BigInt(r.stake_minor),
  refund: BigInt(r.refund_minor),
  win: BigInt(r.win_minor),
  bonus: BigInt(r.bonus_minor),
});

/**
 * A page of an agent's team members over a kept period, its count, active members and totals, in one snapshot:
 * the period's rows (a page is the first rows of the sort column's index range, the members with lines above the
 * watermark left out) and the lines above the watermark, per member of the team on the line's day, added to their
 * members' rows and ranked with the page's candidates. Null when the period is not kept or a move of the agent's
 * team is newer than the roll-up's last look at the tree (the caller then reads the per-member path).
 */
export async function periodPage(
  db: Kysely<Database>,
  agentId: string,
  query: PeriodPageQuery,
  currency: string,
  /** Up to this many members asked for are looked up one by one; more, by reading the period's member ids. */
  probeAtMost = ASKED_PROBES,
): Promise<PeriodPage | null> {
  const { range } = query;
  if (range.vendorCode !== undefined || range.gameType !== undefined) return null;
  const period = periodOf(range.from, range.to, range.today);
  if (!period) return null;
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const state = await periodState(trx, agentId, period, range, currency);
      if (!state) return null;
      const { base, live, total } = state;
      const column = sql.ref(`w.${SORT_COLUMNS[query.sort]}`);
      const direction = sql.raw(query.order === 'asc' ? 'ASC' : 'DESC');
      const keepSql =
        query.keep === 'betting'
          ? sql`(w.rounds > 0 OR w.stake_minor <> 0 OR w.refund_minor <> 0 OR w.win_minor <> 0)`
          : sql`true`;
      const liveIds = [...live.keys()];
      const page = sql`
        SELECT w.member_id, w.rounds, w.stake_minor, w.refund_minor, w.win_minor, w.bonus_minor
          FROM wallet_team_member_periods w
         WHERE w.agent_id = ${agentId} AND w.kind = ${period.kind} AND w.period = ${period.period}::date
           AND ${keepSql} AND w.member_id <> ALL(${liveIds}::bigint[])
         ORDER BY ${column} ${direction}, w.member_id
         LIMIT ${query.offset + query.limit}`;
      // With `listed`, its members without play in the same statement (one round trip less): a row of them, and
      // the page's rows beside it (none when the page is empty).
      const { rows } = query.listed
        ? await sql<Partial<FigureRow> & { unplayed_count: string; unplayed_first: string[] }>`
            WITH unplayed AS MATERIALIZED (${unplayedSql(agentId, period, query.listed, live)})
            SELECT u.unplayed_count, u.unplayed_first, p.*
              FROM (SELECT (SELECT count(*) FROM unplayed) AS unplayed_count,
                           ARRAY(SELECT x.member_id FROM unplayed x ORDER BY x.member_id
                                  LIMIT ${query.offset + query.limit})::text[] AS unplayed_first) u
              LEFT JOIN LATERAL (${page}) p ON true`.execute(trx)
        : await sql<Partial<FigureRow> & { unplayed_count?: undefined; unplayed_first?: undefined }>`${page}`.execute(
            trx,
          );
      const unplayed = { count: Number(rows[0]?.unplayed_count ?? 0), first: rows[0]?.unplayed_first ?? [] };
      const candidates = rows
        .filter((r): r is FigureRow & (typeof rows)[number] => r.member_id != null)
        .map((r) => ({ memberId: r.member_id, ...figures(r) }));
      // A member has a row of the period exactly when it has a play figure; the lines above the watermark only add.
      const played = new Set<string>();
      const asked = query.members ?? [];
      if (asked.length) {
        // Few members: a probe each; many: the period's member ids, read from the primary key's index alone.
        const ids = asked.length <= probeAtMost ? sql`AND member_id = ANY(${[...asked]}::bigint[])` : sql``;
        const { rows: found } = await sql<{ member_id: string }>`
          SELECT member_id FROM wallet_team_member_periods
           WHERE agent_id = ${agentId} AND kind = ${period.kind} AND period = ${period.period}::date ${ids}`.execute(
          trx,
        );
        const wanted = new Set(asked);
        for (const r of found) if (wanted.has(r.member_id)) played.add(r.member_id);
        for (const [id, delta] of live) if (wanted.has(id) && kept('play', delta)) played.add(id);
      }
      let count = query.keep === 'betting' ? total.betting : total.play;
      let active = total.active;
      let totals = total.figures;
      for (const [memberId, delta] of live) {
        const before = base.get(memberId) ?? zero();
        const after = add(before, delta);
        totals = add(totals, delta);
        count += Number(kept(query.keep, after)) - Number(kept(query.keep, before));
        active += Number(after.rounds > 0n) - Number(before.rounds > 0n);
        if (kept(query.keep, after)) candidates.push({ memberId, ...after });
      }
      const sign = query.order === 'asc' ? 1 : -1;
      candidates.sort((a, b) => {
        const x = sortValue(query.sort, a);
        const y = sortValue(query.sort, b);
        if (x !== y) return x < y ? -sign : sign;
        const i = BigInt(a.memberId);
        const j = BigInt(b.memberId);
        return i < j ? -1 : i > j ? 1 : 0;
      });
      return {
        count,
        active,
        totals,
        rows: candidates.slice(query.offset, query.offset + query.limit),
        played,
        unplayed,
      };
    });
}

/**
 * Of `listed` (an SQL relation of member_id), the members with no row of the period and no play in the lines above
 * the watermark (`live`, added to their rows): a relation of member_id for the page's statement.
 */
function unplayedSql(
  agentId: string,
  period: TeamPeriod,
  listed: RawBuilder<unknown>,
  live: Map<string, PeriodFigures>,
): RawBuilder<unknown> {
  // A member with play only above the watermark has no row yet; the lines only add, so one with a row has play.
  const playedLive = [...live].filter(([, delta]) => kept('play', delta)).map(([id]) => id);
  return sql`
    SELECT x.member_id FROM ${listed} x
     WHERE NOT EXISTS (SELECT 1 FROM wallet_team_member_periods w
                        WHERE w.agent_id = ${agentId} AND w.kind = ${period.kind}
                          AND w.period = ${period.period}::date AND w.member_id = x.member_id)
       AND x.member_id <> ALL(${playedLive}::bigint[])`;
}

/**
 * Members with a round over a kept period (the agent's row of the period and the lines above the watermark), read in
 * `trx`, the caller's REPEATABLE READ transaction; null as for periodPage.
 */
export async function periodActive(
  trx: Transaction<Database>,
  agentId: string,
  range: MemberPlayRange,
  currency: string,
): Promise<number | null> {
  const period = periodOf(range.from, range.to, range.today);
  if (!period) return null;
  const state = await periodState(trx, agentId, period, range, currency);
  if (!state) return null;
  let active = state.total.active;
  for (const [memberId, delta] of state.live) {
    const before = state.base.get(memberId)?.rounds ?? 0n;
    active += Number(before + delta.rounds > 0n) - Number(before > 0n);
  }
  return active;
}

/**
 * What a kept period's report reads besides its page, in the caller's REPEATABLE READ snapshot: the agent's row of
 * the period, the lines above the watermark summed per member of the team (on the line's day), and those members'
 * rows. Null when a move of the agent's team from a day up to the range's end is not in the rows yet.
 */
async function periodState(
  trx: Transaction<Database>,
  agentId: string,
  period: TeamPeriod,
  range: MemberPlayRange,
  currency: string,
) {
  // One statement: the watermark, whether a move is newer than the roll-up's look at the tree, the agent's row of
  // the period, and the lines above the watermark per member (amounts as text: JSON numbers would round them).
  const lines = playLines(
    sql`journal_lines l`,
    sql`l.id > w.line_id AND l.created_at >= ${range.start} AND l.created_at < ${range.end}`,
    currency,
    false,
  );
  const { rows: states } = await sql<{
    moved: boolean;
    total:
      | (Omit<FigureRow, 'member_id'> & { betting_members: number; play_members: number; active_members: number })
      | null;
    live: FigureRow[];
  }>`
    SELECT coalesce(agent_team_moved_from(${agentId}, w.tree_checked_at, ${zone}) <= ${range.to}::date, false) AS moved,
           (SELECT json_build_object('betting_members', t.betting_members, 'play_members', t.play_members,
                                     'active_members', t.active_members, 'rounds', t.rounds::text,
                                     'stake_minor', t.stake_minor::text, 'refund_minor', t.refund_minor::text,
                                     'win_minor', t.win_minor::text, 'bonus_minor', t.bonus_minor::text)
              FROM wallet_team_periods t
             WHERE t.agent_id = ${agentId} AND t.kind = ${period.kind} AND t.period = ${period.period}::date) AS total,
           (SELECT coalesce(json_agg(json_build_object('member_id', x.member_id::text, 'rounds', x.rounds::text,
                                                       'stake_minor', x.stake_minor::text,
                                                       'refund_minor', x.refund_minor::text,
                                                       'win_minor', x.win_minor::text,
                                                       'bonus_minor', x.bonus_minor::text)), '[]')
              FROM (SELECT p.member_id, ${playSums}
                      FROM (${lines}) p
                     WHERE EXISTS (SELECT 1 FROM agent_team_days(${agentId}::bigint, ${range.from}::date,
                                                                 ${range.to}::date, ${zone}) t
                                    WHERE t.member_id = p.member_id AND p.day BETWEEN t.first_day AND t.last_day)
                     GROUP BY p.member_id) x) AS live
      FROM wallet_play_watermark w`.execute(trx);
  const state = states[0];
  if (!state || state.moved) return null;
  const liveRows = { rows: state.live };
  const totalRows = { rows: state.total ? [state.total] : [] };
  const live = new Map(liveRows.rows.map((r) => [r.member_id, figures(r)]));
  const base = new Map<string, PeriodFigures>();
  if (live.size) {
    const { rows } = await sql<FigureRow>`
      SELECT member_id, rounds, stake_minor, refund_minor, win_minor, bonus_minor
        FROM wallet_team_member_periods
       WHERE agent_id = ${agentId} AND kind = ${period.kind} AND period = ${period.period}::date
         AND member_id = ANY(${[...live.keys()]}::bigint[])`.execute(trx);
    for (const r of rows) base.set(r.member_id, figures(r));
  }
  const row = totalRows.rows[0];
  const total = {
    betting: Number(row?.betting_members ?? 0),
    play: Number(row?.play_members ?? 0),
    active: Number(row?.active_members ?? 0),
    figures: row ? figures(row) : zero(),
  };
  return { base, live, total };
}

/**
 * Per member of an agent's team over a kept period, its play (member_id, rounds, stake_minor, refund_minor, win_minor,
 * bonus_minor): the period's rows of the agent and the lines above the watermark of the members of `team` (as
 * memberPlaySql's `team`) on their days, read in `trx`, the report's REPEATABLE READ transaction. Null when the
 * period is not kept, a filter is asked for or a move is not in the rows yet (the caller reads memberPlaySql).
 */
export async function periodPlaySql(
  trx: Kysely<Database>,
  agentId: string,
  team: RawBuilder<unknown>,
  range: MemberPlayRange,
  currency: string,
): Promise<RawBuilder<unknown> | null> {
  if (range.vendorCode !== undefined || range.gameType !== undefined) return null;
  const period = periodOf(range.from, range.to, range.today);
  if (!period) return null;
  const mark = await sql<{ line_id: string; moved: boolean }>`
    SELECT w.line_id,
           coalesce(agent_team_moved_from(${agentId}, w.tree_checked_at, ${zone}) <= ${range.to}::date, false) AS moved
      FROM wallet_play_watermark w`.execute(trx);
  const watermark = mark.rows[0];
  if (!watermark || watermark.moved) return null;
  const lines = playLines(
    sql`journal_lines l`,
    sql`l.id > ${watermark.line_id} AND l.created_at >= ${range.start} AND l.created_at < ${range.end}`,
    currency,
    false,
  );
  return sql`
    SELECT x.member_id, sum(x.rounds)::bigint AS rounds, sum(x.stake_minor)::bigint AS stake_minor,
           sum(x.refund_minor)::bigint AS refund_minor, sum(x.win_minor)::bigint AS win_minor,
           sum(x.bonus_minor)::bigint AS bonus_minor
      FROM (SELECT w.member_id, w.rounds::bigint AS rounds, w.stake_minor, w.refund_minor, w.win_minor, w.bonus_minor
              FROM wallet_team_member_periods w
             WHERE w.agent_id = ${agentId} AND w.kind = ${period.kind} AND w.period = ${period.period}::date
            UNION ALL
            SELECT p.member_id, ${playSums}
              FROM (${lines}) p
             WHERE EXISTS (SELECT 1 FROM ${team} t WHERE t.member_id = p.member_id
                              AND p.day BETWEEN t.first_day AND t.last_day)
             GROUP BY p.member_id) x
     GROUP BY x.member_id`;
}
