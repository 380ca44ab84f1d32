// The roll-up of the team overview's new registrations (issue 29, team reports): per agent and closed brand-zone
// day, the members created that day who were in the agent's team that day (agent_pairs_days). A move counts from its
// own day on, so a day's figures are final once it has ended and an hour more has passed (for a registration or a
// move whose transaction began before midnight and commits a little later); the other changes of a closed day
// (a member inserted with an earlier time, removed, or given another time) lower the mark in their own transaction
// (db/functions/agent_registration_days_changed.sql). The overview reads the rows up to the mark and the members
// created after it by time, so it is exact to the last member whatever the job's lag.
import { BRAND_TIME_ZONE } from '@portal/shared/date-range';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { JobScheduler } from '../../jobs/jobs.ts';

/** Days one transaction adds up at most: bounds the first run's statement and its lock on the mark. */
const BATCH_DAYS = 31;

export const REGISTRATION_ROLLUP_JOB = 'agents.registration-rollup';

export class RegistrationRollup {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly zone = BRAND_TIME_ZONE,
  ) {}

  /**
   * Adds up every closed day after the mark, at most BATCH_DAYS per transaction, and moves the mark to the last one;
   * the days added up and the rows written. A day is added up whole (its old rows go first), so a run over days
   * already added up, or a second node's, writes the same rows.
   */
  async run(): Promise<{ from: string | null; to: string | null; rows: number }> {
    let from: string | null = null;
    let to: string | null = null;
    let rows = 0;
    for (;;) {
      const batch = await this.batch();
      if (!batch) break;
      from ??= batch.from;
      to = batch.to;
      rows += batch.rows;
      if (batch.last) break;
    }
    return { from, to, rows };
  }

  /** The last day rolled up ('-infinity' before the first run) and the zone of its days. */
  async mark(): Promise<{ day: string; zone: string }> {
    return this.db.selectFrom('agent_team_registration_mark').select(['day', 'zone']).executeTakeFirstOrThrow();
  }

  /** One transaction: the next closed days after the mark, or null when there are none. */
  private batch() {
    const zone = this.zone;
    return this.db.transaction().execute(async (trx) => {
      // Runs take turns on the mark. The last closed day is that of an hour ago less one, by this transaction's
      // clock, which started before the wait: a late wait only closes fewer days.
      const { rows } = await sql<{ day: string; zone: string; closed: string }>`
        SELECT day::text AS day, zone, (((now() - interval '1 hour') AT TIME ZONE ${zone})::date - 1)::text AS closed
          FROM agent_team_registration_mark FOR UPDATE`.execute(trx);
      const mark = rows[0];
      if (!mark) throw new Error('the registration roll-up has no mark');
      let after = mark.day;
      if (mark.zone !== zone) {
        // Days of another zone are other days: everything is added up again.
        await sql`DELETE FROM agent_team_registration_days`.execute(trx);
        await sql`UPDATE agent_team_registration_mark SET day = '-infinity', zone = ${zone}`.execute(trx);
        after = '-infinity';
      }
      if (after !== '-infinity' && after >= mark.closed) return null;
      // The first day to add up: the day after the mark, or before the first run the first member's day.
      const { rows: span } = await sql<{ from: string | null; to: string | null }>`
        SELECT f.day::text AS from, least(f.day + ${BATCH_DAYS - 1}::integer, ${mark.closed}::date)::text AS to
          FROM (SELECT CASE WHEN ${after}::date > '-infinity'
                            THEN ${after}::date + 1
                            ELSE (SELECT (min(created_at) AT TIME ZONE ${zone})::date FROM members) END AS day) f
         WHERE f.day <= ${mark.closed}::date`.execute(trx);
      const days = span[0];
      // Rows past the mark are of days a change sent back to be added up again.
      await sql`DELETE FROM agent_team_registration_days WHERE day > ${after}::date`.execute(trx);
      if (!days?.from || !days.to) {
        await sql`UPDATE agent_team_registration_mark SET day = ${mark.closed}::date`.execute(trx);
        return { from: null, to: mark.closed, rows: 0, last: true };
      }
      const inserted = await sql`
        INSERT INTO agent_team_registration_days (agent_id, day, registrations)
        SELECT p.agent_id, r.day, count(*)
          FROM (SELECT m.id, (m.created_at AT TIME ZONE ${sql.lit(zone)})::date AS day
                  FROM members m
                 WHERE m.created_at >= (${days.from}::date::timestamp AT TIME ZONE ${sql.lit(zone)})
                   AND m.created_at < ((${days.to}::date + 1)::timestamp AT TIME ZONE ${sql.lit(zone)})) r
          JOIN agent_pairs_days(${days.from}::date, ${days.to}::date, ${zone}) p
            ON p.member_id = r.id AND r.day BETWEEN p.first_day AND p.last_day
         GROUP BY p.agent_id, r.day`.execute(trx);
      await sql`UPDATE agent_team_registration_mark SET day = ${days.to}::date`.execute(trx);
      return {
        from: days.from,
        to: days.to,
        rows: Number(inserted.numAffectedRows ?? 0n),
        last: days.to >= mark.closed,
      };
    });
  }
}

/** Runs every `everyMs` on one node; each run catches up from the mark, so a day missed while down is added up next. */
export function scheduleRegistrationRollup(jobs: JobScheduler, rollup: RegistrationRollup, everyMs: number): void {
  jobs.define(REGISTRATION_ROLLUP_JOB, () => rollup.run(), { timeoutSeconds: 900 });
  jobs.every(REGISTRATION_ROLLUP_JOB, { everyMs, catchUp: 1 });
}
