// The daily roll-up of the members' play (issue 29, team reports): per member, brand-zone day, vendor and game type,
// the rounds bet on, stakes, refunded stakes, wins and bonuses of the members' cash lines, and the same per month.
// A team report over a month then reads tens of thousands of rows instead of millions of journal lines, and adds
// the lines newer than the roll-up's watermark as they are, so it is exact to the last committed line.
import { BRAND_TIME_ZONE } from '@portal/shared/date-range';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { catchUpLog } from '../../common/settled-log.ts';
import type { Database } from '../../db/schema.ts';
import type { JobScheduler } from '../../jobs/jobs.ts';
import { rebuildTeamPeriods } from './team-period-rollup.ts';

/** Entry types that pay a member for playing; an operator's adjustment counts when it credits the member. */
export const BONUS_TYPES = ['bonus', 'rebate', 'salary', 'dividend'] as const;

const zone = sql.lit(BRAND_TIME_ZONE);
const list = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/**
 * The play lines of members' cash accounts that `lines` (a FROM item naming the line `l`) and `where` (over `l` and
 * `a`, its account) select, each
 * with its member, brand-zone day, type, round reference, amount, and the vendor and game type of its round (from
 * the `bet:<vendor>:<round>` reference and the game the round's bet named; '' for bonuses and for a game the
 * catalogue does not hold). Columns: member_id, day, type, reference, amount, vendor_code, game_type.
 */
export function playLines(
  lines: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  currency: string,
  games = true,
): RawBuilder<unknown> {
  // Without `games`, every line's game type is '' (for sums over all game types: no look-up of the round's game).
  const game = games
    ? sql`LEFT JOIN LATERAL (
        SELECT v.node_id FROM vendor_transactions v
         WHERE p.vendor_code <> '' AND v.vendor_code = p.vendor_code AND v.member_id = p.member_id
           AND v.round_id = substring(p.reference FROM '^bet:[^:]+:(.*)$') AND v.kind = 'bet'
         LIMIT 1) g ON true`
    : sql`CROSS JOIN (SELECT NULL::text AS node_id) g`;
  return sql`
    SELECT p.member_id, p.day, p.type, p.reference, p.amount,
           p.vendor_code, coalesce(game_type_of(g.node_id), '') AS game_type
      FROM (SELECT a.member_id, (l.created_at AT TIME ZONE ${zone})::date AS day, e.type, e.reference,
                   l.amount_minor AS amount,
                   CASE WHEN e.type IN ('bet', 'win', 'refund') AND e.reference LIKE 'bet:%'
                        THEN split_part(e.reference, ':', 2) ELSE '' END AS vendor_code
              FROM ${lines}
              JOIN ledger_accounts a ON a.id = l.account_id AND a.kind = 'member_cash' AND a.currency = ${currency}
              JOIN journal_entries e ON e.id = l.entry_id
             WHERE ${where}
               AND (e.type IN ('bet', 'win', 'refund', ${list(BONUS_TYPES)})
                    OR (e.type = 'adjustment' AND l.amount_minor > 0))) p
      ${game}`;
}

/** The roll-up's figures of a group of play lines (`p`). */
export const playSums = sql`
  count(DISTINCT p.reference) FILTER (WHERE p.type = 'bet')::int AS rounds,
  coalesce(-sum(p.amount) FILTER (WHERE p.type = 'bet'), 0)::bigint AS stake_minor,
  coalesce(sum(p.amount) FILTER (WHERE p.type = 'refund'), 0)::bigint AS refund_minor,
  coalesce(sum(p.amount) FILTER (WHERE p.type = 'win'), 0)::bigint AS win_minor,
  coalesce(sum(p.amount) FILTER (WHERE p.type NOT IN ('bet', 'win', 'refund')), 0)::bigint AS bonus_minor`;

/** Lines the roll-up reads per statement: bounds its memory and the length of its transactions. */
const BATCH_LINES = 200_000;
/** How long a run waits for the transactions older than its snapshot to end before it leaves the rest to the next. */
const SETTLE_WAIT_MS = 5_000;

export class PlayRollup {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly currency: string,
    private readonly settleWaitMs = SETTLE_WAIT_MS,
  ) {}

  /**
   * Brings the roll-up up to the newest line that can no longer change (catchUpLog: a line's id is taken after its
   * entry's insert gave the transaction its id), rebuilding, batch by batch, every (member, day) touched by the
   * lines above the watermark from all of that member's lines of that day up to the batch's end, and the months those
   * days are in. Rows are rebuilt whole, never added to, so a re-run over lines already read writes the same rows.
   */
  async run(): Promise<{ fromLine: string; toLine: string; memberDays: number }> {
    const done = await catchUpLog(this.db, {
      newest: sql`(SELECT max(id) FROM journal_lines)`,
      watermark: () => this.watermark(),
      batch: BATCH_LINES,
      settleWaitMs: this.settleWaitMs,
      rebuild: (from, to) => this.rebuild(from, to),
    });
    return { fromLine: done.from.toString(), toLine: done.to.toString(), memberDays: done.rebuilt };
  }

  /** The id of the newest line in the roll-up. */
  async watermark(): Promise<bigint> {
    const row = await this.db.selectFrom('wallet_play_watermark').select('line_id').executeTakeFirstOrThrow();
    return BigInt(row.line_id);
  }

  /** Rebuilds the (member, day) rows touched by the lines (from, to], and their months; moves the watermark to `to`. */
  private rebuild(from: bigint, to: bigint): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      // Runs take turns; a run that finds the watermark moved past `from` leaves the batch to the one that moved it.
      // The tree's check as text: '-infinity' until the first run, which no Date holds.
      const mark = await sql<{ line_id: string; tree_checked_at: string }>`
        SELECT line_id, tree_checked_at::text FROM wallet_play_watermark FOR UPDATE`.execute(trx);
      if (BigInt(mark.rows[0]?.line_id ?? '0') !== from) return 0;
      const touched = sql`
        SELECT DISTINCT a.id AS account_id, a.member_id, (l.created_at AT TIME ZONE ${zone})::date AS day
          FROM journal_lines l
          JOIN ledger_accounts a ON a.id = l.account_id AND a.kind = 'member_cash' AND a.currency = ${this.currency}
         WHERE l.id > ${from} AND l.id <= ${to}`;
      await sql`CREATE TEMP TABLE play_touched ON COMMIT DROP AS ${touched}`.execute(trx);
      await sql`ANALYZE play_touched`.execute(trx);
      await sql`DELETE FROM wallet_play_days d USING play_touched t
                 WHERE d.member_id = t.member_id AND d.day = t.day`.execute(trx);
      const dayLines = sql`play_touched t JOIN journal_lines l ON l.account_id = t.account_id
        AND l.created_at >= (t.day::timestamp AT TIME ZONE ${zone})
        AND l.created_at < ((t.day + 1)::timestamp AT TIME ZONE ${zone})`;
      const inserted = await sql`
        INSERT INTO wallet_play_days (member_id, day, vendor_code, game_type, rounds, stake_minor, refund_minor,
                                      win_minor, bonus_minor)
        SELECT p.member_id, p.day, p.vendor_code, p.game_type, ${playSums}
          FROM (${playLines(dayLines, sql`l.id <= ${to}`, this.currency)}) p
         GROUP BY p.member_id, p.day, p.vendor_code, p.game_type`.execute(trx);
      await sql`DELETE FROM wallet_play_months m USING (SELECT DISTINCT member_id, date_trunc('month', day)::date AS month
                                                          FROM play_touched) t
                 WHERE m.member_id = t.member_id AND m.month = t.month`.execute(trx);
      await sql`
        INSERT INTO wallet_play_months (member_id, month, vendor_code, game_type, rounds, stake_minor, refund_minor,
                                        win_minor, bonus_minor)
        SELECT d.member_id, date_trunc('month', d.day)::date, d.vendor_code, d.game_type, sum(d.rounds),
               sum(d.stake_minor), sum(d.refund_minor), sum(d.win_minor), sum(d.bonus_minor)
          FROM wallet_play_days d
          JOIN (SELECT DISTINCT member_id, date_trunc('month', day)::date AS month FROM play_touched) t
            ON d.member_id = t.member_id AND d.day >= t.month AND d.day < (t.month + interval '1 month')::date
         GROUP BY 1, 2, 3, 4`.execute(trx);
      await rebuildMembers(trx);
      await rebuildTeams(trx, mark.rows[0]?.tree_checked_at ?? '-infinity');
      await rebuildTeamPeriods(trx, mark.rows[0]?.tree_checked_at ?? '-infinity');
      await sql`UPDATE wallet_play_watermark SET line_id = ${to}, tree_checked_at = now()`.execute(trx);
      return Number(inserted.numAffectedRows ?? 0n);
    });
  }
}

/** The member-level rows (all vendors and game types) of the (member, day)s in play_touched, and their months. */
async function rebuildMembers(trx: Transaction<Database>): Promise<void> {
  const sums = sql`sum(d.rounds), sum(d.stake_minor), sum(d.refund_minor), sum(d.win_minor), sum(d.bonus_minor)`;
  await sql`CREATE TEMP TABLE play_member_touched ON COMMIT DROP AS SELECT DISTINCT member_id, day FROM play_touched`.execute(
    trx,
  );
  await sql`DELETE FROM wallet_play_member_days d USING play_member_touched t
             WHERE d.member_id = t.member_id AND d.day = t.day`.execute(trx);
  await sql`
    INSERT INTO wallet_play_member_days (member_id, day, rounds, stake_minor, refund_minor, win_minor, bonus_minor)
    SELECT d.member_id, d.day, ${sums}
      FROM play_member_touched t JOIN wallet_play_days d ON d.member_id = t.member_id AND d.day = t.day
     GROUP BY 1, 2`.execute(trx);
  const months = sql`(SELECT DISTINCT member_id, date_trunc('month', day)::date AS month FROM play_member_touched)`;
  await sql`DELETE FROM wallet_play_member_months m USING ${months} t
             WHERE m.member_id = t.member_id AND m.month = t.month`.execute(trx);
  await sql`
    INSERT INTO wallet_play_member_months (member_id, month, rounds, stake_minor, refund_minor, win_minor, bonus_minor)
    SELECT d.member_id, t.month, ${sums}
      FROM ${months} t
      JOIN wallet_play_member_days d
        ON d.member_id = t.member_id AND d.day >= t.month AND d.day < (t.month + interval '1 month')::date
     GROUP BY 1, 2`.execute(trx);
}

/**
 * The team rows of every (agent, day) that the (member, day)s in play_touched count for, and of the agents whose
 * team a move changed since `since` (less an hour, for moves committed late) from the move's day to today: each
 * added up again whole from the member rows over the team as it stood that day.
 */
async function rebuildTeams(trx: Transaction<Database>, since: string): Promise<void> {
  const { rows } = await sql<{ first: string | null; last: string | null }>`
    SELECT min(day)::text AS first, max(day)::text AS last FROM play_member_touched`.execute(trx);
  const today = sql`(now() AT TIME ZONE ${zone})::date`;
  const touched = rows[0]?.first
    ? sql`SELECT p.agent_id, t.day
            FROM play_member_touched t
            JOIN agent_pairs_days(${rows[0].first}::date, ${rows[0].last}::date, ${zone}) p
              ON p.member_id = t.member_id AND t.day BETWEEN p.first_day AND p.last_day
          UNION `
    : sql``;
  await sql`
    CREATE TEMP TABLE team_touched ON COMMIT DROP AS
    ${touched}SELECT m.agent_id, g.day::date
      FROM agent_pairs_moved(${since}::timestamptz - interval '1 hour', ${zone}) m,
           generate_series(m.first_day, ${today}, interval '1 day') g(day)`.execute(trx);
  const span = await sql<{ first: string | null; last: string | null }>`
    SELECT min(day)::text AS first, max(day)::text AS last FROM team_touched`.execute(trx);
  if (!span.rows[0]?.first) return;
  await sql`DELETE FROM wallet_team_play_days w USING team_touched t
             WHERE w.agent_id = t.agent_id AND w.day = t.day`.execute(trx);
  await sql`
    INSERT INTO wallet_team_play_days (agent_id, day, active_members, stake_minor, refund_minor, win_minor, bonus_minor)
    SELECT t.agent_id, t.day, count(*) FILTER (WHERE d.rounds > 0), sum(d.stake_minor), sum(d.refund_minor),
           sum(d.win_minor), sum(d.bonus_minor)
      FROM (SELECT DISTINCT agent_id, day FROM team_touched) t
      JOIN agent_pairs_days(${span.rows[0].first}::date, ${span.rows[0].last}::date, ${zone}) p
        ON p.agent_id = t.agent_id AND t.day BETWEEN p.first_day AND p.last_day
      JOIN wallet_play_member_days d ON d.member_id = p.member_id AND d.day = t.day
     GROUP BY 1, 2`.execute(trx);
}

export const PLAY_ROLLUP_JOB = 'wallet.play-rollup';

/** The roll-up runs every `everyMs` on one node; each run catches up from the watermark, so only the newest window matters. */
export function schedulePlayRollup(jobs: JobScheduler, rollup: PlayRollup, everyMs: number): void {
  jobs.define(PLAY_ROLLUP_JOB, () => rollup.run(), { timeoutSeconds: 900 });
  jobs.every(PLAY_ROLLUP_JOB, { everyMs, catchUp: 1 });
}
