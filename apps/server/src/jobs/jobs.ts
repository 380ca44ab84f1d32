import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { DeadLetters } from './dead-letters.ts';
import { DEAD_LETTER_KIND, ensureQueues, jobStoreSchema, PRUNE_KIND, type SqlExecutor, sqlExecutor } from './store.ts';
import { checkWindowSpec, dueWindows, type JobWindow, nextWindowEnd, type WindowSpec } from './windows.ts';

export type { JobWindow, WindowSpec } from './windows.ts';

/** What a handler is given: the job's key and payload, which attempt this is, and the window of a periodic job. */
export interface JobContext<P> {
  kind: string;
  key: string | null;
  payload: P;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  window: JobWindow | null;
}

/**
 * Runs one job. It may run again after a failure, after a node died while it ran, or when an operator retries it
 * from the dead-letter list, so it must be idempotent (a money movement carries an idempotency key derived from the
 * job's key). What it returns is kept with the finished job, for operators.
 */
export type JobHandler<P> = (job: JobContext<P>) => Promise<unknown>;

export interface JobOptions {
  /** Retries after the first failure before the job is dead-lettered (default 3). */
  retryLimit?: number;
  /** Wait before the first retry, in seconds (default 5); with backoff it roughly doubles on each retry. */
  retryDelaySeconds?: number;
  /** Exponential backoff with jitter between retries (default true). */
  retryBackoff?: boolean;
  /** A run still going after this long counts as failed and is retried (default 300 s, at most 23 h). */
  timeoutSeconds?: number;
}

export interface SendOptions {
  /**
   * Sends the job once per key: a second send with the same key (from any node, at any time within the keys'
   * retention of 30 days) sends nothing and returns null.
   */
  key?: string;
  /** A transaction of the caller's: the job is sent if and only if it commits. */
  db?: Kysely<Database>;
  /** Not before this time. */
  startAfter?: Date;
}

/** The small surface modules schedule their work through. */
export interface JobScheduler {
  /** Declares a kind of job and its handler; before the app is ready. */
  define<P = unknown>(kind: string, handler: JobHandler<P>, options?: JobOptions): void;
  /** Runs a defined kind once per window (see WindowSpec), on exactly one node, catching up windows missed. */
  every(kind: string, windows: WindowSpec): void;
  /** Queues one job of a defined kind; returns its id, or null when `key` was sent before. */
  send<P>(kind: string, payload: P, options?: SendOptions): Promise<string | null>;
}

/** What a job carries in the library's table; a dead-lettered job brings it along unchanged. */
export interface JobData {
  kind: string;
  key: string | null;
  payload: unknown;
  window: { key: string; start: string; end: string } | null;
}

export interface JobsOptions {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** How often an idle node looks for jobs another node queued (its own sends and windows wake it at once). */
  pollMs: number;
  /** How long stop() lets running jobs finish before it marks them failed, so that another node retries them. */
  stopTimeoutMs: number;
  /** The clock windows are cut by (tests move it to stand for downtime). */
  now?: () => number;
}

interface Definition {
  run: (job: PgBoss.JobWithMetadata<JobData>, context: JobContext<unknown>) => Promise<unknown>;
  send: PgBoss.SendOptions;
}

const KIND = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;
/** Keys older than this are forgotten (a periodic job's newest window is always kept: catch-up starts from it). */
const KEY_RETENTION_DAYS = 30;
/** Long timers are cut into pieces of at most this, so a changed clock is noticed. */
const MAX_TIMER_MS = 3_600_000;

/**
 * Scheduled and background work on pg-boss, on PostgreSQL and on PGlite alike. pg-boss stores the jobs, claims each
 * for one worker (`FOR UPDATE SKIP LOCKED`), retries failures with backoff, fails runs that time out or whose node
 * died, and moves jobs that failed every attempt to the dead-letter queue. This class adds what the portal needs on
 * top: kinds declared by modules, periodic windows with a key each (sent by whichever node claims the key first, so
 * once across all nodes) and caught up after downtime, keyed sends, and the dead-letter list operators read.
 */
export class Jobs implements JobScheduler {
  readonly deadLetters: DeadLetters;
  /** Kept with each finished job: which node ran it. */
  readonly node = `${os.hostname()}:${process.pid}`;
  private readonly boss: PgBoss;
  private readonly db: Kysely<Database>;
  private readonly database: DatabaseHandle;
  private readonly log: FastifyBaseLogger;
  private readonly pollMs: number;
  private readonly stopTimeoutMs: number;
  private readonly now: () => number;
  private readonly definitions = new Map<string, Definition>();
  private readonly schedules = new Map<string, WindowSpec>();
  private state: 'defining' | 'running' | 'stopped' = 'defining';
  private readonly loops: Promise<void>[] = [];
  private readonly wakers = new Map<string, () => void>();
  private readonly nudged = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly ticks = new Set<Promise<void>>();
  private readonly running = new Map<string, string>();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(options: JobsOptions) {
    this.database = options.database;
    this.db = options.database.db;
    this.log = options.log;
    this.pollMs = options.pollMs;
    this.stopTimeoutMs = options.stopTimeoutMs;
    this.now = options.now ?? Date.now;
    this.boss = new PgBoss({
      db: this.tracked(sqlExecutor(options.database)),
      schema: jobStoreSchema(options.database),
      // The schema is installed with the migrations; a node only checks it.
      migrate: false,
      // pg-boss's cron has minute steps and no catch-up; windows are this class's.
      schedule: false,
      supervise: true,
    });
    this.boss.on('error', (error) => this.log.warn({ err: error }, 'job library error'));
    this.deadLetters = new DeadLetters(this.db, (trx, letter) => this.resend(trx, letter));
    this.definitions.set(DEAD_LETTER_KIND, {
      run: (job) => this.deadLetters.record(job),
      send: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
    });
    this.define(PRUNE_KIND, () => this.pruneKeys());
    this.every(PRUNE_KIND, { everyMs: 86_400_000, catchUp: 1 });
  }

  define<P = unknown>(kind: string, handler: JobHandler<P>, options: JobOptions = {}): void {
    if (this.state !== 'defining') throw new Error(`job ${kind} defined after start`);
    if (!KIND.test(kind) || kind.length > 60) throw new Error(`job kind ${kind} is not a dotted lower-case name`);
    if (this.definitions.has(kind)) throw new Error(`job ${kind} is defined twice`);
    const { retryLimit = 3, retryDelaySeconds = 5, retryBackoff = true, timeoutSeconds = 300 } = options;
    this.definitions.set(kind, {
      run: (_job, context) => handler(context as JobContext<P>),
      send: {
        retryLimit,
        retryDelay: retryDelaySeconds,
        retryBackoff,
        expireInSeconds: timeoutSeconds,
        deadLetter: DEAD_LETTER_KIND,
      },
    });
  }

  every(kind: string, windows: WindowSpec): void {
    if (this.state !== 'defining') throw new Error(`job ${kind} scheduled after start`);
    if (!this.definitions.has(kind)) throw new Error(`job ${kind} is scheduled but not defined`);
    if (this.schedules.has(kind)) throw new Error(`job ${kind} is scheduled twice`);
    checkWindowSpec(windows);
    this.schedules.set(kind, windows);
  }

  async send<P>(kind: string, payload: P, options: SendOptions = {}): Promise<string | null> {
    // After stop() the queues still exist, so a request finishing during shut-down may still send its job.
    if (this.state === 'defining') throw new Error(`job ${kind} sent before the job runner started`);
    if (!this.definitions.has(kind)) throw new Error(`job ${kind} is not defined`);
    const data: JobData = { kind, key: options.key ?? null, payload, window: null };
    const id = await this.enqueue(options.db ?? this.db, data, null, options.startAfter);
    if (id) this.nudge(kind);
    return id;
  }

  /** Starts the workers and the scheduler (the app's onReady). */
  async start(): Promise<void> {
    if (this.state !== 'defining') return;
    await this.boss.start();
    // The dead-letter queue first: the other queues' jobs name it.
    const kinds = [DEAD_LETTER_KIND, ...[...this.definitions.keys()].filter((kind) => kind !== DEAD_LETTER_KIND)];
    await ensureQueues(this.database, kinds);
    this.state = 'running';
    for (const kind of kinds) this.loops.push(this.loop(kind));
    await this.sendDueWindows();
    for (const [kind, spec] of this.schedules) this.scheduleTick(kind, spec);
  }

  /**
   * Stops taking jobs and sending windows, lets running jobs finish within the stop timeout (those still running
   * then are marked failed, so that another node retries them soon), and waits for the library's last statements.
   */
  async stop(): Promise<void> {
    const wasRunning = this.state === 'running';
    this.state = 'stopped';
    if (!wasRunning) return;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const wake of [...this.wakers.values()]) wake();
    const finished = await settledWithin([...this.loops, ...this.ticks], this.stopTimeoutMs);
    if (!finished) {
      for (const [id, kind] of this.running) {
        await this.boss
          .fail(kind, id, { message: 'the node stopped while the job ran' })
          .catch((error) => this.log.warn({ err: error, kind, id }, 'could not release a running job'));
      }
    }
    await this.boss.stop({ graceful: false, close: false });
    await settledWithin([...this.inFlight], this.stopTimeoutMs);
  }

  /** Sends every periodic job's windows that are due and not yet sent (the timers call this at each window's end). */
  async sendDueWindows(): Promise<void> {
    await Promise.all([...this.schedules].map(([kind, spec]) => this.trackTick(this.tick(kind, spec))));
  }

  // ---- scheduling ----

  private scheduleTick(kind: string, spec: WindowSpec) {
    if (this.state !== 'running') return;
    const now = this.now();
    // A few milliseconds after the end, so the window has surely ended by this node's clock.
    const delay = Math.min(nextWindowEnd(spec, now) - now + 5, MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.trackTick(this.tick(kind, spec)).then(() => this.scheduleTick(kind, spec));
    }, delay);
    this.timers.add(timer);
  }

  private async tick(kind: string, spec: WindowSpec): Promise<void> {
    try {
      const last = await this.db
        .selectFrom('job_keys')
        .select((eb) => eb.fn.max('window_start').as('start'))
        .where('kind', '=', kind)
        .where('window_start', 'is not', null)
        .executeTakeFirst();
      const lastStart = last?.start ? new Date(last.start) : null;
      for (const window of dueWindows(kind, spec, this.now(), lastStart)) {
        if (this.state !== 'running') return;
        const data: JobData = {
          kind,
          key: window.key,
          payload: {},
          window: { key: window.key, start: window.start.toISOString(), end: window.end.toISOString() },
        };
        // One transaction per window: their jobs are created, and so claimed, oldest first.
        const startAfter = spec.delayMs ? new Date(window.end.getTime() + spec.delayMs) : undefined;
        await this.enqueue(this.db, data, window.start, startAfter);
      }
    } catch (error) {
      this.log.warn({ err: error, kind }, 'could not send due job windows; the next window catches up');
    }
    // Another node may have sent the window first: look for it now rather than at the next poll.
    this.nudge(kind);
  }

  /**
   * Sends a job; a keyed one only when its key is new. The key row and the job are written in one transaction (the
   * caller's, or one of its own), so a key is never taken without its job, nor a job sent twice under one key.
   */
  private async enqueue(
    db: Kysely<Database>,
    data: JobData,
    windowStart: Date | null,
    startAfter?: Date,
  ): Promise<string | null> {
    const definition = this.definitions.get(data.kind) as Definition;
    const send = async (trx: Kysely<Database>) => {
      const id = randomUUID();
      if (data.key !== null) {
        const claimed = await trx
          .insertInto('job_keys')
          .values({ kind: data.kind, key: data.key, job_id: id, window_start: windowStart })
          .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
          .returning('job_id')
          .executeTakeFirst();
        if (!claimed) return null;
      }
      const sent = await this.boss.send(data.kind, data as unknown as object, {
        ...definition.send,
        id,
        ...(startAfter ? { startAfter } : {}),
        db: sqlExecutor(this.database, trx),
      });
      if (sent === null) throw new Error(`job queue ${data.kind} is missing`);
      return sent;
    };
    if (db.isTransaction || data.key === null) return send(db);
    return db.transaction().execute(send);
  }

  /** An operator's retry of a dead letter: the same kind, key, payload and window, with a fresh set of attempts. */
  private async resend(trx: Kysely<Database>, letter: JobData): Promise<string> {
    const definition = this.definitions.get(letter.kind);
    if (!definition || letter.kind === DEAD_LETTER_KIND) throw new AppError(409, 'JOB_KIND_UNKNOWN');
    const id = await this.boss.send(letter.kind, letter as unknown as object, {
      ...definition.send,
      db: sqlExecutor(this.database, trx),
    });
    if (id === null) throw new Error(`job queue ${letter.kind} is missing`);
    return id;
  }

  private async pruneKeys() {
    const deleted = await sql`
      DELETE FROM job_keys k
       WHERE k.created_at < now() - make_interval(days => ${KEY_RETENTION_DAYS})
         AND (k.window_start IS NULL
              OR k.window_start < (SELECT max(n.window_start) FROM job_keys n WHERE n.kind = k.kind))`.execute(this.db);
    return { deleted: Number(deleted.numAffectedRows ?? 0) };
  }

  // ---- working ----

  /** One worker per kind on each node: takes the oldest due job, runs it, and sleeps only when none is left. */
  private async loop(kind: string): Promise<void> {
    while (this.state === 'running') {
      this.nudged.delete(kind);
      const [job] = await this.boss.fetch<JobData>(kind, { batchSize: 1, includeMetadata: true });
      if (job) {
        await this.run(kind, job);
        continue;
      }
      if (!this.nudged.has(kind)) await this.sleep(kind);
    }
  }

  private async run(kind: string, job: PgBoss.JobWithMetadata<JobData>): Promise<void> {
    const definition = this.definitions.get(kind) as Definition;
    const data = job.data;
    const context: JobContext<unknown> = {
      kind,
      key: data.key,
      payload: data.payload,
      attempt: job.retryCount + 1,
      window: data.window
        ? { key: data.window.key, start: new Date(data.window.start), end: new Date(data.window.end) }
        : null,
    };
    this.running.set(job.id, kind);
    try {
      let result: unknown;
      try {
        result = await definition.run(job, context);
      } catch (error) {
        const last = job.retryCount >= job.retryLimit;
        const detail = { err: error, kind, key: data.key, attempt: context.attempt };
        if (last) this.log.error(detail, 'job failed its last attempt; it is on the dead-letter list');
        else this.log.warn(detail, 'job failed; it will be retried');
        await this.boss
          .fail(kind, job.id, failure(error))
          .catch((failError) => this.log.warn({ err: failError, kind, id: job.id }, 'could not record a job failure'));
        return;
      }
      await this.boss
        .complete(kind, job.id, { node: this.node, result: result ?? null })
        // The run stays 'active' until its timeout, then runs again: handlers are idempotent.
        .catch((error) => this.log.warn({ err: error, kind, id: job.id }, 'could not mark a finished job done'));
    } finally {
      this.running.delete(job.id);
    }
  }

  private sleep(kind: string): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(kind);
        resolve();
      };
      const timer = setTimeout(wake, this.pollMs);
      this.wakers.set(kind, wake);
    });
  }

  private nudge(kind: string) {
    this.nudged.add(kind);
    this.wakers.get(kind)?.();
  }

  // ---- bookkeeping for a clean stop ----

  private trackTick(tick: Promise<void>): Promise<void> {
    this.ticks.add(tick);
    return tick.finally(() => this.ticks.delete(tick));
  }

  /** Counts the library's statements in flight, so that stop() returns only after the last one. */
  private tracked(executor: SqlExecutor): SqlExecutor {
    return {
      executeSql: (text, values) => {
        const call = executor.executeSql(text, values);
        this.inFlight.add(call);
        void call.then(
          () => this.inFlight.delete(call),
          () => this.inFlight.delete(call),
        );
        return call;
      },
    };
  }
}

/** What a failed run leaves in the job's output (and the dead-letter list shows): the error's name and message. */
function failure(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return { name: error instanceof Error ? error.name : 'Error', message: message.slice(0, 2000) };
}

/** Whether all the promises settled within `ms`; the timer is cleared either way. */
async function settledWithin(promises: Promise<unknown>[], ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([Promise.allSettled(promises).then(() => true as const), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
