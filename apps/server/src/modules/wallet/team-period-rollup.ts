// The play roll-up's rows per report period (team-periods.ts): rebuilt in the roll-up's transaction, after its member
// day rows, for the (member, day)s it touched and the agents whose team a move changed.
import { BRAND_TIME_ZONE } from '@portal/shared/date-range';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

const zone = sql.lit(BRAND_TIME_ZONE);

/**
 * In the roll-up's transaction, after its member day rows: rebuilds the period rows of every (member, period) whose
 * day is in play_member_touched, for every agent the member counted for within the period, and every kept period
 * of the agents whose team a move changed since `since` (less an hour, for moves committed late) from the move's
 * day on; then the agents' rows of every period touched; then drops the day and week rows no longer kept.
 */
export async function rebuildTeamPeriods(trx: Transaction<Database>, since: string): Promise<void> {
  const today = sql`(now() AT TIME ZONE ${zone})::date`;
  const weekOf = (day: RawBuilder<unknown>) => sql`(${day} - extract(dow FROM ${day})::int)`;
  // The kept periods a day is in: its day (from the day before yesterday on), its week (from the week before last
  // on), its month. Reports read day rows from yesterday and week rows from last week (team-periods.ts, periodOf): the
  // extra day and week are kept so that a node whose clock is a little behind the database's still finds whole rows.
  const periodsOf = (day: RawBuilder<unknown>) => sql`
    (SELECT k.kind, k.period, k.last
       FROM (VALUES ('d'::"char", ${day}, ${day}),
                    ('w'::"char", ${weekOf(day)}, ${weekOf(day)} + 6),
                    ('m'::"char", date_trunc('month', ${day})::date,
                     (date_trunc('month', ${day}) + interval '1 month' - interval '1 day')::date)) k(kind, period, last)
      WHERE k.kind = 'm' OR (k.kind = 'd' AND k.period >= ${today} - 2)
         OR (k.kind = 'w' AND k.period >= ${weekOf(today)} - 14))`;
  await sql`
    CREATE TEMP TABLE period_touched ON COMMIT DROP AS
    SELECT DISTINCT t.member_id, k.kind, k.period, k.last
      FROM play_member_touched t CROSS JOIN LATERAL ${periodsOf(sql`t.day`)} k`.execute(trx);
  await sql`
    CREATE TEMP TABLE period_moved ON COMMIT DROP AS
    SELECT DISTINCT m.agent_id, k.kind, k.period, k.last
      FROM agent_pairs_moved(${since}::timestamptz - interval '1 hour', ${zone}) m,
           generate_series(m.first_day, ${today}, interval '1 day') g(day)
           CROSS JOIN LATERAL ${periodsOf(sql`g.day::date`)} k`.execute(trx);
  await sql`CREATE TEMP TABLE period_agents (agent_id bigint, kind "char", period date) ON COMMIT DROP`.execute(trx);
  const span = await sql<{ first: string | null; last: string | null }>`
    SELECT min(period)::text AS first, max(last)::text AS last
      FROM (SELECT period, last FROM period_touched UNION ALL SELECT period, last FROM period_moved) x`.execute(trx);
  const first = span.rows[0]?.first;
  const last = span.rows[0]?.last;
  if (first && last) {
    const pairs = sql`agent_pairs_days(${first}::date, ${last}::date, ${zone})`;
    const columns = sql`agent_id, kind, period, member_id, rounds, stake_minor, refund_minor, win_minor, bonus_minor`;
    const sums = sql`sum(d.rounds)::int, sum(d.stake_minor), sum(d.refund_minor), sum(d.win_minor), sum(d.bonus_minor)`;
    const anyFigure = sql`sum(d.rounds) > 0 OR sum(d.stake_minor) <> 0 OR sum(d.refund_minor) <> 0
      OR sum(d.win_minor) <> 0 OR sum(d.bonus_minor) <> 0`;
    // The touched members' periods, for every agent they counted for.
    await sql`
      WITH gone AS (
        DELETE FROM wallet_team_member_periods w USING period_touched t
         WHERE w.member_id = t.member_id AND w.kind = t.kind AND w.period = t.period
        RETURNING w.agent_id, w.kind, w.period),
      made AS (
        INSERT INTO wallet_team_member_periods (${columns})
        SELECT p.agent_id, t.kind, t.period, t.member_id, ${sums}
          FROM period_touched t
          JOIN ${pairs} p ON p.member_id = t.member_id AND p.first_day <= t.last AND p.last_day >= t.period
          JOIN wallet_play_member_days d ON d.member_id = t.member_id
           AND d.day BETWEEN greatest(p.first_day, t.period) AND least(p.last_day, t.last)
         GROUP BY p.agent_id, t.kind, t.period, t.member_id
        HAVING ${anyFigure}
        RETURNING agent_id, kind, period)
      INSERT INTO period_agents SELECT * FROM gone UNION SELECT * FROM made`.execute(trx);
    // The moved agents' periods, whole (after the above, so their rows are written once more, from the same rows).
    await sql`
      WITH gone AS (
        DELETE FROM wallet_team_member_periods w USING period_moved m
         WHERE w.agent_id = m.agent_id AND w.kind = m.kind AND w.period = m.period
        RETURNING w.agent_id, w.kind, w.period),
      made AS (
        INSERT INTO wallet_team_member_periods (${columns})
        SELECT m.agent_id, m.kind, m.period, p.member_id, ${sums}
          FROM period_moved m
          JOIN ${pairs} p ON p.agent_id = m.agent_id AND p.first_day <= m.last AND p.last_day >= m.period
          JOIN wallet_play_member_days d ON d.member_id = p.member_id
           AND d.day BETWEEN greatest(p.first_day, m.period) AND least(p.last_day, m.last)
         GROUP BY m.agent_id, m.kind, m.period, p.member_id
        HAVING ${anyFigure}
        RETURNING agent_id, kind, period)
      INSERT INTO period_agents SELECT * FROM gone UNION SELECT * FROM made
                                UNION SELECT agent_id, kind, period FROM period_moved`.execute(trx);
    await sql`DELETE FROM wallet_team_periods w USING period_agents a
               WHERE w.agent_id = a.agent_id AND w.kind = a.kind AND w.period = a.period`.execute(trx);
    await sql`
      INSERT INTO wallet_team_periods (agent_id, kind, period, betting_members, play_members, active_members, rounds,
                                       stake_minor, refund_minor, win_minor, bonus_minor)
      SELECT a.agent_id, a.kind, a.period,
             count(*) FILTER (WHERE w.rounds > 0 OR w.stake_minor <> 0 OR w.refund_minor <> 0 OR w.win_minor <> 0),
             count(*), count(*) FILTER (WHERE w.rounds > 0), sum(w.rounds), sum(w.stake_minor), sum(w.refund_minor),
             sum(w.win_minor), sum(w.bonus_minor)
        FROM (SELECT DISTINCT agent_id, kind, period FROM period_agents) a
        JOIN wallet_team_member_periods w ON w.agent_id = a.agent_id AND w.kind = a.kind AND w.period = a.period
       GROUP BY 1, 2, 3`.execute(trx);
  }
  // Day and week rows no longer kept.
  const stale = sql`kind <> 'm' AND period < ${today} - 2 AND (kind = 'd' OR period < ${weekOf(today)} - 14)`;
  await sql`DELETE FROM wallet_team_member_periods WHERE ${stale}`.execute(trx);
  await sql`DELETE FROM wallet_team_periods WHERE ${stale}`.execute(trx);
}
