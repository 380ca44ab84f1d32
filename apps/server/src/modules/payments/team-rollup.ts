// The team roll-up of the members' payments (issue 29, "Speed"): the log of changes to each member's payment figures
// (migration 0052, written by triggers in the transactions that change them) added up per member and brand-zone day,
// per agent and day over the team as it stood that day (the team overview), and per agent, month and member (user
// profit and loss). A report reads these rows and adds the changes above the watermark as they are
// (team-figures.ts), so it stays exact to the last payment.
import { BRAND_TIME_ZONE } from '@portal/shared/date-range';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { catchUpLog } from '../../common/settled-log.ts';
import type { Database } from '../../db/schema.ts';
import type { JobScheduler } from '../../jobs/jobs.ts';

const zone = sql.lit(BRAND_TIME_ZONE);

/** Changes the roll-up reads per transaction: bounds its memory and the length of its transactions. */
const BATCH_CHANGES = 100_000;
/** How long a run waits for the transactions older than its snapshot to end before it leaves the rest to the next. */
const SETTLE_WAIT_MS = 5_000;

/** The member-day figures of a group of changes `c` in `currency` (first deposits in any currency). */
export function changeSums(currency: string) {
  const mine = sql`c.currency = ${currency}`;
  return sql`
    coalesce(sum(c.deposit_minor) FILTER (WHERE ${mine}), 0)::bigint AS deposit_minor,
    coalesce(sum(c.deposit_count) FILTER (WHERE ${mine}), 0)::int AS deposit_count,
    coalesce(sum(c.first_deposits), 0)::int AS first_deposits,
    coalesce(sum(c.withdrawal_minor) FILTER (WHERE ${mine}), 0)::bigint AS withdrawal_minor,
    coalesce(sum(c.withdrawal_count) FILTER (WHERE ${mine}), 0)::int AS withdrawal_count`;
}

const DAY_COLUMNS = sql`deposit_minor, deposit_count, first_deposits, withdrawal_minor, withdrawal_count`;

export class PaymentTeamRollup {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly currency: string,
    private readonly settleWaitMs = SETTLE_WAIT_MS,
  ) {}

  /**
   * Brings the rows up to the newest change that can no longer change (catchUpLog: a change is logged by a trigger
   * after its payment's row was written), rebuilding, batch by batch, every (member, day) the changes above the
   * watermark touched from all of that member's changes of that day up to the batch's end, and the agents' rows
   * they count for. Rows are rebuilt whole, never added to, so a re-run over changes already read writes the same.
   */
  async run(): Promise<{ fromChange: string; toChange: string; memberDays: number }> {
    const done = await catchUpLog(this.db, {
      newest: sql`(SELECT max(id) FROM payment_fact_changes)`,
      watermark: () => this.watermark(),
      batch: BATCH_CHANGES,
      settleWaitMs: this.settleWaitMs,
      rebuild: (from, to) => this.rebuild(from, to),
    });
    return { fromChange: done.from.toString(), toChange: done.to.toString(), memberDays: done.rebuilt };
  }

  /** The id of the newest change in the rows. */
  async watermark(): Promise<bigint> {
    const row = await this.db.selectFrom('payment_rollup_watermark').select('change_id').executeTakeFirstOrThrow();
    return BigInt(row.change_id);
  }

  /** Rebuilds the rows touched by the changes (from, to] and by the tree's moves; moves the watermark to `to`. */
  private rebuild(from: bigint, to: bigint): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      // Runs take turns; a run that finds the watermark moved past `from` leaves the batch to the one that moved it.
      // The tree's check as text: '-infinity' until the first run, which no Date holds.
      const mark = await sql<{ change_id: string; tree_checked_at: string }>`
        SELECT change_id, tree_checked_at::text FROM payment_rollup_watermark FOR UPDATE`.execute(trx);
      if (BigInt(mark.rows[0]?.change_id ?? '0') !== from) return 0;
      await sql`
        CREATE TEMP TABLE payment_touched ON COMMIT DROP AS
        SELECT DISTINCT member_id, (at AT TIME ZONE ${zone})::date AS day
          FROM payment_fact_changes WHERE id > ${from} AND id <= ${to}`.execute(trx);
      await sql`ANALYZE payment_touched`.execute(trx);
      await sql`DELETE FROM payment_member_days d USING payment_touched t
                 WHERE d.member_id = t.member_id AND d.day = t.day`.execute(trx);
      const inserted = await sql`
        INSERT INTO payment_member_days (member_id, day, ${DAY_COLUMNS})
        SELECT t.member_id, t.day, ${changeSums(this.currency)}
          FROM payment_touched t
          JOIN payment_fact_changes c ON c.member_id = t.member_id
           AND c.at >= (t.day::timestamp AT TIME ZONE ${zone}) AND c.at < ((t.day + 1)::timestamp AT TIME ZONE ${zone})
           AND c.id <= ${to}
         GROUP BY t.member_id, t.day
        HAVING sum(c.deposit_count) FILTER (WHERE c.currency = ${this.currency}) <> 0
            OR sum(c.first_deposits) <> 0
            OR sum(c.withdrawal_count) FILTER (WHERE c.currency = ${this.currency}) <> 0`.execute(trx);
      const since = mark.rows[0]?.tree_checked_at ?? '-infinity';
      await rebuildTeamDays(trx, since);
      await rebuildTeamMonths(trx, since);
      await sql`UPDATE payment_rollup_watermark SET change_id = ${to}, tree_checked_at = now()`.execute(trx);
      return Number(inserted.numAffectedRows ?? 0n);
    });
  }
}

const today = sql`(now() AT TIME ZONE ${zone})::date`;

/**
 * The team day rows of every (agent, day) that the (member, day)s in payment_touched count for, and of the agents
 * whose team a move changed since `since` (less an hour, for moves committed late) from the move's day to today:
 * each added up again whole from the member days over the team as it stood that day.
 */
async function rebuildTeamDays(trx: Transaction<Database>, since: string): Promise<void> {
  const { rows } = await sql<{ first: string | null; last: string | null }>`
    SELECT min(day)::text AS first, max(day)::text AS last FROM payment_touched`.execute(trx);
  const touched = rows[0]?.first
    ? sql`SELECT p.agent_id, t.day
            FROM payment_touched t
            JOIN agent_pairs_days(${rows[0].first}::date, ${rows[0].last}::date, ${zone}) p
              ON p.member_id = t.member_id AND t.day BETWEEN p.first_day AND p.last_day
          UNION `
    : sql``;
  await sql`
    CREATE TEMP TABLE payment_team_touched ON COMMIT DROP AS
    ${touched}SELECT m.agent_id, g.day::date
      FROM agent_pairs_moved(${since}::timestamptz - interval '1 hour', ${zone}) m,
           generate_series(m.first_day, ${today}, interval '1 day') g(day)`.execute(trx);
  const span = await sql<{ first: string | null; last: string | null }>`
    SELECT min(day)::text AS first, max(day)::text AS last FROM payment_team_touched`.execute(trx);
  if (!span.rows[0]?.first) return;
  await sql`DELETE FROM payment_team_days w USING payment_team_touched t
             WHERE w.agent_id = t.agent_id AND w.day = t.day`.execute(trx);
  await sql`
    INSERT INTO payment_team_days (agent_id, day, ${DAY_COLUMNS})
    SELECT t.agent_id, t.day, sum(d.deposit_minor), sum(d.deposit_count), sum(d.first_deposits),
           sum(d.withdrawal_minor), sum(d.withdrawal_count)
      FROM (SELECT DISTINCT agent_id, day FROM payment_team_touched) t
      JOIN agent_pairs_days(${span.rows[0].first}::date, ${span.rows[0].last}::date, ${zone}) p
        ON p.agent_id = t.agent_id AND t.day BETWEEN p.first_day AND p.last_day
      JOIN payment_member_days d ON d.member_id = p.member_id AND d.day = t.day
     GROUP BY 1, 2`.execute(trx);
}

/**
 * The member month rows of every (member, month) with a day in payment_touched, for every agent the member counted
 * for within the month, and every month of the agents whose team a move changed since `since` from the move's
 * month on: each added up again whole from the member's days of the month it counted for the agent.
 */
async function rebuildTeamMonths(trx: Transaction<Database>, since: string): Promise<void> {
  const monthOf = sql`date_trunc('month', t.day)::date`;
  await sql`
    CREATE TEMP TABLE payment_month_touched ON COMMIT DROP AS
    SELECT DISTINCT t.member_id, ${monthOf} AS month FROM payment_touched t`.execute(trx);
  await sql`
    CREATE TEMP TABLE payment_month_moved ON COMMIT DROP AS
    SELECT DISTINCT m.agent_id, date_trunc('month', g.day)::date AS month
      FROM agent_pairs_moved(${since}::timestamptz - interval '1 hour', ${zone}) m,
           generate_series(date_trunc('month', m.first_day), ${today}, interval '1 month') g(day)`.execute(trx);
  const span = await sql<{ first: string | null; last: string | null }>`
    SELECT min(month)::text AS first, (max(month) + interval '1 month' - interval '1 day')::date::text AS last
      FROM (SELECT month FROM payment_month_touched UNION ALL SELECT month FROM payment_month_moved) x`.execute(trx);
  const first = span.rows[0]?.first;
  const last = span.rows[0]?.last;
  if (!first || !last) return;
  const pairs = sql`agent_pairs_days(${first}::date, ${last}::date, ${zone})`;
  const monthEnd = (month: RawBuilder<unknown>) => sql`(${month} + interval '1 month' - interval '1 day')::date`;
  const sums = sql`sum(d.deposit_minor), sum(d.deposit_count), sum(d.withdrawal_minor), sum(d.withdrawal_count)`;
  const anyMoney = sql`sum(d.deposit_count) <> 0 OR sum(d.withdrawal_count) <> 0`;
  const columns = sql`agent_id, month, member_id, deposit_minor, deposit_count, withdrawal_minor, withdrawal_count`;
  await sql`DELETE FROM payment_team_member_months w USING payment_month_touched t
             WHERE w.member_id = t.member_id AND w.month = t.month`.execute(trx);
  await sql`
    INSERT INTO payment_team_member_months (${columns})
    SELECT p.agent_id, t.month, t.member_id, ${sums}
      FROM payment_month_touched t
      JOIN ${pairs} p ON p.member_id = t.member_id AND p.first_day <= ${monthEnd(sql`t.month`)}
       AND p.last_day >= t.month
      JOIN payment_member_days d ON d.member_id = t.member_id
       AND d.day BETWEEN greatest(p.first_day, t.month) AND least(p.last_day, ${monthEnd(sql`t.month`)})
     GROUP BY p.agent_id, t.month, t.member_id
    HAVING ${anyMoney}`.execute(trx);
  // The moved agents' months, whole (after the above, so their rows are written once more, from the same rows).
  await sql`DELETE FROM payment_team_member_months w USING payment_month_moved m
             WHERE w.agent_id = m.agent_id AND w.month = m.month`.execute(trx);
  await sql`
    INSERT INTO payment_team_member_months (${columns})
    SELECT m.agent_id, m.month, p.member_id, ${sums}
      FROM payment_month_moved m
      JOIN ${pairs} p ON p.agent_id = m.agent_id AND p.first_day <= ${monthEnd(sql`m.month`)}
       AND p.last_day >= m.month
      JOIN payment_member_days d ON d.member_id = p.member_id
       AND d.day BETWEEN greatest(p.first_day, m.month) AND least(p.last_day, ${monthEnd(sql`m.month`)})
     GROUP BY m.agent_id, m.month, p.member_id
    HAVING ${anyMoney}`.execute(trx);
}

export const PAYMENT_ROLLUP_JOB = 'payments.team-rollup';

/** The roll-up runs every `everyMs` on one node; each run catches up from the watermark. */
export function schedulePaymentRollup(jobs: JobScheduler, rollup: PaymentTeamRollup, everyMs: number): void {
  jobs.define(PAYMENT_ROLLUP_JOB, () => rollup.run(), { timeoutSeconds: 900 });
  jobs.every(PAYMENT_ROLLUP_JOB, { everyMs, catchUp: 1 });
}
