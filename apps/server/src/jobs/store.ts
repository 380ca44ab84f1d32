import { CompiledQuery, type Kysely, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';

/** Where jobs that failed every attempt go; a recorder job copies them into job_dead_letters. */
export const DEAD_LETTER_KIND = 'jobs.dead-letter';
/** The job runner's own daily job that forgets old job keys. */
export const PRUNE_KIND = 'jobs.prune-keys';

/** What pg-boss runs its SQL through (its `db` option). */
export type SqlExecutor = PgBoss.Db;

/**
 * The schema pg-boss keeps its tables in: `pgboss` beside the default schema, `<schema>_pgboss` beside a named one
 * (each test portal and benchmark has a schema of its own, so each gets its own queues).
 */
export function jobStoreSchema(handle: Pick<DatabaseHandle, 'schema'>): string {
  return handle.schema ? `${handle.schema}_pgboss` : 'pgboss';
}

/**
 * pg-boss's SQL, run through the app's Kysely instance (or a transaction of it) instead of a pool of its own. On
 * PGlite this is what keeps its statements out of a transaction the app has open on the single session: Kysely's
 * PGlite driver hands the one connection to one caller at a time. On PostgreSQL it shares the app's pool, so a job
 * can be sent in the same transaction as the change that asks for it.
 *
 * pg-boss sends its schema changes and maintenance as one text, `BEGIN; …; COMMIT;` without parameters, which the
 * extended protocol (PGlite's `query`, pg with parameters) refuses. Such a text runs as a script inside a Kysely
 * transaction instead, so a failure rolls back instead of leaving the session in an aborted transaction.
 */
export function sqlExecutor(handle: DatabaseHandle, db: Kysely<Database> = handle.db): SqlExecutor {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const script = values?.length ? null : /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/.exec(text);
      if (script) {
        const body = script[1] as string;
        if (db.isTransaction) await handle.runScript(db, body);
        else await db.transaction().execute((trx) => handle.runScript(trx, body));
        return { rows: [] };
      }
      // biome-ignore lint/suspicious/noExplicitAny: pg-boss reads its own column names from the rows.
      const result = await db.executeQuery<any>(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows };
    },
  };
}

/**
 * Creates pg-boss's schema, or brings it to the installed version's, through its own migrations (which take an
 * advisory lock, so nodes starting together do it once), and the queues of the job runner's own kinds. Runs with
 * the portal's migrations, so every node finds it ready and test databases are dumped with it. (A module's queue is
 * created when a node that defines its kind starts: a queue costs a table and five indexes.)
 */
export async function installJobStore(handle: DatabaseHandle): Promise<void> {
  const boss = new PgBoss({
    db: sqlExecutor(handle),
    schema: jobStoreSchema(handle),
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
  await ensureQueues(handle, [DEAD_LETTER_KIND, PRUNE_KIND]);
}

/**
 * Creates the queues that do not exist yet, in the order given (a queue's jobs may name an earlier one as their
 * dead-letter queue). Nodes starting together take turns: two creating one queue at once would deadlock, since each
 * creation locks the queue table while adding a partition that refers to it.
 */
export async function ensureQueues(handle: DatabaseHandle, kinds: string[]): Promise<void> {
  const schema = jobStoreSchema(handle);
  await handle.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`${schema}.create_queue`}))`.execute(trx);
    const boss = new PgBoss({
      db: sqlExecutor(handle, trx),
      schema,
      migrate: false,
      supervise: false,
      schedule: false,
    });
    const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
    for (const kind of kinds) if (!existing.has(kind)) await boss.createQueue(kind);
  });
}

/** Changes when installJobStore would install something else (keys the test harness's migrated dump). */
export function jobStoreFingerprint(): string {
  return `${PgBoss.getConstructionPlans('pgboss')}\n${DEAD_LETTER_KIND}\n${PRUNE_KIND}`;
}
