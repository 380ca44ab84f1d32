import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../test/harness.ts';
import { type JobContext, type JobOptions, Jobs } from './jobs.ts';
import { jobStoreSchema } from './store.ts';

const HOUR = 3_600_000;

describe('background jobs', () => {
  const test = useTestPortal();
  const started: Jobs[] = [];
  afterAll(() => Promise.all(started.map((jobs) => jobs.stop())));

  /** A node of the job runner beside the portal's own, on the same database, with a clock the test moves. */
  function node(clock: { now: number }, define: (jobs: Jobs) => void, options: { stopTimeoutMs?: number } = {}): Jobs {
    const jobs = new Jobs({
      database: test.portal.database,
      log: test.portal.app.log,
      pollMs: 500,
      stopTimeoutMs: options.stopTimeoutMs ?? 5000,
      now: () => clock.now,
    });
    define(jobs);
    started.push(jobs);
    return jobs;
  }

  /** The library's own record of a job: its state and how often it was retried. */
  async function stored(id: string) {
    const table = sql.id(jobStoreSchema(test.portal.database), 'job');
    const result = await sql<{ state: string; retry_count: number; output: unknown }>`
      SELECT state, retry_count, output FROM ${table} WHERE id = ${id}::uuid`.execute(test.portal.database.db);
    return result.rows[0];
  }

  it('runs each window once however many nodes schedule it, and catches up missed windows in order', async () => {
    const clock = { now: Date.parse('2031-03-04T10:30:00Z') };
    const runs: { node: string; key: string | null; start?: string }[] = [];
    const hourly = (name: string) => (jobs: Jobs) => {
      jobs.define('test.hourly', async (job: JobContext<unknown>) => {
        runs.push({ node: name, key: job.key, start: job.window?.start.toISOString() });
        return { node: name };
      });
      jobs.every('test.hourly', { everyMs: HOUR, catchUp: 5 });
    };
    const a = node(clock, hourly('a'));
    const b = node(clock, hourly('b'));
    await Promise.all([a.start(), b.start()]);
    // Both nodes' timers firing at the same window end, several times over.
    await Promise.all([a.sendDueWindows(), b.sendDueWindows(), a.sendDueWindows(), b.sendDueWindows()]);
    await until(() => runs.length >= 1);
    await pause(1500);
    expect(runs.map((run) => run.key)).toEqual(['test.hourly:2031-03-04T09']);
    expect(runs[0]?.start).toBe('2031-03-04T09:00:00.000Z');

    // Both nodes down from 10:30 to 14:30: the windows of 10, 11, 12 and 13 o'clock ended unseen.
    await Promise.all([a.stop(), b.stop()]);
    clock.now = Date.parse('2031-03-04T14:30:00Z');
    const restarted = node(clock, hourly('c'));
    await restarted.start();
    await until(() => runs.length >= 5);
    const second = node(clock, hourly('d'));
    await second.start();
    await Promise.all([restarted.sendDueWindows(), second.sendDueWindows()]);
    await pause(1500);
    expect(runs.map((run) => run.key)).toEqual([
      'test.hourly:2031-03-04T09',
      'test.hourly:2031-03-04T10',
      'test.hourly:2031-03-04T11',
      'test.hourly:2031-03-04T12',
      'test.hourly:2031-03-04T13',
    ]);
    const keys = await test.portal.database.db
      .selectFrom('job_keys')
      .select(['key', 'job_id'])
      .where('kind', '=', 'test.hourly')
      .orderBy('window_start')
      .execute();
    expect(keys.map((row) => row.key)).toEqual(runs.map((run) => run.key));
    for (const { job_id } of keys) {
      expect(await stored(job_id)).toMatchObject({ state: 'completed', retry_count: 0 });
    }
  });

  it('sends a keyed job once, and not at all when the transaction it was sent in rolls back', async () => {
    const runs: unknown[] = [];
    const jobs = node({ now: Date.now() }, (jobs) =>
      jobs.define('test.keyed', async (job: JobContext<{ n: number }>) => {
        runs.push(job.payload);
      }),
    );
    await jobs.start();
    const first = await jobs.send('test.keyed', { n: 1 }, { key: 'draw-1' });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await jobs.send('test.keyed', { n: 2 }, { key: 'draw-1' })).toBeNull();
    const rolledBack = test.portal.database.db.transaction().execute(async (trx) => {
      expect(await jobs.send('test.keyed', { n: 3 }, { key: 'draw-2', db: trx })).not.toBeNull();
      throw new Error('the caller changed its mind');
    });
    await expect(rolledBack).rejects.toThrow('the caller changed its mind');
    expect(await jobs.send('test.keyed', { n: 4 }, { key: 'draw-2' })).not.toBeNull();
    await until(() => runs.length >= 2);
    await pause(1000);
    expect(runs).toEqual([{ n: 1 }, { n: 4 }]);
    expect(await stored(first as string)).toMatchObject({ state: 'completed' });
  });

  it('retries a failing job with growing waits, then lists it as dead; a retry sends it again once', async () => {
    let failing = true;
    const attempts: { attempt: number; at: number }[] = [];
    const options: JobOptions = { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true };
    const jobs = node({ now: Date.now() }, (jobs) =>
      jobs.define(
        'test.flaky',
        async (job: JobContext<{ order: string }>) => {
          attempts.push({ attempt: job.attempt, at: Date.now() });
          if (failing) throw new Error(`gateway refused ${job.payload.order} on attempt ${job.attempt}`);
          return { settled: job.payload.order };
        },
        options,
      ),
    );
    await jobs.start();
    await jobs.send('test.flaky', { order: 'W123' }, { key: 'settle:W123' });
    const letter = await until(async () => {
      const page = await jobs.deadLetters.list({ retried: false, pageNo: 1, pageSize: 100 });
      return page.list.find((entry) => entry.kind === 'test.flaky');
    }, 20_000);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // Backoff: the first retry waits 1-2 s, the second 2-4 s.
    const [first, second, third] = attempts.map((a) => a.at) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(950);
    expect(third - second).toBeGreaterThanOrEqual(1950);
    expect(letter).toMatchObject({
      kind: 'test.flaky',
      key: 'settle:W123',
      payload: { order: 'W123' },
      lastError: 'gateway refused W123 on attempt 3',
      attempts: 3,
      retriedAt: null,
    });

    // The operator API lists it; the portal itself does not know this kind, so it cannot send it again.
    const admin = test.admin;
    const listed = await call(test.portal.app, { method: 'GET', url: '/admin/api/jobs/dead', headers: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.value.list).toContainEqual(letter);
    const refused = await call(test.portal.app, {
      method: 'POST',
      url: `/admin/api/jobs/dead/${letter.id}/retry`,
      headers: { ...admin, 'accept-language': 'en' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'JOB_KIND_UNKNOWN' });

    // A node that knows it sends it again, now succeeding, once.
    failing = false;
    const audited: string[] = [];
    const retried = await jobs.deadLetters.retry(letter.id, 'admin:operator', async (_trx, entry) => {
      audited.push(entry.id);
    });
    expect(retried).toMatchObject({ id: letter.id, retriedBy: 'admin:operator' });
    expect(audited).toEqual([letter.id]);
    await until(async () => (await stored(retried.retryJobId as string))?.state === 'completed');
    expect((await stored(retried.retryJobId as string))?.output).toMatchObject({ result: { settled: 'W123' } });
    expect(attempts.at(-1)?.attempt).toBe(1);
    await expect(jobs.deadLetters.retry(letter.id, 'admin:operator', async () => {})).rejects.toMatchObject({
      code: 'JOB_ALREADY_RETRIED',
    });
  }, 30_000);

  it('stops quickly, handing a job still running back for another node to retry', async () => {
    let running = false;
    const jobs = node(
      { now: Date.now() },
      (jobs) =>
        jobs.define('test.slow', async () => {
          running = true;
          await pause(4000);
        }),
      { stopTimeoutMs: 300 },
    );
    await jobs.start();
    const id = (await jobs.send('test.slow', {})) as string;
    await until(() => running);
    const stopping = performance.now();
    await jobs.stop();
    expect(performance.now() - stopping).toBeLessThan(1500);
    expect(await stored(id)).toMatchObject({ state: 'retry' });
  });

  it('refuses a kind defined or scheduled twice, a window of an unknown kind, and defining after start', async () => {
    const jobs = node({ now: Date.now() }, (jobs) => jobs.define('test.once', async () => undefined));
    expect(() => jobs.define('test.once', async () => undefined)).toThrow(/defined twice/);
    expect(() => jobs.every('test.unknown', { everyMs: 60_000, catchUp: 1 })).toThrow(/not defined/);
    jobs.every('test.once', { everyMs: 60_000, catchUp: 1 });
    expect(() => jobs.every('test.once', { everyMs: 30_000, catchUp: 1 })).toThrow(/scheduled twice/);
    expect(() => jobs.define('Test Kind', async () => undefined)).toThrow(/dotted lower-case/);
    await jobs.start();
    expect(() => jobs.define('test.late', async () => undefined)).toThrow(/after start/);
    await expect(jobs.send('test.unknown', {})).rejects.toThrow(/not defined/);
  });
});

describe('the dead-letter list for operators', () => {
  const test = useTestPortal();

  async function deadLetter(kind: string) {
    const row = await test.portal.database.db
      .insertInto('job_dead_letters')
      .values({
        job_id: crypto.randomUUID(),
        kind,
        key: `${kind}:2031-03-04T10:15:30`,
        payload: JSON.stringify({}),
        window_start: new Date('2031-03-04T10:15:30Z'),
        window_end: new Date('2031-03-04T10:16:00Z'),
        last_error: 'connection terminated unexpectedly',
        attempts: 4,
        failed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  }

  it('lists dead jobs to operators only, and retries one once, audited, with the job sent again', async () => {
    const id = await deadLetter('wallet.expire-deposits');
    expect((await call(test.portal.app, { method: 'GET', url: '/admin/api/jobs/dead' })).status).toBe(401);
    const listed = await call(test.portal.app, { method: 'GET', url: '/admin/api/jobs/dead', headers: test.admin });
    expect(listed.status).toBe(200);
    expect(listed.body.value).toMatchObject({ pageNo: 1, pageSize: 20, total: 1, totalPages: 1 });
    expect(listed.body.value.list).toEqual([
      {
        id,
        kind: 'wallet.expire-deposits',
        key: 'wallet.expire-deposits:2031-03-04T10:15:30',
        payload: {},
        windowStart: '2031-03-04T10:15:30.000Z',
        windowEnd: '2031-03-04T10:16:00.000Z',
        lastError: 'connection terminated unexpectedly',
        attempts: 4,
        failedAt: expect.any(String),
        retriedAt: null,
        retriedBy: null,
        retryJobId: null,
      },
    ]);

    const retried = await call(test.portal.app, {
      method: 'POST',
      url: `/admin/api/jobs/dead/${id}/retry`,
      headers: test.admin,
    });
    expect(retried.status).toBe(200);
    expect(retried.body.value).toMatchObject({ id, retriedBy: 'admin:operator', retryJobId: expect.any(String) });
    const again = await call(test.portal.app, {
      method: 'POST',
      url: `/admin/api/jobs/dead/${id}/retry`,
      headers: { ...test.admin, 'accept-language': 'en' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'JOB_ALREADY_RETRIED', message: 'This job has already been sent again' });

    const open = await call(test.portal.app, { method: 'GET', url: '/admin/api/jobs/dead', headers: test.admin });
    expect(open.body.value.total).toBe(0);
    const done = await call(test.portal.app, {
      method: 'GET',
      url: '/admin/api/jobs/dead?status=retried',
      headers: test.admin,
    });
    expect(done.body.value.list).toEqual([retried.body.value]);

    const audit = await test.portal.database.db
      .selectFrom('audit_log')
      .select(['actor', 'detail'])
      .where('action', '=', 'job.retried')
      .execute();
    expect(audit).toEqual([
      {
        actor: 'admin:operator',
        detail: {
          id,
          kind: 'wallet.expire-deposits',
          key: 'wallet.expire-deposits:2031-03-04T10:15:30',
          jobId: retried.body.value.retryJobId,
        },
      },
    ]);
    // The portal's own worker runs the job it sent again.
    const table = sql.id(jobStoreSchema(test.portal.database), 'job');
    await until(async () => {
      const job = await sql<{ state: string }>`
        SELECT state FROM ${table} WHERE id = ${retried.body.value.retryJobId}::uuid`.execute(test.portal.database.db);
      return job.rows[0]?.state === 'completed';
    });
  });

  it('answers an unknown entry with 404 and a malformed one with 400, writing nothing', async () => {
    const unknown = await call(test.portal.app, {
      method: 'POST',
      url: '/admin/api/jobs/dead/999999/retry',
      headers: test.admin,
    });
    expect(unknown.status).toBe(404);
    const malformed = await call(test.portal.app, {
      method: 'POST',
      url: '/admin/api/jobs/dead/abc/retry',
      headers: test.admin,
    });
    expect(malformed.status).toBe(400);
    const badPage = await call(test.portal.app, {
      method: 'GET',
      url: '/admin/api/jobs/dead?pageSize=1000',
      headers: test.admin,
    });
    expect(badPage.status).toBe(400);
    const audit = await test.portal.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'job.retried')
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe('scheduled work', () => {
  it('is never a setInterval: only the WebSocket heartbeat uses one', async () => {
    const root = path.resolve(import.meta.dirname, '..');
    const users: string[] = [];
    for (const file of await fs.readdir(root, { recursive: true })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      if ((await fs.readFile(path.join(root, file), 'utf8')).includes('setInterval(')) users.push(file);
    }
    expect(users).toEqual(['modules/wallet/socket-routes.ts']);
  });
});

async function until<T>(probe: () => T | Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await pause(50);
  }
}

function pause(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
