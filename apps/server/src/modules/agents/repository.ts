// The agents module's SQL: the team tree (agent_tree, a closure table kept by triggers on members, and
// member_upline_history). A team list reads the members' directory columns (account, nickname, type, status, dates)
// beside the tree, never their secrets (docs/decisions.md, "The agent tree").
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { accountKey } from '../../common/member-types.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A member of the agent's team by account, with its level under the agent; undefined when not in the team. */
export function teamMember(db: Executor, agentId: string, account: string) {
  return db
    .selectFrom('agent_tree as t')
    .innerJoin('members as m', 'm.id', 't.descendant_id')
    .select(['m.id', 'm.account', 't.depth'])
    .where('t.ancestor_id', '=', agentId)
    .where('t.depth', '>', 0)
    .where('m.account_key', '=', accountKey(account))
    .executeTakeFirst();
}

/** Accounts and levels under the agent of some members of its team (others are left out). */
export function levelsOf(db: Executor, agentId: string, ids: readonly string[]) {
  return db
    .selectFrom('agent_tree as t')
    .innerJoin('members as m', 'm.id', 't.descendant_id')
    .select(['m.id', 'm.account', 't.depth'])
    .where('t.ancestor_id', '=', agentId)
    .where('t.depth', '>', 0)
    .where('t.descendant_id', 'in', [...ids])
    .execute();
}

/** The accounts from the agent's direct downline down to the member (itself included), top first. */
export async function pathTo(db: Executor, agentId: string, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('agent_tree as up')
    .innerJoin('agent_tree as mine', (join) =>
      join.onRef('mine.descendant_id', '=', 'up.ancestor_id').on('mine.ancestor_id', '=', agentId),
    )
    .innerJoin('members as m', 'm.id', 'up.ancestor_id')
    .select('m.account')
    .where('up.descendant_id', '=', memberId)
    .where('mine.depth', '>', 0)
    .orderBy('up.depth', 'desc')
    .execute();
  return rows.map((row) => row.account);
}

/** Which members a team list shows: a member's direct downline, or the whole team's accounts with a prefix. */
export type TeamSelection = { agentId: string } & ({ parentId: string } | { prefix: string });

export type SqlSort = 'createdAt' | 'lastLoginAt' | 'account';

function selected(db: Executor, selection: TeamSelection) {
  const query = db.selectFrom('agent_tree as t').innerJoin('members as m', 'm.id', 't.descendant_id');
  if ('parentId' in selection) {
    return query.where('t.ancestor_id', '=', selection.parentId).where('t.depth', '=', 1);
  }
  const prefix = `${accountKey(selection.prefix).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return query
    .where('t.ancestor_id', '=', selection.agentId)
    .where('t.depth', '>', 0)
    .where('m.account_key', 'like', prefix);
}

export async function countSelected(db: Executor, selection: TeamSelection): Promise<number> {
  const row = await selected(db, selection)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the selection's member ids, in a members' column order (ties by account). */
export async function pageOfSelected(
  db: Executor,
  selection: TeamSelection,
  sort: SqlSort,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<string[]> {
  const column = { createdAt: 'm.created_at', lastLoginAt: 'm.last_login_at', account: 'm.account_key' }[sort];
  const nulls = order === 'desc' ? sql`NULLS LAST` : sql`NULLS FIRST`;
  const rows = await selected(db, selection)
    .select('m.id')
    .orderBy(sql`${sql.ref(column)} ${sql.raw(order)} ${nulls}`)
    .orderBy('m.account_key')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => row.id);
}

/** Every member id of the selection with its account key (for an order only the wallet can give). */
export function allSelected(db: Executor, selection: TeamSelection) {
  return selected(db, selection).select(['m.id', 'm.account_key']).execute();
}

/** The list's rows of some team members: directory columns, level under the agent, upline, team sizes. */
export function teamRows(db: Executor, agentId: string, ids: readonly string[]) {
  return db
    .selectFrom('members as m')
    .innerJoin('agent_tree as level', (join) =>
      join.onRef('level.descendant_id', '=', 'm.id').on('level.ancestor_id', '=', agentId),
    )
    .leftJoin('members as up', 'up.id', 'm.upline_id')
    .select((eb) => [
      'm.id',
      'm.account',
      'm.nickname',
      'm.type',
      'm.status',
      'm.created_at',
      'm.last_login_at',
      'level.depth',
      'up.account as upline',
      eb
        .selectFrom('agent_tree as sub')
        .select(sql<string>`count(*) FILTER (WHERE sub.depth = 1)`.as('n'))
        .whereRef('sub.ancestor_id', '=', 'm.id')
        .as('direct_count'),
      eb
        .selectFrom('agent_tree as sub')
        .select(sql<string>`count(*) FILTER (WHERE sub.depth > 0)`.as('n'))
        .whereRef('sub.ancestor_id', '=', 'm.id')
        .as('team_size'),
    ])
    .where('m.id', 'in', [...ids])
    .where('level.depth', '>', 0)
    .execute();
}

/**
 * The team's size on the last day of a range of brand-zone days (its members registered by then) and its
 * registrations per day and over the whole range (`day` null), the team as it stood each day (agent_team_days).
 */
export async function registrations(
  db: Executor,
  agentId: string,
  range: { from: string; to: string; start: Date; end: Date },
  zone: string,
) {
  const pairs = sql`agent_team_days(${agentId}::bigint, ${range.from}::date, ${range.to}::date, ${zone}) t`;
  const [size, days] = await Promise.all([
    // The team of the last day, less its members registered after the range (read by registration time: usually
    // none, so the team is counted from the tree's index alone).
    sql<{ n: string }>`
      SELECT (SELECT count(DISTINCT t.member_id) FROM ${pairs} WHERE t.last_day = ${range.to}::date)
           - (SELECT count(DISTINCT t.member_id) FROM members m JOIN ${pairs} ON t.member_id = m.id
               WHERE m.created_at >= ${range.end} AND t.last_day = ${range.to}::date) AS n`.execute(db),
    registrationDays(db, agentId, range, zone),
  ]);
  return { members: Number(size.rows[0]?.n ?? 0), days };
}

/**
 * The registrations per day and over the range: the roll-up's rows of the days up to its mark
 * (agents/registration-rollup.ts) and the members created after it by time. The mark is read first, so that the
 * statement names its days as constants; the statement reads it again, and a mark gone back in between (a member
 * inserted on, or removed from, a day already added up) has the days read again on the newer mark.
 */
async function registrationDays(
  db: Executor,
  agentId: string,
  range: { from: string; to: string; start: Date; end: Date },
  zone: string,
): Promise<{ day: string | null; count: number }[]> {
  const markOf = (row: { day: string; zone: string } | undefined) =>
    row && row.zone === zone && row.day !== '-infinity' ? row.day : null;
  let mark = markOf(await db.selectFrom('agent_team_registration_mark').select(['day', 'zone']).executeTakeFirst());
  for (;;) {
    const closedTo = mark !== null && mark >= range.from ? (mark < range.to ? mark : range.to) : null;
    const openFrom = closedTo === null ? range.from : nextDay(closedTo);
    const parts: RawBuilder<unknown>[] = [];
    if (closedTo !== null) {
      parts.push(sql`
        SELECT day, registrations::bigint AS n FROM agent_team_registration_days
         WHERE agent_id = ${agentId} AND day BETWEEN ${range.from}::date AND ${closedTo}::date`);
    }
    if (openFrom <= range.to) {
      const start =
        openFrom === range.from
          ? sql`${range.start}`
          : sql`(${openFrom}::date::timestamp AT TIME ZONE ${sql.lit(zone)})`;
      const team = sql`agent_team_days(${agentId}::bigint, ${openFrom}::date, ${range.to}::date, ${zone}) t
        JOIN members m ON m.id = t.member_id`;
      // A member in the team over all the days read needs no check of its day; the days are named once per group.
      parts.push(sql`
        SELECT day, count(*) AS n
          FROM (SELECT (m.created_at AT TIME ZONE ${sql.lit(zone)})::date AS day, t.first_day, t.last_day
                  FROM ${team}
                 WHERE m.created_at >= ${start} AND m.created_at < ${range.end}) r
         WHERE (r.first_day = ${openFrom}::date AND r.last_day = ${range.to}::date)
            OR r.day BETWEEN r.first_day AND r.last_day
         GROUP BY day`);
    }
    const { rows } = await sql<{ day: string | null; n: string; mark: string | null }>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, coalesce(sum(n), 0) AS n,
             (SELECT day::text FROM agent_team_registration_mark WHERE zone = ${zone}) AS mark
        FROM (${sql.join(parts, sql` UNION ALL `)}) d
       GROUP BY GROUPING SETS ((day), ())`.execute(db);
    const again = markOf(rows[0]?.mark ? { day: rows[0].mark, zone } : undefined);
    if (closedTo !== null && (again === null || again < closedTo)) {
      mark = again;
      continue;
    }
    return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
  }
}

/** The calendar day after a yyyy-MM-dd day. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Whether `memberId` is `rootId` or in its team. */
export async function inSubtree(db: Executor, rootId: string, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('agent_tree')
    .select('depth')
    .where('ancestor_id', '=', rootId)
    .where('descendant_id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A per-member report's columns, each a bigint over the report's row `r` (see memberReport). */
export type ReportColumns = Record<string, RawBuilder<unknown>>;

/**
 * A per-member report over the team as it stood on each day of [from, to]: `team` is that team (agent_team_days,
 * one row per stretch of days at one level), `sources` the other modules' per-member fragments over it (each
 * relation of member_id and bigint columns, joined by member id), `columns` what the report shows of them and
 * `keep` which members it lists. One page in the order asked (ties by member id) and the sums of every column over
 * all the rows kept, in one statement.
 */
export function memberReport(
  db: Kysely<Database>,
  query: {
    agentId: string;
    from: string;
    to: string;
    zone: string;
    memberId?: string;
    sources: Record<string, (db: Kysely<Database>, team: RawBuilder<unknown>) => Promise<RawBuilder<unknown>>>;
    columns: ReportColumns;
    keep: RawBuilder<unknown>;
    sort: string;
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
) {
  // One snapshot for the whole report: the sources may read what they need first (the wallet its roll-up's watermark).
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => memberReportIn(trx, query));
}

async function memberReportIn(db: Transaction<Database>, query: Parameters<typeof memberReport>[1]) {
  const team = sql`team`;
  const names = Object.keys(query.columns);
  const fragments = await Promise.all(Object.values(query.sources).map((source) => source(db, team)));
  const withs = Object.keys(query.sources).map((name, i) => sql`${sql.id(name)} AS (${fragments[i]})`);
  const joins = Object.keys(query.sources).map(
    (name) => sql`LEFT JOIN ${sql.id(name)} ON ${sql.id(name)}.member_id = lvl.member_id`,
  );
  const member = query.memberId !== undefined ? sql`WHERE member_id = ${query.memberId}` : sql``;
  const direction = sql.raw(query.order === 'asc' ? 'ASC' : 'DESC');
  const statement = sql<Record<string, string | number | null>>`
    WITH team AS (
           SELECT * FROM agent_team_days(${query.agentId}::bigint, ${query.from}::date, ${query.to}::date,
                                         ${query.zone}) ${member}),
         ${sql.join(withs)},
         r AS MATERIALIZED (
           SELECT lvl.member_id, lvl.depth, ${sql.join(names.map((name) => sql`${query.columns[name]} AS ${sql.id(name)}`))}
             FROM (SELECT DISTINCT ON (member_id) member_id, depth FROM team ORDER BY member_id, last_day DESC) lvl
             ${sql.join(joins, sql` `)}
            WHERE ${query.keep}),
         page AS (
           SELECT * FROM r ORDER BY ${sql.id(query.sort)} ${direction}, member_id LIMIT ${query.limit} OFFSET ${query.offset})
    SELECT page.*, m.account, totals.*
      FROM (SELECT count(*) AS total_count,
                   ${sql.join(names.map((name) => sql`coalesce(sum(${sql.id(name)}), 0)::bigint AS ${sql.id(`total_${name}`)}`))}
              FROM r) totals
      LEFT JOIN page ON true
      LEFT JOIN members m ON m.id = page.member_id
     ORDER BY ${sql.id(query.sort)} ${direction}, page.member_id`;
  const { rows } = await statement.execute(db);
  const first = rows[0];
  const totals = Object.fromEntries(names.map((name) => [name, BigInt(first?.[`total_${name}`] ?? 0)]));
  return {
    count: Number(first?.total_count ?? 0),
    totals,
    rows: rows
      .filter((row) => row.member_id !== null)
      .map((row) => ({
        account: String(row.account),
        level: Number(row.depth),
        values: Object.fromEntries(names.map((name) => [name, BigInt(row[name] ?? 0)])),
      })),
  };
}

/** Whether a member is (or was, on a day of [from, to]) in the agent's team, by account; its id when so. */
export async function teamMemberOnDays(
  db: Executor,
  query: { agentId: string; account: string; from: string; to: string; zone: string },
) {
  const { rows } = await sql<{ id: string }>`
    SELECT m.id FROM members m
     WHERE m.account_key = ${accountKey(query.account)}
       AND (EXISTS (SELECT 1 FROM agent_tree t WHERE t.ancestor_id = ${query.agentId} AND t.descendant_id = m.id
                       AND t.depth > 0)
            OR EXISTS (SELECT 1 FROM agent_team_days(${query.agentId}::bigint, ${query.from}::date, ${query.to}::date,
                                                     ${query.zone}) d WHERE d.member_id = m.id))`.execute(db);
  return rows[0]?.id;
}

/**
 * Accounts and levels of some members of the agent's team over [from, to], the tree as it stood each day: the level
 * of the last stretch of days each counted for the agent (as memberReport gives it).
 */
export async function levelsOnDays(
  db: Executor,
  query: { agentId: string; from: string; to: string; zone: string; ids: readonly string[] },
): Promise<Map<string, { account: string; depth: number }>> {
  if (query.ids.length === 0) return new Map();
  const { rows } = await sql<{ id: string; account: string; depth: number }>`
    SELECT DISTINCT ON (t.member_id) t.member_id AS id, m.account, t.depth
      FROM agent_team_days(${query.agentId}::bigint, ${query.from}::date, ${query.to}::date, ${query.zone}) t
      JOIN members m ON m.id = t.member_id
     WHERE t.member_id = ANY(${[...query.ids]}::bigint[])
     ORDER BY t.member_id, t.last_day DESC`.execute(db);
  return new Map(rows.map((row) => [row.id, { account: row.account, depth: Number(row.depth) }]));
}
