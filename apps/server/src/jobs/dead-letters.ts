import type { Page } from '@portal/shared/wallet';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database, JobDeadLettersTable } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { offsetOf, type PageRequest, pageOf } from '../http/pages.ts';
import type { JobData } from './jobs.ts';

export interface DeadLetter {
  id: string;
  kind: string;
  key: string | null;
  payload: unknown;
  windowStart: string | null;
  windowEnd: string | null;
  lastError: string;
  attempts: number;
  failedAt: string;
  retriedAt: string | null;
  retriedBy: string | null;
  retryJobId: string | null;
}

type Row = Selectable<JobDeadLettersTable>;

/**
 * Jobs that failed every attempt. pg-boss moves such a job, from any path (a handler's error, a run that timed out,
 * a node that died mid-run), to the dead-letter queue; its recorder job copies it here, once per dead job, where
 * operators read it and may send it again.
 */
export class DeadLetters {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly resend: (trx: Kysely<Database>, letter: JobData) => Promise<string>,
  ) {}

  /** The recorder: the dead-letter job carries the dead job's data, its last error and its retry limit. */
  async record(job: PgBoss.JobWithMetadata<JobData>) {
    const output = job.output as { message?: unknown } | null;
    const lastError =
      typeof output?.message === 'string' ? output.message : JSON.stringify(output ?? 'no error recorded');
    const data = job.data;
    await this.db
      .insertInto('job_dead_letters')
      .values({
        job_id: job.id,
        kind: data.kind,
        key: data.key,
        payload: JSON.stringify(data.payload ?? null),
        window_start: data.window ? new Date(data.window.start) : null,
        window_end: data.window ? new Date(data.window.end) : null,
        last_error: lastError.slice(0, 2000),
        // It died once its retries were used up: the first run and each retry.
        attempts: job.retryLimit + 1,
        failed_at: new Date(job.createdOn),
      })
      .onConflict((oc) => oc.column('job_id').doNothing())
      .execute();
    return { kind: data.kind, key: data.key };
  }

  /** Newest first: those still waiting for an operator, or those already sent again. */
  async list(options: PageRequest & { retried: boolean }): Promise<Page<DeadLetter>> {
    const query = this.db.selectFrom('job_dead_letters').where('retried_at', options.retried ? 'is not' : 'is', null);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('failed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.pageSize)
        .offset(offsetOf(options))
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return pageOf(options, Number(count.total), rows.map(present));
  }

  /**
   * Sends the dead job again (same kind, key, payload and window, a fresh set of attempts) and records who did, in
   * one transaction with `audit`'s row. A letter is retried once; a retry that dies again comes back as a new one.
   */
  async retry(
    id: string,
    actor: string,
    audit: (trx: Transaction<Database>, letter: DeadLetter) => Promise<void>,
  ): Promise<DeadLetter> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('job_dead_letters')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new AppError(404, 'NOT_FOUND');
      if (row.retried_at) throw new AppError(409, 'JOB_ALREADY_RETRIED');
      const jobId = await this.resend(trx, {
        kind: row.kind,
        key: row.key,
        payload: row.payload,
        window:
          row.key && row.window_start && row.window_end
            ? {
                key: row.key,
                start: new Date(row.window_start).toISOString(),
                end: new Date(row.window_end).toISOString(),
              }
            : null,
      });
      const updated = await trx
        .updateTable('job_dead_letters')
        .set({ retried_at: new Date(), retried_by: actor, retry_job_id: jobId })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const letter = present(updated);
      await audit(trx, letter);
      return letter;
    });
  }
}

function present(row: Row): DeadLetter {
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  return {
    id: String(row.id),
    kind: row.kind,
    key: row.key,
    payload: row.payload,
    windowStart: iso(row.window_start),
    windowEnd: iso(row.window_end),
    lastError: row.last_error,
    attempts: row.attempts,
    failedAt: new Date(row.failed_at).toISOString(),
    retriedAt: iso(row.retried_at),
    retriedBy: row.retried_by,
    retryJobId: row.retry_job_id,
  };
}
